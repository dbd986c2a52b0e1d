import { MSG } from '@intranet/contracts';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';
import { locatePostgres, type PgCluster, startPgCluster } from './pg-cluster.ts';

/**
 * Issue 36 (decision 0124): PostgreSQL stopped under a running server and started again. While it is
 * down every kind of request answers 503 with a Portuguese message, never 500, and the process lives
 * on (a lost idle connection once ended it); once it is back the same app serves again, unbuilt.
 * A cluster of this file's own: stopping the run's would fail every other file.
 */
describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL stopped under a running server', () => {
  let cluster: PgCluster;
  let running = false;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startPgCluster(await locatePostgres());
    running = true;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database outage');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/outage';
    t = await buildTestApp({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    if (!running) cluster?.resume();
    await t?.close();
    cluster?.stop();
  });

  const event = { title: 'Reunião de retomada', date: '2031-05-06', hoursOf: '09:00', hoursTo: '10:00' };
  /** A list, a write, a sign-in (its limits count in the database) and the readiness probe. */
  const requests: { name: string; as?: string; options: InjectOptions }[] = [
    { name: 'lista', as: DEMO.admin, options: { method: 'GET', url: '/api/notices' } },
    { name: 'gravação', as: DEMO.admin, options: { method: 'POST', url: '/api/event', payload: event } },
    {
      name: 'login',
      options: {
        method: 'POST',
        url: '/api/login',
        payload: { username: DEMO.colaborador, password: DEMO_PASSWORD },
      },
    },
    { name: 'prontidão', options: { method: 'GET', url: '/api/health/ready' } },
  ];
  const send = (request: (typeof requests)[number]) =>
    request.as ? t.as(request.as)(request.options) : t.app.inject(request.options);

  it('answers 503 in Portuguese while it is down, then serves again once it is back', async () => {
    for (const request of requests) {
      expect((await send(request)).statusCode, request.name).toBeLessThan(300);
    }

    cluster.halt();
    running = false;
    for (let round = 0; round < 2; round++) {
      for (const request of requests) {
        const res = await send(request);
        expect(res.statusCode, `${request.name}: ${res.body}`).toBe(503);
        if (request.name !== 'prontidão') {
          expect(res.json()).toEqual({ error: MSG.databaseUnavailable });
          expect(res.headers['retry-after']).toBe('5');
        }
      }
    }

    cluster.resume();
    running = true;
    for (const request of requests) {
      const res = await send(request);
      expect(res.statusCode, `${request.name}: ${res.body}`).toBeLessThan(300);
    }
  }, 20_000);
});
