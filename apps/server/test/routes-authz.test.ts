import { MSG } from '@intranet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { AUTHZ_MATRIX, AUTHZ_MODULES, type AuthzEntry } from './authz/index.ts';
import { injectEventStream } from './event-stream.ts';
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

const patternCache = new Map<string, RegExp>();
const cachedPattern = (url: string) => {
  let regex = patternCache.get(url);
  if (!regex) {
    regex = patternRegex(url);
    patternCache.set(url, regex);
  }
  return regex;
};

function routeOf(routes: RegisteredRoute[], entry: AuthzEntry): RegisteredRoute | undefined {
  const pathname = entry.url.split('?')[0]!;
  return routes
    .filter((r) => r.method === entry.method && cachedPattern(r.url).test(pathname))
    .sort((a, b) => literalLength(b.url) - literalLength(a.url))[0];
}

/** A concrete path for a pattern: every parameter and wildcard replaced by a sample value. */
const sampleUrl = (url: string) =>
  url
    .split('/')
    .map((s) => (s === '*' ? 'banners/amostra.jpg' : s.startsWith(':') ? '1' : s))
    .join('/');

const describeRoute = (r: RegisteredRoute) => `${r.method} ${r.url} (${r.access})`;

const isSuccess = (status: number) => status >= 200 && status < 300;

/** What a signed-in entry proves: declared, or said by its status (2xx allowed, 403 refused). */
function proves(e: AuthzEntry): AuthzEntry['proves'] | undefined {
  if (e.proves) return e.proves;
  if (isSuccess(e.expect)) return 'allowed';
  if (e.expect === 403) return 'refused';
  return undefined;
}

/**
 * What the matrix of a route must show, besides a call without a session (401 unless public):
 * - every route: a signed-in call; a signed-in call answering anything but 2xx or 403 says what it
 *   proves (a 404 may be "no such record" or "a record you may not see");
 * - a member route: one call the rule allows and one it refuses to a signed-in user (403, or 404 for
 *   a record the caller may not see). The policy gate (403 before the usage policy is accepted) is
 *   the refused case only of a route every member may call, and only when marked 'policy-gate';
 *   a plain 403 must be the route's own rule (the runner checks the message is not the gate's);
 * - a session route (session, profile, own password, policy) serves only the caller's own data to
 *   every signed-in user, even before the policy: no signed-in call can be refused, so it needs an
 *   allowed call only;
 * - a public route: the call without a session is the allowed one.
 */
function coverageProblems(route: RegisteredRoute, entries: AuthzEntry[]): string[] {
  const problems: string[] = [];
  const at = describeRoute(route);
  const anonymous = entries.filter((e) => e.as === null);
  const signed = entries.filter((e) => e.as !== null);
  if (anonymous.length === 0) problems.push(`${at}: falta uma entrada com as: null`);
  for (const e of anonymous) {
    if (route.access !== 'public' && e.expect !== 401)
      problems.push(`${at}: sem sessão deve esperar 401, não ${e.expect}`);
    if (route.access === 'public' && e.expect === 401)
      problems.push(`${at}: rota pública não pode esperar 401 sem sessão`);
  }
  if (signed.length === 0) problems.push(`${at}: falta uma entrada com um usuário autenticado`);
  for (const e of signed) {
    if (route.access !== 'public' && !proves(e))
      problems.push(`${at}: ${describeEntry(e)} deve dizer o que prova (proves)`);
    if (e.proves === 'policy-gate' && (route.access !== 'member' || e.expect !== 403))
      problems.push(`${at}: 'policy-gate' só vale para 403 numa rota member`);
  }
  if (route.access === 'public') return problems;
  if (!signed.some((e) => proves(e) === 'allowed'))
    problems.push(`${at}: falta uma chamada permitida a um usuário autenticado`);
  if (route.access === 'member' && !signed.some((e) => ['refused', 'policy-gate'].includes(proves(e) ?? '')))
    problems.push(`${at}: falta uma chamada recusada (403/404) a um usuário autenticado`);
  return problems;
}
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

  it('covers every registered route: without a session, and signed in one allowed and one refused call', () => {
    const entriesOf = new Map<RegisteredRoute, AuthzEntry[]>();
    for (const entry of AUTHZ_MATRIX) {
      const route = routeOf(routes, entry);
      if (route) entriesOf.set(route, [...(entriesOf.get(route) ?? []), entry]);
    }
    const problems = routes.flatMap((route) => coverageProblems(route, entriesOf.get(route) ?? []));
    expect(problems).toEqual([]);
  });

  it('has no matrix entry for a route that does not exist', () => {
    const stale = AUTHZ_MATRIX.filter((e) => !routeOf(routes, e)).map(describeEntry);
    expect(stale).toEqual([]);
  });

  /** The entry's url with `{file:<name>}` replaced by that demo file's stored name. */
  const concreteUrl = async (url: string): Promise<string> => {
    const match = /\{file:([^}]+)\}/.exec(url);
    if (!match) return url;
    const row = await t.db
      .selectFrom('folder_files')
      .select('file_name')
      .where('name', '=', match[1]!)
      .executeTakeFirstOrThrow();
    return url.replace(match[0], row.file_name);
  };

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
        const options: InjectOptions = {
          method: entry.method,
          url: await concreteUrl(entry.url),
          query: entry.query,
          headers,
          payload: payload as InjectOptions['payload'],
        };
        const res = routeOf(routes, entry)?.endpoint?.eventStream
          ? await injectEventStream(t.app, options)
          : await t.app.inject(options);
        if (entry.freshSession && entry.as) sessions.delete(entry.as);
        expect(res.statusCode, res.body).toBe(entry.expect);
        if (res.statusCode >= 400 && entry.method !== 'HEAD') {
          const { error } = res.json<{ error: unknown }>();
          expect(error).toEqual(expect.any(String));
          // A refusal by the route's own rule is not the policy gate, and the other way round.
          if (res.statusCode === 403 && entry.as !== null) {
            if (entry.proves === 'policy-gate') expect(error).toBe(MSG.policyRequired);
            else
              expect(error, 'um 403 do portão da política deve ser marcado policy-gate').not.toBe(
                MSG.policyRequired,
              );
          }
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
