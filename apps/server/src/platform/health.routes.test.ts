import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { READY_PROBLEMS } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { READY_TIMEOUT_MS } from './health.routes.ts';

describe(`health (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database in use, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: TEST_DIALECT });
  });

  it('sends the security headers and a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown api paths with 404 JSON in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
  });

  describe('ready', () => {
    /** Another server of the same data whose database or storage is the one given. */
    async function serverWith(parts: {
      database?: DatabaseHandle;
      storage?: Storage;
    }): Promise<FastifyInstance> {
      const app = await buildApp({
        config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
        database: parts.database ?? { db: t.db, dialect: t.dialect, close: async () => undefined },
        storage: parts.storage ?? t.storage,
        logger: false,
        replies: 'checked',
      });
      await app.ready();
      return app;
    }

    /** SQLite: a connection closed after use; PostgreSQL: a pool pointed at a port nobody listens on. */
    async function deadDatabase(): Promise<DatabaseHandle> {
      if (TEST_DIALECT === 'sqlite') {
        const handle = openDatabase({ sqliteFile: t.sqliteFile });
        // Kysely opens the connection at the first query (a handle closed before any has none to close).
        await sql`select 1`.execute(handle.db);
        await handle.close();
        return handle;
      }
      const url = new URL(t.databaseUrl!);
      url.port = String(await freePort());
      return openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
    }

    it('answers 200 when the database and the storage both answer, without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
      // The probe's bytes do not stay behind.
      const tmp = path.join(t.dataDir, 'files', '.tmp');
      expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    });

    it('answers 503 with the reason in Portuguese when the database does not answer (never 500)', async () => {
      const database = await deadDatabase();
      const app = await serverWith({ database });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: READY_PROBLEMS.database,
          database: 'indisponível',
          storage: 'ok',
        });
        expect(READY_PROBLEMS.database).toBe('O banco de dados não respondeu.');
      } finally {
        await app.close();
        if (TEST_DIALECT === 'postgres') await database.close();
      }
    });

    it.runIf(TEST_DIALECT === 'postgres')(
      'answers 503 in its short time when PostgreSQL takes the connection and never answers',
      async () => {
        const sockets = new Set<net.Socket>();
        const silent = net.createServer((socket) => sockets.add(socket));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const url = new URL(t.databaseUrl!);
        url.port = String((silent.address() as net.AddressInfo).port);
        const database = openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
        const app = await serverWith({ database });
        try {
          const started = Date.now();
          const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
          expect(res.statusCode).toBe(503);
          expect(res.json<{ error: string }>().error).toBe(READY_PROBLEMS.database);
          expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1500);
        } finally {
          await app.close();
          for (const socket of sockets) socket.destroy();
          silent.close();
          await database.close();
        }
      },
    );

    it('answers 503 when the storage cannot take a file, and names both when both are down', async () => {
      // A storage folder under a plain file: every write fails (ENOTDIR), as on a lost mount.
      const blocker = path.join(t.dataDir, 'not-a-folder');
      fs.writeFileSync(blocker, '');
      const storage = createLocalStorage(path.join(blocker, 'files'));
      const app = await serverWith({ storage });
      const both = await serverWith({ storage, database: await deadDatabase() });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: 'O armazenamento de arquivos não respondeu.',
          database: 'ok',
          storage: 'indisponível',
        });
        const down = await both.inject({ method: 'GET', url: '/api/health/ready' });
        expect(down.statusCode).toBe(503);
        expect(down.json<{ error: string }>().error).toBe(
          'O banco de dados não respondeu. O armazenamento de arquivos não respondeu.',
        );
      } finally {
        await app.close();
        await both.close();
      }
    });
  });
});
