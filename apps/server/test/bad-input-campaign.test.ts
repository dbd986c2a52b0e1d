import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { type Case, type CaseKind, casesFor } from './campaign/cases.ts';
import { type RouteInputs, routeInputs } from './campaign/route-inputs.ts';
import { type State, stateReader } from './campaign/state.ts';
import { injectEventStream, type OpenedAnswer } from './event-stream.ts';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';
import { ENGLISH } from './portuguese.ts';

/**
 * The bad-input campaign (issue 9, "Keep it closed"): for every registered route, cases generated
 * from the schemas the route declares (its endpoint descriptor, or its Fastify schemas) — wrong
 * types, missing and extra fields, nulls, lists, 100 kB texts, 10,000-level JSON, bytes that are not
 * UTF-8, huge and negative numbers, NaN-like texts, traversal names, and for forms empty, oversized,
 * 50-part and mistyped files — sent as the Administrador (every case) and as a Colaborador who
 * accepted the policy (a sample of each kind). Every answer must come within 5 s and below 500; a
 * refused one (4xx) must carry a Portuguese error and leave every row and every stored file as it
 * was. Cases use ids no record has (999999, also when spelled "0xF423F"), so an accepted case
 * rarely changes anything; when one does, the next case compares against the new state.
 */

const ANSWER_WITHIN_MS = 5_000;
/** The Colaborador's sample: at most this many cases of each kind per route. */
const COLABORADOR_PER_KIND = 2;
const MUTATIONS = ['POST', 'PUT', 'PATCH', 'DELETE'];

interface Outcome {
  sent: number;
  problems: string[];
  byStatus: Map<number, number>;
}

const timeout = (ms: number) =>
  new Promise<'hang'>((resolve) => {
    const timer = setTimeout(() => resolve('hang'), ms);
    timer.unref();
  });

describe(`bad-input campaign over every route (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let reader: Awaited<ReturnType<typeof stateReader>>;
  const tokens = new Map<string, string>();
  let state: State | undefined;
  const total: Outcome = { sent: 0, problems: [], byStatus: new Map() };

  beforeAll(async () => {
    // Folder uploads accept 2 GB by default: 1 MB lets an oversized part stay small.
    t = await buildTestApp({ env: { FOLDER_UPLOAD_MAX_MB: '1' } });
    reader = await stateReader(t);
  });
  afterAll(async () => {
    console.log(
      `campanha de entradas inválidas (${TEST_DIALECT}): ${total.sent} requisições ` +
        `em ${t?.app.registeredRoutes.length} rotas; ` +
        `respostas ${JSON.stringify(Object.fromEntries([...total.byStatus].sort(([a], [b]) => a - b)))}`,
    );
    await t?.close();
  });

  const tokenOf = async (matricula: string) => {
    let token = tokens.get(matricula);
    if (!token) {
      token = await t.login(matricula);
      tokens.set(matricula, token);
      state = undefined; // signing in wrote a session row
    }
    return token;
  };

  /** A case that ended the caller's session (logout, a password change) must not spoil the next. */
  const keepSignedIn = async (matricula: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/check-auth',
      headers: { authorization: `Bearer ${await tokenOf(matricula)}` },
    });
    if (res.statusCode === 401) tokens.delete(matricula);
  };

  async function send(route: RegisteredRoute, c: Case, matricula: string, out: Outcome): Promise<void> {
    const headers = { ...c.headers, authorization: `Bearer ${await tokenOf(matricula)}` };
    state ??= await reader.read();
    const label = `${matricula} ${c.method} ${route.url} [${c.name}]`;
    const options: InjectOptions = {
      method: c.method as InjectOptions['method'],
      url: c.url,
      headers,
      payload: c.payload as InjectOptions['payload'],
    };
    const request = route.endpoint?.eventStream ? injectEventStream(t.app, options) : t.app.inject(options);
    const res: OpenedAnswer | LightMyRequestResponse | 'hang' | Error = await Promise.race([
      request.catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
      timeout(ANSWER_WITHIN_MS),
    ]);
    out.sent++;
    if (res === 'hang') {
      out.problems.push(`${label}: sem resposta em ${ANSWER_WITHIN_MS / 1000} s`);
      state = undefined;
      return;
    }
    if (res instanceof Error) {
      out.problems.push(`${label}: sem resposta (${res.message})`);
      state = undefined;
      return;
    }
    out.byStatus.set(res.statusCode, (out.byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) out.problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const after = await reader.read(state);
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const changed = reader.diff(state, after);
      if (changed.length) out.problems.push(`${label}: recusada com ${res.statusCode}, mas mudou ${changed}`);
      if (c.method !== 'HEAD') {
        const error = String(res.json<{ error?: unknown }>().error ?? '');
        if (!error.trim() || ENGLISH.test(error))
          out.problems.push(
            `${label}: ${res.statusCode} sem mensagem em português: ${res.body.slice(0, 200)}`,
          );
      }
    }
    state = after;
    if (res.statusCode < 300 && route.access !== 'public') await keepSignedIn(matricula);
  }

  /** A mutation that declares no body and no form: asks it whether it reads multipart. */
  async function inputsOf(route: RegisteredRoute): Promise<RouteInputs> {
    const inputs = routeInputs(route);
    if (inputs.multipart || inputs.body || !MUTATIONS.includes(route.method)) return inputs;
    const res = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url: route.url.replace(/:\w+/g, '999999'),
      headers: { authorization: `Bearer ${await tokenOf(DEMO.admin)}` },
      payload: {},
    });
    state = undefined;
    return res.statusCode === 415 ? { ...inputs, multipart: {} } : inputs;
  }

  const routes = () => t.app.registeredRoutes;

  // Generous test limits: each request has its own 5 s limit; these only bound a machine shared by many runs.
  it('sends every generated case as the Administrador: no 5xx, no hang, refused means unchanged', async () => {
    const thin: string[] = [];
    for (const route of routes()) {
      const cases = casesFor(route, await inputsOf(route));
      if (cases.length < 5) thin.push(`${route.method} ${route.url}: ${cases.length} casos`);
      for (const c of cases) await send(route, c, DEMO.admin, total);
    }
    expect(thin).toEqual([]);
    expect(total.problems).toEqual([]);
  }, 600_000);

  it('sends a sample of each kind as a Colaborador who accepted the policy', async () => {
    const before = total.problems.length;
    for (const route of routes()) {
      const cases = casesFor(route, await inputsOf(route));
      const taken = new Map<CaseKind, number>();
      for (const c of cases) {
        const n = taken.get(c.kind) ?? 0;
        if (n >= COLABORADOR_PER_KIND) continue;
        taken.set(c.kind, n + 1);
        await send(route, c, DEMO.juridico, total);
      }
    }
    expect(total.problems.slice(before)).toEqual([]);
  }, 300_000);

  it('sent at least 2,000 requests over every route', () => {
    expect(routes().length).toBeGreaterThan(30);
    expect(total.sent).toBeGreaterThanOrEqual(2_000);
  });
});
