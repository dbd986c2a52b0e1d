import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  // Deleting a user deactivates it: the row stays so tickets, requests and the audit keep their names.
  await db.schema.alterTable('users').addColumn('deactivated_at', 'varchar(30)').execute();
  await db.schema.createIndex('users_active_nome_idx').on('users').columns(['active', 'nome']).execute();

  await db.schema.alterTable('notices').addColumn('updated_at', 'varchar(30)').execute();
  await db.schema.createIndex('notices_created_idx').on('notices').column('created_at').execute();
  await db.schema.createIndex('banners_created_idx').on('banners').column('created_at').execute();

  await withId(db, db.schema.createTable('apps'))
    .addColumn('name', 'varchar(80)', notNull)
    .addColumn('address', 'varchar(500)', notNull)
    .addColumn('image', 'varchar(255)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('apps_name_idx').on('apps').column('name').execute();

  await db.schema
    .createTable('app_sectors')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('sector_id', 'integer', (c) => c.notNull().references('sectors.id'))
    .addPrimaryKeyConstraint('app_sectors_pk', ['app_id', 'sector_id'])
    .execute();
  await db.schema.createIndex('app_sectors_sector_idx').on('app_sectors').column('sector_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_sectors').execute();
  await db.schema.dropTable('apps').execute();
  await db.schema.dropIndex('banners_created_idx').execute();
  await db.schema.dropIndex('notices_created_idx').execute();
  await db.schema.alterTable('notices').dropColumn('updated_at').execute();
  await db.schema.dropIndex('users_active_nome_idx').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
