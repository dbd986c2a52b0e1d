import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 14, the folder search: the server keeps the folder tree (ids, parents, names, owners,
 * privileges, shares) in memory to decide who reaches what without a recursive query per request
 * (modules/folders/folders.tree.ts). `folder_tree_version.n` says when that copy is stale: every
 * change of a folder's place, name or access, and every share, adds one, by trigger, whoever
 * writes it. The searches walk names in order: `(name_key, id)` indexes on both tables.
 */
const FOLDER_COLUMNS = 'parent_id, name, user_id, privilegio, is_private';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('folder_tree_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('folder_tree_version').values({ id: 1, n: 0 }).execute();
  await db.schema.createIndex('folders_name_key_idx').on('folders').columns(['name_key', 'id']).execute();
  await db.schema
    .createIndex('folder_files_name_key_idx')
    .on('folder_files')
    .columns(['name_key', 'id'])
    .execute();
  const bump = 'update folder_tree_version set n = n + 1 where id = 1';
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function folder_tree_bump() returns trigger language plpgsql as $$
        begin ${bump}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger folders_tree_bump after insert or delete or update of ${FOLDER_COLUMNS}
        on folders for each statement execute function folder_tree_bump()`)
      .execute(db);
    await sql
      .raw(`create trigger folder_shares_tree_bump after insert or delete or update on folder_shares
        for each statement execute function folder_tree_bump()`)
      .execute(db);
    return;
  }
  const events = {
    folders: ['insert', 'delete', `update of ${FOLDER_COLUMNS}`],
    folder_shares: ['insert', 'delete', 'update'],
  };
  for (const [table, on] of Object.entries(events)) {
    for (const [i, event] of on.entries()) {
      await sql
        .raw(`create trigger ${table}_tree_bump_${i} after ${event} on ${table} begin ${bump}; end`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists folders_tree_bump on folders`.execute(db);
    await sql`drop trigger if exists folder_shares_tree_bump on folder_shares`.execute(db);
    await sql`drop function if exists folder_tree_bump()`.execute(db);
  } else {
    for (const table of ['folders', 'folder_shares']) {
      for (const i of [0, 1, 2]) await sql.raw(`drop trigger if exists ${table}_tree_bump_${i}`).execute(db);
    }
  }
  await db.schema.dropIndex('folder_files_name_key_idx').execute();
  await db.schema.dropIndex('folders_name_key_idx').execute();
  await db.schema.dropTable('folder_tree_version').execute();
}
