import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One line of a module's authorisation matrix: who calls (a demo matrícula, or null for no
 * session), what, and the status the call must answer.
 */
export interface AuthzEntry {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * A concrete path under /api (route parameters filled in); a query string is allowed.
   * `{file:<name>}` stands for the stored name of that demo folder file (random at seeding).
   */
  url: string;
  /** Matrícula of a demo user (signed in with the demo password), or null: no session at all. */
  as: string | null;
  query?: Record<string, string>;
  /** A JSON body, or a function building one per call (e.g. a multipart FormData). */
  payload?: unknown | (() => unknown);
  headers?: Record<string, string>;
  expect: number;
  /**
   * The call ends or replaces sessions (logout, password change): it runs with a session of its
   * own, and the runner forgets its cached session of that user afterwards.
   */
  freshSession?: boolean;
  /**
   * What a signed-in entry proves about the route's rule (routes-authz.test.ts wants an allowed and
   * a refused one for every member route). Left out, the status says it: 2xx 'allowed', 403
   * 'refused'. Any other status of a signed-in call must say it:
   * - 'allowed': the rule let the caller through and the handler answered (404: no such record);
   * - 'refused': the rule refused the caller (404: a record the caller may not see);
   * - 'policy-gate': 403 to a user who has not accepted the usage policy, on a route every member
   *   who accepted it may call: the only refusal such a route has.
   */
  proves?: 'allowed' | 'refused' | 'policy-gate';
  /** Why this status, when it is not obvious. */
  note?: string;
}

export interface AuthzModule {
  /** The module name, for the test titles. */
  module: string;
  entries: AuthzEntry[];
}

/**
 * Every `<module>.authz.ts` in this folder, loaded automatically: a new module adds its file here
 * (exporting `default` as an AuthzModule) and nothing else changes.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.authz.ts'))
  .sort();

export const AUTHZ_MODULES: AuthzModule[] = await Promise.all(
  files.map(async (f) => {
    const mod = (await import(path.join(here, f))) as { default?: AuthzModule };
    if (!mod.default?.entries) throw new Error(`${f} deve exportar default { module, entries }`);
    return mod.default;
  }),
);

export const AUTHZ_MATRIX: AuthzEntry[] = AUTHZ_MODULES.flatMap((m) => m.entries);
