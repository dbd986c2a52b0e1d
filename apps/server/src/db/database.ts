import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { usePreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { registerSearchKey } from './search.ts';
import { withStatementCache } from './statement-cache.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Query functions take either the database or a running transaction. */
export type DbOrTx = Db | Tx;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the connection pool (the rate limits count in it; /metrics reads its use). */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** PostgreSQL: LISTEN on a connection of its own (platform/live-events.ts); answers how to stop. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL: NOTIFY every listener of the channel, in every process and server. */
  notify?(channel: string, payload: string): Promise<void>;
}

// PostgreSQL answers COUNT(*) and BIGINT as strings; ids here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

const ignoreLostConnection = () => undefined;

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection lost (PostgreSQL stopped or restarted; decision 0124) emits 'error': the pool's
    // for an idle one, the connection's own for one handed out between two queries. Unheard, either
    // ends the process. The pool drops the connection; the query on it, or the next one, fails and
    // is answered 503 (platform/database-unreachable.ts) until PostgreSQL takes connections again.
    pool.on('connect', (client) => {
      client.on('error', ignoreLostConnection);
      usePreparedStatements(client);
    });
    pool.on('error', ignoreLostConnection);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      dialect: 'postgres',
      pool,
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await db.destroy();
      },
      listen: async (channel, onPayload) => {
        const stop = await listenOn(options.databaseUrl!, channel, onPayload);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      notify: async (channel, payload) => {
        await sql`select pg_notify(${channel}, ${payload})`.execute(db);
      },
    };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  registerSearchKey(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export const nowIso = () => new Date().toISOString();

/** How long a lost LISTEN connection waits before connecting again. */
const LISTEN_RETRY_MS = 2000;

/**
 * LISTEN on a connection outside the pool (a pooled one would be handed to queries), connected again
 * after a failure; answers how to stop.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const again = () => {
      if (stopped || client !== c) return;
      client = undefined;
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(again), LISTEN_RETRY_MS);
    };
    c.on('error', again);
    c.on('end', again);
    client = c;
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
