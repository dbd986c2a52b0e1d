import { MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.ts';

const WINDOW = 60_000;
/** Ten wrong passwords per person and address; no growing delay, so the test does not wait. */
const LIMITS: Partial<RateLimits> = {
  loginPerUser: { max: 10, windowMs: WINDOW },
  loginPerUserEverywhere: { max: 50, windowMs: WINDOW },
  passwordDelay: { afterFailures: 1000, baseMs: 0, maxMs: 0 },
  recoveryPerUser: { max: 4, windowMs: WINDOW },
};

// Decision 0124: on PostgreSQL the counters live in the database; SQLite is one machine's file.
describe.runIf(TEST_DIALECT === 'postgres')('rate limits across two servers on one PostgreSQL', () => {
  let t: TestApp;
  let otherDatabase: DatabaseHandle;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: LIMITS });
    // The second server: its own process state and its own pool, the same database.
    otherDatabase = openDatabase({ databaseUrl: t.databaseUrl!, sqliteFile: '' });
    other = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
      database: otherDatabase,
      storage: t.storage,
      logger: false,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...LIMITS },
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
    await t.close();
  });

  const servers = () => [t.app, other];
  const login = (app: FastifyInstance, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO.gestorCompras, password },
      remoteAddress: '10.36.0.1',
    });

  it('ten wrong passwords are ten whichever server got them: then both answer 429, right password or not', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(servers()[i % 2]!, 'errada');
      expect(res.statusCode, `tentativa ${i + 1}`).toBe(401);
    }
    for (const app of servers()) {
      const res = await login(app, 'intranet123');
      expect(res.statusCode).toBe(429);
      expect(res.json<{ error: string }>().error).toBe(MSG.tooManyRequests);
    }
    // One row in the database holds the person's count.
    const { rows } = await sql<{ points: number }>`select points from rate_limit_counters
      where key like 'password:everywhere:%'`.execute(t.db);
    expect(rows).toEqual([{ points: 10 }]);
  });

  it('recovery requests of one registration are counted once across both servers', async () => {
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/sendCode',
        payload: { registration: DEMO.juridico },
        remoteAddress: '10.36.0.2',
      });
    for (let i = 0; i < 4; i++) expect((await send(servers()[i % 2]!)).statusCode).not.toBe(429);
    for (const app of servers()) expect((await send(app)).statusCode).toBe(429);
  });
});
