import type { Kysely } from 'kysely';

/**
 * The received purchases list's side filter bar, status + unit + type (issue 14, third pass): one
 * index ending in created_at, so that the page walks it in order and the first page's total counts
 * a range of it, instead of the rows of whichever one-column index the planner picks, checked one
 * by one (37,500 requests of one type for a status and unit that had none, on 50,000).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('pr_status_filial_type_created_idx')
    .on('purchase_requests')
    .columns(['status', 'filial', 'typerequest', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pr_status_filial_type_created_idx').execute();
}
