import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { createSearchIndex, dropSearchIndex } from '../search.ts';

/**
 * Issue 35, one search (decision 0120): the fields the search box finds that no list searched yet.
 * - calls: title (`problema`) and text (`descricao`); purchase requests: the product's link; notices:
 *   their text. Each by "contains", through the search index (db/search.ts). On SQLite a table has
 *   one search table holding all its columns, so the calls' and purchases' tables are rebuilt.
 * - fines: the OT, by what it starts with, like the plate and the auto number (an index ending in id).
 */
const ADDED = {
  calls: {
    had: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
    add: ['problema', 'descricao'],
  },
  purchase_requests: { had: ['descript', 'nome_usuario'], add: ['link'] },
  notices: { had: [], add: ['text'] },
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, { had, add }] of Object.entries(ADDED)) {
    if (isPostgres(db)) {
      await createSearchIndex(db, table, add);
      continue;
    }
    if (had.length > 0) await dropSearchIndex(db, table, had);
    await createSearchIndex(db, table, [...had, ...add]);
  }
  await db.schema.createIndex('fines_ot_id_idx').on('fines').columns(['OT', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fines_ot_id_idx').execute();
  for (const [table, { had, add }] of Object.entries(ADDED)) {
    if (isPostgres(db)) {
      await dropSearchIndex(db, table, add);
      continue;
    }
    await dropSearchIndex(db, table, [...had, ...add]);
    if (had.length > 0) await createSearchIndex(db, table, had);
  }
}
