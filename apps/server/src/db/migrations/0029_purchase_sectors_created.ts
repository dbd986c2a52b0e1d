import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 14 (decision 0029): a request's sector rows keep the request's `created_at` (set once, at
 * opening, like the rows themselves), indexed after the sector. The total of "one sector + a
 * period" (Compras' side filter bar) then reads that sector's requests of the period from one
 * index range, where it read every request of the sector and every request of the period and
 * joined them (decision 0029).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('purchase_request_sectors')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update purchase_request_sectors set created_at = (
    select pr.created_at from purchase_requests pr where pr.id = purchase_request_sectors.request_id)`.execute(
    db,
  );
  // SQLite cannot drop a column's default; every insert names the column (schema.ts).
  if (isPostgres(db)) {
    await db.schema
      .alterTable('purchase_request_sectors')
      .alterColumn('created_at', (c) => c.dropDefault())
      .execute();
  }
  await db.schema
    .createIndex('prs_sector_created_idx')
    .on('purchase_request_sectors')
    .columns(['sector', 'created_at', 'request_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('prs_sector_created_idx').execute();
  await db.schema.alterTable('purchase_request_sectors').dropColumn('created_at').execute();
}
