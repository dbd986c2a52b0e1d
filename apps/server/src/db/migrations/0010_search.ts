import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../search.ts';

/** The columns the built modules search by "contains", indexed ignoring accents and case (db/search.ts). */
const SEARCHED = {
  calls: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
  users: ['nome'],
  apps: ['name'],
  folders: ['name'],
  folder_files: ['name'],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) await createSearchIndex(db, table, columns);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) await dropSearchIndex(db, table, columns);
}
