import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 35: Minhas pendências reads each kind's newest first, a page at a time (decision 0118).
 * - A call's last message (`last_answer_at`, `last_answer_by`: when and by whom), kept by a trigger
 *   on every answer, whoever writes it: "his call with an answer from someone else" is then a range
 *   of (user_id, last_answer_at), where a test of each call's answers read all of a requester's calls;
 *   his calls by (user_id, status, updated_at): the materials lists come back to him newest first.
 * - Purchase and HR requests by (status, updated_at): the newest of each stage without a sort.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('last_answer_at', 'varchar(30)').execute();
  await db.schema.alterTable('calls').addColumn('last_answer_by', 'integer').execute();
  await sql`update calls
    set last_answer_at = (select max(a.created_at) from call_answers a where a.call_id = calls.id),
        last_answer_by = (select a.user_id from call_answers a where a.call_id = calls.id order by a.id desc limit 1)
    where exists (select 1 from call_answers a where a.call_id = calls.id)`.execute(db);
  const set =
    'update calls set last_answer_at = NEW.created_at, last_answer_by = NEW.user_id where id = NEW.call_id';
  if (isPostgres(db)) {
    await sql
      .raw(`create function calls_last_answer() returns trigger language plpgsql as $$
        begin ${set}; return null; end $$`)
      .execute(db);
    await sql`create trigger calls_last_answer after insert on call_answers
      for each row execute function calls_last_answer()`.execute(db);
  } else {
    await sql
      .raw(`create trigger calls_last_answer after insert on call_answers begin ${set}; end`)
      .execute(db);
  }
  // Partial indexes: only a query that says `<column> > ''` (the inbox's parts) reads them, so the
  // plans of the other lists stay as they were (query-plans.test.ts). Not `is not null`: SQLite
  // drops that test of a NOT NULL column from a query before it matches a partial index.
  await db.schema
    .createIndex('calls_user_answer_idx')
    .on('calls')
    .columns(['user_id', 'last_answer_at'])
    .where('last_answer_at', '>', '')
    .execute();
  await db.schema
    .createIndex('calls_user_status_updated_idx')
    .on('calls')
    .columns(['user_id', 'status', 'updated_at'])
    .where('updated_at', '>', '')
    .execute();
  await db.schema
    .createIndex('pr_status_updated_idx')
    .on('purchase_requests')
    .columns(['status', 'updated_at'])
    .where('updated_at', '>', '')
    .execute();
  await db.schema
    .createIndex('hr_requests_status_updated_idx')
    .on('hr_requests')
    .columns(['status', 'updated_at'])
    .where('updated_at', '>', '')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'hr_requests_status_updated_idx',
    'pr_status_updated_idx',
    'calls_user_status_updated_idx',
    'calls_user_answer_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  const pg = isPostgres(db);
  await sql.raw(`drop trigger if exists calls_last_answer${pg ? ' on call_answers' : ''}`).execute(db);
  if (pg) await sql`drop function if exists calls_last_answer()`.execute(db);
  await db.schema.alterTable('calls').dropColumn('last_answer_by').execute();
  await db.schema.alterTable('calls').dropColumn('last_answer_at').execute();
}
