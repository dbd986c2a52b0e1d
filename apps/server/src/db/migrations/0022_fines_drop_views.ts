import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11 (decision 0088): SQLite only, the three views the
 * import's first paused path read (0016 `fines_aggregate_cells`; 0017 `fines_cube_cells`,
 * `fines_cube_max_rows`) are dropped. Since 0019 the deferred summaries are applied by the
 * `fines_import_apply` trigger with 0014's and 0017's generators, and no statement, trigger or view
 * reads them any more (checked in sqlite_master and the code). Views hold no data.
 */
const VIEWS = ['fines_aggregate_cells', 'fines_cube_cells', 'fines_cube_max_rows'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const view of VIEWS) await sql`drop view if exists ${sql.id(view)}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // Their definitions are built by 0016's and 0017's private generators, which later migrations do
  // not import: going below 0022 means restoring a database taken before it.
  throw new Error('0022_fines_drop_views cannot be undone: the dropped views were built by 0016 and 0017.');
}
