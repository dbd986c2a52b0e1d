import { PENDENCIAS_CHANGED_EVENT, PENDENCIAS_MSG, PENDENCIAS_STREAMS_PER_USER } from '@intranet/contracts';
import { SESSION_DATA_PATH } from '@intranet/contracts/auth/auth.paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { type ServerProcesses, startServerProcesses } from '../../../test/server-processes.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { REQUEST } from '../purchases/purchases.fixture.ts';

/**
 * The live stream of Minhas pendências over real HTTP (fetch reading the stream as a browser's
 * EventSource does): a request another person opens reaches the stream of whom it waits for, in one
 * process and across the two processes of WORKERS=2 (relayed by the cluster primary on SQLite, by
 * LISTEN/NOTIFY on PostgreSQL).
 */

/** The events of one open stream, in order: their names ('comment' for a heartbeat). */
class EventReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  async next(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const name = block.split('\n').find((l) => l.startsWith('event: '));
        return name ? name.slice('event: '.length) : 'comment';
      }
      const { value, done } = await this.reader.read();
      if (done) throw new Error('o stream terminou');
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }
}

const json = { 'content-type': 'application/json' };

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function acceptPolicy(base: string, token: string, userId: number): Promise<void> {
  const res = await fetch(`${base}/api/users/policy`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ userId, policyAccepted: 1 }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function openPurchase(base: string, token: string, descript: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...REQUEST, descript })) form.append(k, String(v));
  const res = await fetch(`${base}/api/purchases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const streams: AbortController[] = [];

/** Opens a stream as a browser tab would (br and gzip accepted): answers its reader once it is open. */
async function openStream(base: string, token: string): Promise<EventReader> {
  const abort = new AbortController();
  streams.push(abort);
  const res = await fetch(`${base}/api/pendencias/stream`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const events = new EventReader(res);
  // The first event says "fetch your state": the stream is open and heard from here on.
  expect(await events.next()).toBe(PENDENCIAS_CHANGED_EVENT);
  return events;
}

afterAll(() => {
  for (const s of streams) s.abort();
});

describe(`the pendências stream in one process (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  it('tells the Compras manager live when a colleague opens a request; never compressed', async () => {
    const manager = await login(base, DEMO.gestorCompras);
    const colaborador = await login(base, DEMO.colaborador);
    await acceptPolicy(base, colaborador, await t.userId(DEMO.colaborador));
    const events = await openStream(base, manager);
    expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(events.response.headers.get('content-encoding')).toBeNull();
    expect(events.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const id = await openPurchase(base, colaborador, 'Pallets novos');
    expect(await events.next()).toBe(PENDENCIAS_CHANGED_EVENT);
    const list = await fetch(`${base}/api/pendencias`, { headers: { authorization: `Bearer ${manager}` } });
    const rows = ((await list.json()) as { rows: { kind: string; id: number }[] }).rows;
    expect(rows.some((r) => r.kind === 'purchase' && r.id === id)).toBe(true);
  });

  it(`holds at most ${PENDENCIAS_STREAMS_PER_USER} streams per person, then answers 429`, async () => {
    const token = await login(base, DEMO.analistaRh);
    for (let i = 0; i < PENDENCIAS_STREAMS_PER_USER; i++) await openStream(base, token);
    const refused = await fetch(`${base}/api/pendencias/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: PENDENCIAS_MSG.tooManyStreams });
    // Another person still opens his.
    await openStream(base, await login(base, DEMO.juridico));
  });
});

describe(`the pendências stream across WORKERS=2 (${TEST_DIALECT})`, () => {
  let servers: ServerProcesses;
  let base: string;

  beforeAll(async () => {
    servers = await startServerProcesses();
    base = servers.base;
  }, 90_000);

  afterAll(() => {
    for (const s of streams) s.abort();
    servers?.stop();
  });

  it('an event raised in one process reaches the streams open in both', async () => {
    const manager = await login(base, DEMO.gestorCompras);
    const colaborador = await login(base, DEMO.colaborador);
    const me = await fetch(`${base}${SESSION_DATA_PATH}`, {
      headers: { authorization: `Bearer ${colaborador}` },
    });
    await acceptPolicy(base, colaborador, ((await me.json()) as { userId: number }).userId);
    // Two tabs, on two connections: Node's cluster hands consecutive connections to the two workers.
    const tabs = [await openStream(base, manager), await openStream(base, manager)];
    // The workers' log lines of the two streams (they may reach the primary's output a moment later).
    const streamPids = () =>
      servers.loggedPids((l) => l.includes('"incoming request"') && l.includes('/api/pendencias/stream'));
    for (let i = 0; i < 50 && streamPids().size < 2; i++) await new Promise((r) => setTimeout(r, 100));
    const pids = streamPids();
    expect(pids.size).toBe(2);
    await openPurchase(base, colaborador, 'Fitas de arquear');
    for (const tab of tabs) expect(await tab.next()).toBe(PENDENCIAS_CHANGED_EVENT);
  }, 60_000);
});
