import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../search.ts';

/** Issue 14: the OT folders' "contains" search goes through a search index too (db/search.ts). */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await createSearchIndex(db, 'operation_attachments', ['ot']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await dropSearchIndex(db, 'operation_attachments', ['ot']);
}
