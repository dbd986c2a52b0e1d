import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 35: a sector's manager waits on the requests of his sectors at a stage (Minhas pendências,
 * decision 0118). The sector rows carry their request's stage and last change (`status`,
 * `updated_at`), kept by triggers, so that (sector, status, updated_at) finds them at once, where a
 * test of each request at the stage read them all for a sector that has few.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchase_request_sectors').addColumn('status', 'integer').execute();
  await db.schema.alterTable('purchase_request_sectors').addColumn('updated_at', 'varchar(30)').execute();
  await sql`update purchase_request_sectors
    set status = (select r.status from purchase_requests r where r.id = purchase_request_sectors.request_id),
        updated_at = (select r.updated_at from purchase_requests r where r.id = purchase_request_sectors.request_id)`.execute(
    db,
  );
  const follow =
    'update purchase_request_sectors set status = NEW.status, updated_at = NEW.updated_at where request_id = NEW.id';
  const of = (column: string) => `(select r.${column} from purchase_requests r where r.id = NEW.request_id)`;
  if (isPostgres(db)) {
    await sql
      .raw(`create function prs_stage_of_request() returns trigger language plpgsql as $$
        begin NEW.status := ${of('status')}; NEW.updated_at := ${of('updated_at')}; return NEW; end $$`)
      .execute(db);
    await sql`create trigger prs_stage_of_request before insert on purchase_request_sectors
      for each row execute function prs_stage_of_request()`.execute(db);
    await sql
      .raw(`create function prs_stage_follow() returns trigger language plpgsql as $$
        begin ${follow}; return null; end $$`)
      .execute(db);
    await sql`create trigger prs_stage_follow after update of status, updated_at on purchase_requests
      for each row execute function prs_stage_follow()`.execute(db);
  } else {
    await sql
      .raw(`create trigger prs_stage_of_request after insert on purchase_request_sectors begin
        update purchase_request_sectors set status = ${of('status')}, updated_at = ${of('updated_at')}
        where request_id = NEW.request_id and sector = NEW.sector; end`)
      .execute(db);
    await sql
      .raw(
        `create trigger prs_stage_follow after update of status, updated_at on purchase_requests begin ${follow}; end`,
      )
      .execute(db);
  }
  await db.schema
    .createIndex('prs_sector_stage_idx')
    .on('purchase_request_sectors')
    .columns(['sector', 'status', 'updated_at'])
    // Only a query that names the stage reads it: the lists' sector tests keep their plans.
    .where('status', 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('prs_sector_stage_idx').execute();
  const pg = isPostgres(db);
  await sql.raw(`drop trigger if exists prs_stage_follow${pg ? ' on purchase_requests' : ''}`).execute(db);
  await sql
    .raw(`drop trigger if exists prs_stage_of_request${pg ? ' on purchase_request_sectors' : ''}`)
    .execute(db);
  if (pg) {
    await sql`drop function if exists prs_stage_follow()`.execute(db);
    await sql`drop function if exists prs_stage_of_request()`.execute(db);
  }
  await db.schema.alterTable('purchase_request_sectors').dropColumn('updated_at').execute();
  await db.schema.alterTable('purchase_request_sectors').dropColumn('status').execute();
}
