import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freshPostgresUrl, TEST_DIALECT } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { restoreCommand } from '../../cli/restore.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { knownMigrations, migrateToLatest } from '../../db/migrate.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { ensureReferenceData } from '../../seed/reference-data.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/upgrade', `${TEST_DIALECT}.tar.gz`);

/** Some list in the reply has rows (replies differ per module: { data }, { rows }, a plain array…). */
function hasRows(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.values(value).some(hasRows);
  return false;
}

/**
 * Issue 34, upgrades: the demo company as an earlier release left it (an archive of its first
 * commit, test/fixtures/upgrade/README.md) is restored, migrated forward at start as main.ts does,
 * and every module's data reads back through the API; a new row gets a fresh id.
 */
describe(`upgrade from an earlier release's database (${TEST_DIALECT})`, () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-upgrade-'));
    const databaseUrl = TEST_DIALECT === 'postgres' ? await freshPostgresUrl() : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' };
    const restored = await restoreCommand([FIXTURE], env);
    expect(restored.err).toBe('');
    const config = loadConfig(env);
    database = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'intranet.sqlite') });
    await migrateToLatest(database.db);
    await ensureReferenceData(database.db, { itEmail: config.itEmail });
    app = await buildApp({ config, database, logger: false, replies: 'checked' });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO.admin, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json<{ token: string }>().token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('runs every migration the code has', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(rows.map((r) => r.name)).toEqual([...knownMigrations]);
  });

  it.each([
    ['notices', '/api/notices'],
    ['tickets', '/api/calls'],
    ['users', '/api/users'],
    ['apps', '/api/apps'],
    ['calendar', '/api/event'],
    ['purchases', '/api/purchases'],
    ['fines', '/api/fines'],
    ['hr', '/api/employees'],
    ['folders', '/api/get-items'],
  ])('reads the %s data back through the API (%s)', async (_module, url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(hasRows(res.json()), res.body.slice(0, 300)).toBe(true);
  });

  it('answers the operations list (the demo has no OT attachments)', async () => {
    expect((await get('/api/operation/ots')).statusCode).toBe(200);
  });

  it('serves a stored file, and a new record gets an id after the restored ones', async () => {
    const banner = await get('/api/files/banners/demo-banner-boas-vindas.jpg');
    expect(banner.statusCode).toBe(200);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/insertCall',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        problem: 'Computador',
        descript: 'Depois da atualização.',
        dep: 'Tecnologia de Informacao',
        filial: 'Matriz',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});
