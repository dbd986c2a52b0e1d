import { MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** True when any string or key of a parsed value holds NUL (walked without recursion: JSON may nest deep). */
export function holdsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses NUL anywhere in a path parameter, the query or a JSON body that validation let through,
 * before the handler: no text of the product holds it, PostgreSQL cannot store or compare it (a
 * 500 there), and SQLite would keep a string that other tools cut short. A schema with its own
 * rule (a folder name) answers its own message first. Multipart fields: see uploads.ts.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw badRequest(MSG.invalidText);
  });
}
