import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../search.ts';

/**
 * The received purchases list's filter bar: the text search (product or requester) through the
 * search index (db/search.ts), and the type filter on an index ending in created_at like the others.
 */
const SEARCHED = ['descript', 'nome_usuario'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await createSearchIndex(db, 'purchase_requests', SEARCHED);
  await db.schema
    .createIndex('pr_type_created_idx')
    .on('purchase_requests')
    .columns(['typerequest', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pr_type_created_idx').execute();
  await dropSearchIndex(db, 'purchase_requests', SEARCHED);
}
