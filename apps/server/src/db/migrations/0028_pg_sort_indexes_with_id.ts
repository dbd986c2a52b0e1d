import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 14, fourteenth pass, PostgreSQL only: the Chamados and Compras sort indexes end in `id`,
 * the tiebreak every list order ends in (lists/paged-query.ts). A SQLite index holds the rowid, which is
 * the id, so its indexes already serve the whole order; a PostgreSQL index does not. There a page
 * sorted by (created_at, id) re-sorted each run of equal dates (an Incremental Sort), and a
 * statement that reads only the order's keys (a "contains" walk's edge, 2,000 rows in) fetched
 * every row from the table for its id instead of reading the index alone (decision
 * 0028). Same names, same leading columns: only `id` is added.
 */
const INDEXES: readonly (readonly [name: string, table: string, columns: readonly string[]])[] = [
  ['calls_created_idx', 'calls', ['created_at']],
  ['calls_dep_created_idx', 'calls', ['dep', 'created_at']],
  ['calls_user_created_idx', 'calls', ['user_id', 'created_at']],
  ['calls_status_created_idx', 'calls', ['status', 'created_at']],
  ['calls_nome_created_idx', 'calls', ['nome_usuario', 'created_at']],
  ['calls_filial_created_idx', 'calls', ['filial', 'created_at']],
  ['pr_created_idx', 'purchase_requests', ['created_at']],
  ['pr_status_created_idx', 'purchase_requests', ['status', 'created_at']],
  ['pr_user_created_idx', 'purchase_requests', ['user_id', 'created_at']],
  ['pr_qnt_created_idx', 'purchase_requests', ['qnt', 'created_at']],
  ['pr_nome_created_idx', 'purchase_requests', ['nome_usuario', 'created_at']],
  ['pr_priority_created_idx', 'purchase_requests', ['priority', 'created_at']],
  ['pr_filial_created_idx', 'purchase_requests', ['filial', 'created_at']],
  ['pr_type_created_idx', 'purchase_requests', ['typerequest', 'created_at']],
  [
    'pr_status_filial_type_created_idx',
    'purchase_requests',
    ['status', 'filial', 'typerequest', 'created_at'],
  ],
  ['pr_priority_qnt_created_idx', 'purchase_requests', ['priority', 'qnt', 'created_at']],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
async function rebuild(db: Kysely<any>, withId: boolean): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, table, columns] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(withId ? [...columns, 'id'] : [...columns])
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, true);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, false);
}
