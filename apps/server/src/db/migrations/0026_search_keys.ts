import type { Kysely } from 'kysely';
import { createSearchKeys, dropSearchKeys } from '../search.ts';

/**
 * Issue 14, ninth pass: the search form of each column a list's "contains" page walks row by row
 * (platform/paged-query.ts#walkedPage) is kept in the row (db/search.ts#createSearchKeys), so the
 * walk tests it in the database instead of calling `search_key` on every row.
 */
const WALKED = {
  calls: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
  users: ['nome'],
  purchase_requests: ['descript', 'nome_usuario'],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(WALKED)) await createSearchKeys(db, table, columns);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(WALKED)) await dropSearchKeys(db, table, columns);
}
