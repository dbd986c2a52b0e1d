/** The database of the real server, opened by the bench itself to load its data set in batch inserts. */
import path from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database.ts';
import type { DatabaseKind } from './measure.ts';
import { scratchDatabase } from './postgres.ts';
import { stopChild, waitUntilIdle } from './processes.ts';
import { type AppServer, startApp } from './servers.ts';
import { PG_URL } from './settings.ts';

/** The SQLite file the server keeps in its DATA_DIR (apps/server/src/main.ts). */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'intranet.sqlite');

/** Opens the database `app` runs on: its PostgreSQL database, or the SQLite file of its DATA_DIR. */
export function openAppDatabase(app: AppServer): DatabaseHandle {
  return openDatabase({ databaseUrl: app.pgUrl, sqliteFile: sqliteFile(app.dataDir) });
}

/**
 * Starts the real server on `database` (on PostgreSQL in a scratch database of BENCH_DATABASE_URL
 * named after `bench`), runs `use` on it, then lets the requests autocannon left in flight finish,
 * stops the server and drops the scratch database, also when `use` fails.
 */
export async function withApp<R>(
  database: DatabaseKind,
  bench: string,
  use: (app: AppServer) => Promise<R>,
): Promise<R> {
  const scratch = database === 'postgres' ? await scratchDatabase(PG_URL!, bench) : undefined;
  try {
    const app = await startApp(database, { pgUrl: scratch?.url });
    try {
      return await use(app);
    } finally {
      await waitUntilIdle(app.base).catch(() => undefined);
      await stopChild(app.child);
    }
  } finally {
    await scratch?.drop();
  }
}

/**
 * After a bench's bulk load, on PostgreSQL: VACUUM ANALYZE, what autovacuum does within a minute or
 * so of a bulk insert on a running database. Without it the benches measured a state no running
 * server stays in: every first read of a page wrote it back (hint bits) and no scan could be
 * index-only (no visibility map), so a first page's capped count read the table's heap.
 */
export async function settleAfterLoad(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
}
