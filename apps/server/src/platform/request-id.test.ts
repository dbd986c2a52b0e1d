import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`request ids (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ seedDemo: false });
    // A server of the same data with the production logger, writing its lines here.
    app = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'info' }),
      database: { db: t.db, dialect: t.dialect, close: async () => undefined },
      storage: t.storage,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('honours a well-formed x-request-id: echoed in the reply, on every log line of the request', async () => {
    const id = 'balanceador-7f3a.42';
    const res = await app.inject({ method: 'GET', url: '/api/nao-existe', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe(id);
    const logged = linesOf(id);
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[0]).toMatchObject({ req: { method: 'GET', url: '/api/nao-existe' } });
  });

  it('makes a new id (a UUID) when none or a malformed one is sent, also on an error answer', async () => {
    for (const sent of [undefined, 'com espaço', 'x'.repeat(129), 'linha\\nfalsa"}']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: '1', password: 'errada' },
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      expect(res.statusCode).toBe(401);
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(linesOf(id).length).toBeGreaterThanOrEqual(2);
    }
  });
});
