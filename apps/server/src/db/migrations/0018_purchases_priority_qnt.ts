import type { Kysely } from 'kysely';

/**
 * The received purchases list filtered by priority and sorted by quantity (issue 14, fourth pass):
 * one index on (priority, qnt, created_at), so the page walks it in order and stops after the page,
 * instead of reading the priority's every request (a third of them) and sorting them by quantity.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('pr_priority_qnt_created_idx')
    .on('purchase_requests')
    .columns(['priority', 'qnt', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pr_priority_qnt_created_idx').execute();
}
