import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * The web's floors, top to bottom (docs/architecture.md, decision 0110): a file imports only from
 * its own floor or the ones below. `app` assembles the modules; a module stands on `platform`
 * (session, module manifest), `ui` and `api`; `api` stands on nothing of ours.
 */
const FLOORS = ['main.tsx', 'app', 'modules', 'platform', 'ui', 'api'] as const;
type Floor = (typeof FLOORS)[number];

export interface Edge {
  /** Both relative to src/, with forward slashes. */
  from: string;
  to: string;
}

/** Every relative import (static, dynamic, side effect, re-export) of one source file. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;
  for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

function floorOf(file: string): Floor | undefined {
  const top = file.split('/')[0];
  return FLOORS.find((f) => f === top);
}

/** `modules/<name>/…` → name. */
const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1] : undefined);

/**
 * What one module may take from another: its query hooks (`<m>.api.ts`, the data any screen may
 * show) and what it lends on purpose (`<m>.public.ts(x)`). Everything else is its own business.
 */
function isPublicFileOf(target: string, name: string): boolean {
  const rest = target.slice(`modules/${name}/`.length);
  return rest === `${name}.api.ts` || rest === `${name}.public.ts` || rest === `${name}.public.tsx`;
}

/** Why the edge breaks the floors, or undefined when it is allowed. */
export function violation({ from, to }: Edge): string | undefined {
  const a = floorOf(from);
  const b = floorOf(to);
  if (!a || !b) return `${to} is outside the known floors (${FLOORS.join(', ')})`;
  if (FLOORS.indexOf(b) < FLOORS.indexOf(a)) return `${a} may not import ${b}, which stands above it`;
  const ma = moduleOf(from);
  const mb = moduleOf(to);
  if (ma && mb && ma !== mb && !isPublicFileOf(to, mb)) {
    return `module ${ma} may use only ${mb}.api.ts or ${mb}.public.ts(x) of module ${mb}`;
  }
  return undefined;
}

function sourceFiles(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .sort();
}

function edges(): Edge[] {
  return sourceFiles().flatMap((from) =>
    importsOf(fs.readFileSync(path.join(SRC, from), 'utf8')).map((spec) => ({
      from,
      to: path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)),
    })),
  );
}

describe('the web floors (apps/web/src)', () => {
  it('reads the imports of every file', () => {
    const all = edges();
    expect(sourceFiles().length).toBeGreaterThan(150);
    expect(all.length).toBeGreaterThan(400);
    expect(all.every((e) => !e.to.startsWith('..'))).toBe(true);
  });

  it('has no file importing one that stands above it, nor another module’s internals', () => {
    const broken = edges().flatMap((e) => {
      const why = violation(e);
      return why ? [`${e.from} → ${e.to}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('catches each kind of wrong import', () => {
    expect(
      importsOf("import { a } from '../x.ts';\nconst P = lazy(() => import('./P.tsx'));\nimport './s.css';"),
    ).toEqual(['../x.ts', './P.tsx', './s.css']);
    expect(violation({ from: 'modules/hr/pages/A.tsx', to: 'app/router.tsx' })).toMatch(
      /modules may not import app/,
    );
    expect(violation({ from: 'platform/session.tsx', to: 'modules/auth/auth.api.ts' })).toMatch(
      /platform may not/,
    );
    expect(violation({ from: 'ui/Dialog.tsx', to: 'platform/session.tsx' })).toMatch(/ui may not/);
    expect(violation({ from: 'api/call.ts', to: 'ui/names.ts' })).toMatch(/api may not/);
    expect(violation({ from: 'modules/apps/pages/A.tsx', to: 'modules/users/pages/U.tsx' })).toMatch(
      /module apps may use only/,
    );
    expect(violation({ from: 'modules/apps/pages/A.tsx', to: 'modules/users/users.api.ts' })).toBeUndefined();
    expect(violation({ from: 'app/router.tsx', to: 'modules/hr/hr.module.tsx' })).toBeUndefined();
    expect(violation({ from: 'modules/hr/pages/A.tsx', to: 'platform/session.tsx' })).toBeUndefined();
  });
});
