import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 36: on PostgreSQL the background jobs' records (platform/job-records-table.ts; decision
 * 0127) live in the database that every server shares: the record's state as JSON, the app that
 * runs it and its heartbeat (the database's clock), its expiry in epoch milliseconds once ended,
 * a cancel the job's own writes never undo, and the end its work's transaction wrote. SQLite keeps them as files under DATA_DIR/jobs.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('job_records')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('running', 'boolean', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('expires_at', 'bigint')
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    // The job's end as its own transaction committed it; readers see `data` until the job ends.
    .addColumn('result', 'jsonb')
    .addPrimaryKeyConstraint('job_records_pkey', ['kind', 'id'])
    .execute();
  // What the resume loops and the sweep look for: a kind's running records, its ended ones by expiry.
  await sql`create index job_records_running on job_records (kind, heartbeat_at) where running`.execute(db);
  await sql`create index job_records_expiry on job_records (kind, expires_at) where not running`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('job_records').execute();
}
