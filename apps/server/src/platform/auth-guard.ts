import { MSG, type SessionUser } from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { forbidden, unauthorized } from './errors.ts';
import { resolveSession, SESSION_COOKIE } from './sessions.ts';

/**
 * public:  anyone (login, recovery, health, the web app's static files)
 * session: a signed-in user, even before accepting the usage policy (session, profile, policy calls)
 * member:  a signed-in user who accepted the current policy (the default for every route)
 */
export type Access = 'public' | 'session' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Accept the httpOnly cookie instead of the bearer header (GET/HEAD file reads only). */
    cookieAuth?: boolean;
    /**
     * A public route whose Authorization header carries its own credential, not a session (GET
     * /metrics): no session is looked up, so it answers while the database does not.
     */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: number | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match?.[1];
}

function cookieToken(request: FastifyRequest): string | undefined {
  const { cookieAuth } = request.routeOptions.config;
  if (!cookieAuth || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const value = request.cookies[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

export function registerAuthGuard(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Access comes from the matched route's own declaration, never from the URL as sent: the router
  // decodes the path (/%61pi/… is /api/…), so a test of the raw text lets such spellings through.
  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers, there is nothing to guard.
    if (request.is404 || request.routeOptions.url === undefined) return;
    const access: Access = request.routeOptions.config.access ?? 'member';
    if (access === 'public' && request.routeOptions.config.sessionless) return;
    const token = bearerToken(request) ?? cookieToken(request);
    if (token) {
      const resolved = await resolveSession(db, token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
      }
    }
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'member' && request.user.policyAccepted !== 1) throw forbidden(MSG.policyRequired);
  });
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
