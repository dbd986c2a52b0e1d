import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('folders'))
    .addColumn('name', 'varchar(255)', notNull)
    // The comparison key of the name (lower case, NFC), computed in TypeScript for both databases.
    .addColumn('name_key', 'varchar(255)', notNull)
    .addColumn('parent_id', 'integer', (c) => c.references('folders.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('privilegio', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('folders_parent_name_uq', ['parent_id', 'name_key'])
    .execute();
  await db.schema.createIndex('folders_user_idx').on('folders').column('user_id').execute();

  await withId(db, db.schema.createTable('folder_files'))
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('name_key', 'varchar(255)', notNull)
    // The generated stored name (<uuid>.<ext>); the storage key is folders/<file_name>.
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('size', 'bigint', notNull)
    .addColumn('mime', 'varchar(127)', notNull)
    .addColumn('tipo', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('folder_files_folder_name_uq', ['folder_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('folder_shares')
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('folder_shares_pk', ['folder_id', 'user_id'])
    .execute();
  await db.schema.createIndex('folder_shares_user_idx').on('folder_shares').column('user_id').execute();

  // Spec §9: folder id 1 is the root, id 2 Pasta Pública; both open to everyone and owned by no one.
  const now = new Date().toISOString();
  await db
    .insertInto('folders')
    .values([
      {
        id: 1,
        name: 'Home',
        name_key: 'home',
        parent_id: null,
        user_id: null,
        privilegio: 3,
        created_at: now,
      },
      {
        id: 2,
        name: 'Pasta Pública',
        name_key: 'pasta pública',
        parent_id: 1,
        user_id: null,
        privilegio: 3,
        created_at: now,
      },
    ])
    .execute();
  if (isPostgres(db)) await sql`select setval(pg_get_serial_sequence('folders', 'id'), 2)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['folder_shares', 'folder_files', 'folders'])
    await db.schema.dropTable(table).execute();
}
