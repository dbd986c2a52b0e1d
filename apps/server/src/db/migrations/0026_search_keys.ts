import type { Kysely } from 'kysely';
import { createSearchKeys, dropSearchKeys } from '../search.ts';

/**
 * Issue 14, ninth pass: the search form of each column a list's "contains" page walks row by row
 * (platform/lists/walk.ts#walkedPage) is kept in the row (db/search.ts#createSearchKeys), so the
 * walk tests it in the database instead of calling `search_key` on every row. The users list walks
 * names in order (`(active, nome)`), which are not in the table's order: each row read for its key
 * was a page fetch of its own, so the key joins that index, and the walk tests it on the index
 * entries (SQLite's deferred seek) and reads only the matching rows.
 */
const WALKED = {
  calls: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
  users: ['nome'],
  purchase_requests: ['descript', 'nome_usuario'],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(WALKED)) await createSearchKeys(db, table, columns);
  await db.schema.dropIndex('users_active_nome_idx').execute();
  await db.schema
    .createIndex('users_active_nome_idx')
    .on('users')
    .columns(['active', 'nome', 'id', 'search_nome'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_active_nome_idx').execute();
  await db.schema.createIndex('users_active_nome_idx').on('users').columns(['active', 'nome']).execute();
  for (const [table, columns] of Object.entries(WALKED)) await dropSearchKeys(db, table, columns);
}
