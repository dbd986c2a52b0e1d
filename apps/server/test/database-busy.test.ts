import path from 'node:path';
import { MSG } from '@intranet/contracts';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';

/**
 * Several server processes on one SQLite file (WORKERS): when another process holds the write lock
 * longer than busy_timeout (5 s), a change answers 503 with a message to try again, not 500, and
 * nothing of it is written.
 */
describe.runIf(TEST_DIALECT === 'sqlite')('a write while another process holds SQLite’s lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const event = { title: 'Reunião travada', date: '2031-05-06', hoursOf: '09:00', hoursTo: '10:00' };
  const count = () =>
    t.db
      .selectFrom('calendar_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', event.title)
      .executeTakeFirstOrThrow();

  it('answers 503 and writes nothing, then the same request succeeds', async () => {
    const as = t.as(DEMO.admin);
    await as({ method: 'GET', url: '/api/event' });
    const other = new SQLite(path.join(t.dataDir, 'test.sqlite'));
    other.exec('begin immediate');
    try {
      const busy = await as({ method: 'POST', url: '/api/event', payload: event });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({ error: MSG.databaseBusy });
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(Number((await count()).n)).toBe(0);
    expect((await as({ method: 'POST', url: '/api/event', payload: event })).statusCode).toBe(201);
    expect(Number((await count()).n)).toBe(1);
  }, 20_000);
});
