import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, type Db, type Dialect, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { RateLimits } from '../src/platform/rate-limit.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { seedDemo } from '../src/seed/demo-seed.ts';
import { ensureReferenceData } from '../src/seed/reference-data.ts';
import { createConfiguredStorage } from '../src/storage/configured-storage.ts';
import type { Storage } from '../src/storage/storage.ts';

export const TEST_DIALECT: Dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  storage: Storage;
  dataDir: string;
  /** Where the database is: the PostgreSQL URL, or (SQLite) its file (backups read them). */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** Signs in as a demo user (matrícula) and answers the bearer token. */
  login(matricula: string, password?: string): Promise<string>;
  /** app.inject with the bearer token of a demo user (signed in once and cached). */
  as(matricula: string): (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The cached bearer token of a demo user (signed in once). */
  token(matricula: string): Promise<string>;
  /** The id of a user by matrícula. */
  userId(matricula: string): Promise<number>;
  /** How many audit rows a user has for an action (every mutation writes one). */
  auditCount(userId: number, action: string): Promise<number>;
  /** The e-mails the app wrote to DATA_DIR/outbox, oldest first, as raw RFC 822 text. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: a SQLite file, or a database in the run's PostgreSQL cluster.
 * PostgreSQL databases are not dropped one by one: they go with the throwaway cluster at the end of
 * the run (dropping them raced with the pool's closing connections: DROP … WITH (FORCE) killed a
 * backend whose client was still ending, an unhandled "terminating connection" error).
 */
async function freshDatabase(
  dataDir: string,
  givenUrl?: string,
): Promise<{ handle: DatabaseHandle; databaseUrl: string | undefined; sqliteFile: string }> {
  const sqliteFile = path.join(dataDir, 'test.sqlite');
  if (TEST_DIALECT === 'sqlite')
    return { handle: openDatabase({ sqliteFile }), databaseUrl: undefined, sqliteFile };
  const databaseUrl = givenUrl ?? (await freshPostgresUrl());
  return { handle: openDatabase({ databaseUrl, sqliteFile: '' }), databaseUrl, sqliteFile };
}

/** A new empty database in the run's PostgreSQL cluster (project server:postgres), by URL. */
export async function freshPostgresUrl(): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  /** false: only reference data, as a company's first start without the demo (default true). */
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** PostgreSQL: an empty database of the test's own (a cluster it stops), not one in the run's. */
  databaseUrl?: string;
}

/** Loose limits so that ordinary tests never meet the rate limiter; its own tests set tight ones. */
const RELAXED: RateLimits = {
  loginPerIp: { max: 10_000, windowMs: 60_000 },
  loginPerUser: { max: 10_000, windowMs: 60_000 },
  loginPerUserEverywhere: { max: 10_000, windowMs: 60_000 },
  passwordDelay: { afterFailures: 10_000, baseMs: 0, maxMs: 0 },
  recoveryPerIp: { max: 10_000, windowMs: 60_000 },
  recoveryPerUser: { max: 10_000, windowMs: 60_000 },
  calendarFeedPerIp: { max: 10_000, windowMs: 60_000 },
  otLookupPerUser: { max: 10_000, windowMs: 60_000 },
};

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-test-'));
  const { handle, databaseUrl, sqliteFile } = await freshDatabase(dataDir, options.databaseUrl);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  await migrateToLatest(handle.db);
  await ensureReferenceData(handle.db, { itEmail: config.itEmail });
  const storage = createConfiguredStorage(config);
  if (options.seedDemo !== false) await seedDemo(handle.db, storage);
  const app = await buildApp({
    config,
    database: handle,
    storage,
    logger: false,
    replies: 'checked',
    rateLimits: { ...RELAXED, ...options.rateLimits },
  });
  await app.ready();

  const tokens = new Map<string, string>();
  const token = async (matricula: string) => {
    let cached = tokens.get(matricula);
    if (!cached) {
      cached = await login(matricula);
      tokens.set(matricula, cached);
    }
    return cached;
  };
  const login = async (matricula: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: matricula, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${matricula} falhou: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  return {
    app,
    db: handle.db,
    dialect: handle.dialect,
    storage,
    dataDir,
    databaseUrl,
    sqliteFile,
    login,
    token,
    as: (matricula) => injectAs(app, () => token(matricula)),
    async userId(matricula) {
      const row = await handle.db
        .selectFrom('users')
        .select('id')
        .where('matricula', '=', matricula)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async auditCount(userId, action) {
      const row = await handle.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    },
    async close() {
      await app.close();
      await handle.close();
      // @tus/file-store creates its upload folder with an mkdir it does not await: on a busy machine
      // that lands while the folder is being removed (ENOTEMPTY), which rmSync then retries.
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    },
  };
}

const injectAs =
  (app: FastifyInstance, token: () => Promise<string>) =>
  async (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${await token()}` } });

/** A second app over a test app's database and DATA_DIR, as another worker of a cluster is. */
export interface SiblingApp {
  app: FastifyInstance;
  /** Its DATA_DIR: the first app's, or its own (`server: true`). */
  dataDir: string;
  /** app.inject with the same session as the first app's `as` (sessions live in the database). */
  as(matricula: string): (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Closes this app only (the database and DATA_DIR stay with the first). */
  close(): Promise<void>;
}

/**
 * `server: true`: another server rather than another worker: its own empty DATA_DIR and (PostgreSQL)
 * its own connection pool to the same database; its files are shared only through STORAGE=s3.
 */
export async function buildSiblingApp(
  t: TestApp,
  options: TestAppOptions & { server?: boolean } = {},
): Promise<SiblingApp> {
  const dataDir = options.server ? fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-server-')) : t.dataDir;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database =
    options.server && t.databaseUrl
      ? openDatabase({ databaseUrl: t.databaseUrl, sqliteFile: '' })
      : { db: t.db, dialect: t.dialect, close: async () => undefined };
  const app = await buildApp({
    config,
    database,
    storage: createConfiguredStorage(config),
    logger: false,
    replies: 'checked',
    rateLimits: { ...RELAXED, ...options.rateLimits },
  });
  await app.ready();
  return {
    app,
    dataDir,
    as: (matricula) => injectAs(app, () => t.token(matricula)),
    async close() {
      await app.close();
      await database.close();
      if (options.server) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    },
  };
}

/** Demo users by what they are, so tests read as the spec does. */
export const DEMO = {
  admin: '1001',
  gestorCompras: '1002',
  colaborador: '1003',
  suporteTi: '1004',
  analistaRh: '1005',
  diretor: '1006',
  presidente: '1007',
  juridico: '1008',
  gestorMultas: '1009',
} as const;

/**
 * 1003 (the demo colaborador) has not accepted the usage policy; route tests that need him as a
 * member accept it for him once, through the API.
 */
export async function acceptPolicyAsColaborador(t: TestApp): Promise<void> {
  const res = await t.as(DEMO.colaborador)({
    method: 'PUT',
    url: '/api/users/policy',
    payload: { userId: await t.userId(DEMO.colaborador), policyAccepted: 1 },
  });
  if (res.statusCode !== 200) throw new Error(`aceite da política falhou: ${res.statusCode} ${res.body}`);
}
