import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sectors'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('branches'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('nome', 'varchar(55)', notNull)
    .addColumn('senha', 'varchar(255)', notNull)
    .addColumn('matricula', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('cpf', 'varchar(11)', (c) => c.unique())
    .addColumn('email', 'varchar(255)')
    .addColumn('tell', 'varchar(20)')
    .addColumn('filial', 'varchar(30)', (c) => c.notNull().defaultTo('Matriz'))
    .addColumn('privilegio', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('suport', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('foto', 'varchar(255)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('users_nome_idx').on('users').column('nome').execute();

  await db.schema
    .createTable('user_sectors')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sector_id', 'integer', (c) => c.notNull().references('sectors.id'))
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_sectors_pk', ['user_id', 'sector_id'])
    .execute();
  await db.schema.createIndex('user_sectors_sector_idx').on('user_sectors').column('sector_id').execute();

  await db.schema
    .createTable('user_branches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addPrimaryKeyConstraint('user_branches_pk', ['user_id', 'branch_id'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('last_seen_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('password_reset_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(255)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'varchar(30)')
    .addColumn('verify_token_hash', 'varchar(64)')
    .addColumn('used_at', 'varchar(30)')
    .execute();

  await withId(db, db.schema.createTable('policy_acceptances'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('policy_version', 'varchar(20)', notNull)
    .addColumn('accepted_at', 'varchar(30)', notNull)
    .addUniqueConstraint('policy_acceptances_user_version_uq', ['user_id', 'policy_version'])
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(60)', notNull)
    .addColumn('entity', 'varchar(60)', notNull)
    .addColumn('entity_id', 'varchar(60)')
    .addColumn('summary', 'varchar(1000)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute();
  await db.schema
    .createIndex('audit_log_user_idx')
    .on('audit_log')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('approvers')
    .addColumn('role', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(1000)', notNull)
    .execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('text', 'varchar(5000)', notNull)
    .addColumn('img', 'varchar(255)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setor', 'varchar(60)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('banners'))
    .addColumn('path', 'varchar(255)', notNull)
    .addColumn('alt', 'varchar(255)', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'banners',
    'notices',
    'settings',
    'approvers',
    'audit_log',
    'policy_acceptances',
    'password_reset_codes',
    'sessions',
    'user_branches',
    'user_sectors',
    'users',
    'branches',
    'sectors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
