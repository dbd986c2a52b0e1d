import { MSG } from '@intranet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { AUTHZ_MATRIX, AUTHZ_MODULES, type AuthzEntry } from './authz/index.ts';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';

/** A route pattern (`/api/files/*`, `/api/users/:id`) as a regular expression over concrete paths. */
function patternRegex(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.+';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** How much of a pattern is literal text: the most literal matching pattern wins, as in the router. */
const literalLength = (url: string) =>
  url
    .split('/')
    .filter((s) => s !== '*' && !s.startsWith(':'))
    .join('/').length;

function routeOf(routes: RegisteredRoute[], entry: AuthzEntry): RegisteredRoute | undefined {
  const pathname = entry.url.split('?')[0]!;
  return routes
    .filter((r) => r.method === entry.method && patternRegex(r.url).test(pathname))
    .sort((a, b) => literalLength(b.url) - literalLength(a.url))[0];
}

/** A concrete path for a pattern: every parameter and wildcard replaced by a sample value. */
const sampleUrl = (url: string) =>
  url
    .split('/')
    .map((s) => (s === '*' ? 'banners/amostra.jpg' : s.startsWith(':') ? '1' : s))
    .join('/');

const describeRoute = (r: RegisteredRoute) => `${r.method} ${r.url} (${r.access})`;
const describeEntry = (e: AuthzEntry) => `${e.method} ${e.url} as ${e.as ?? 'sem sessão'} → ${e.expect}`;

describe(`authorisation of every registered route (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  const sessions = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    routes = t.app.registeredRoutes;
  });
  afterAll(() => t.close());

  it('registers routes, and the matrix has modules', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(AUTHZ_MODULES.map((m) => m.module)).toEqual(
      expect.arrayContaining(['auth', 'notices', 'platform']),
    );
  });

  it('covers every registered route: one call without a session and one signed in', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const entries = AUTHZ_MATRIX.filter((e) => routeOf(routes, e) === route);
      const anonymous = entries.filter((e) => e.as === null);
      if (anonymous.length === 0) problems.push(`${describeRoute(route)}: falta uma entrada com as: null`);
      for (const e of anonymous) {
        if (route.access !== 'public' && e.expect !== 401)
          problems.push(`${describeRoute(route)}: sem sessão deve esperar 401, não ${e.expect}`);
        if (route.access === 'public' && e.expect === 401)
          problems.push(`${describeRoute(route)}: rota pública não pode esperar 401 sem sessão`);
      }
      if (!entries.some((e) => e.as !== null))
        problems.push(`${describeRoute(route)}: falta uma entrada com um usuário autenticado`);
    }
    expect(problems).toEqual([]);
  });

  it('has no matrix entry for a route that does not exist', () => {
    const stale = AUTHZ_MATRIX.filter((e) => !routeOf(routes, e)).map(describeEntry);
    expect(stale).toEqual([]);
  });

  const sessionOf = async (entry: AuthzEntry): Promise<string> => {
    const matricula = entry.as!;
    if (entry.freshSession) return t.login(matricula);
    let token = sessions.get(matricula);
    if (!token) {
      token = await t.login(matricula);
      sessions.set(matricula, token);
    }
    return token;
  };

  describe.each(AUTHZ_MODULES.map((m) => [m.module, m.entries] as const))(
    'matrix of %s',
    (_module, entries) => {
      it.each(entries.map((e) => [describeEntry(e), e] as const))('%s', async (_title, entry) => {
        const headers: Record<string, string> = { ...entry.headers };
        if (entry.as) headers.authorization = `Bearer ${await sessionOf(entry)}`;
        const payload = typeof entry.payload === 'function' ? entry.payload() : entry.payload;
        const res = await t.app.inject({
          method: entry.method,
          url: entry.url,
          query: entry.query,
          headers,
          payload: payload as InjectOptions['payload'],
        });
        if (entry.freshSession && entry.as) sessions.delete(entry.as);
        expect(res.statusCode, res.body).toBe(entry.expect);
        if (res.statusCode >= 400 && entry.method !== 'HEAD') {
          expect(res.json<{ error: unknown }>().error).toEqual(expect.any(String));
        }
      });
    },
  );

  it('answers 401 with a JSON error to every non-public route called without a session', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      for (const authorization of [
        undefined,
        'Bearer token-que-nao-existe-0123456789abcdef',
        'Basic dXNlcjpwYXNz',
      ]) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: sampleUrl(route.url),
          headers: authorization ? { authorization } : {},
        });
        const body = route.method === 'HEAD' ? { error: MSG.unauthenticated } : res.json();
        if (res.statusCode !== 401 || body.error !== MSG.unauthenticated)
          wrong.push(
            `${describeRoute(route)} [${authorization ?? 'sem cabeçalho'}]: ${res.statusCode} ${res.body}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a session that has ended (logout)', async () => {
    const token = await t.login(DEMO.suporteTi);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: sampleUrl(route.url),
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 401) wrong.push(`${describeRoute(route)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 asking for the policy to every member route called before accepting it', async () => {
    const token = await t.login(DEMO.colaborador);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access === 'member')) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: sampleUrl(route.url),
        headers: { authorization: `Bearer ${token}` },
      });
      const body = route.method === 'HEAD' ? { error: MSG.policyRequired } : res.json();
      if (res.statusCode !== 403 || body.error !== MSG.policyRequired)
        wrong.push(`${describeRoute(route)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });
});
