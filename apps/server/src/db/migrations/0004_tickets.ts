import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Support tickets (chamados). The requester's name, matrícula and sectors and the attendant's
 * name and matrícula are copied onto the call when it is opened / taken: a call shows who asked
 * and who attended as they were then, and the lists filter them without joins.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('calls'))
    .addColumn('problema', 'varchar(60)', notNull)
    .addColumn('dep', 'varchar(40)', notNull)
    .addColumn('descricao', 'varchar(5000)', notNull)
    .addColumn('filial', 'varchar(30)', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('nome_usuario', 'varchar(55)', notNull)
    .addColumn('matricula_usuario', 'varchar(11)', notNull)
    .addColumn('setores_usuario', 'varchar(500)')
    .addColumn('suporte_id', 'integer', (c) => c.references('users.id'))
    .addColumn('nome_suporte', 'varchar(55)')
    .addColumn('matricula_suporte', 'varchar(11)')
    .addColumn('request_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // Chamados Abertos: by department, newest first; My calls: by requester; date ranges; status filter.
  await db.schema.createIndex('calls_dep_created_idx').on('calls').columns(['dep', 'created_at']).execute();
  await db.schema
    .createIndex('calls_user_created_idx')
    .on('calls')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('calls_created_idx').on('calls').column('created_at').execute();
  await db.schema
    .createIndex('calls_status_created_idx')
    .on('calls')
    .columns(['status', 'created_at'])
    .execute();
  // Sorting by name or unit walks these instead of sorting the table.
  await db.schema
    .createIndex('calls_nome_created_idx')
    .on('calls')
    .columns(['nome_usuario', 'created_at'])
    .execute();
  await db.schema
    .createIndex('calls_filial_created_idx')
    .on('calls')
    .columns(['filial', 'created_at'])
    .execute();
  await db.schema.createIndex('calls_request_idx').on('calls').column('request_id').execute();

  await withId(db, db.schema.createTable('call_answers'))
    .addColumn('call_id', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'varchar(55)', notNull)
    .addColumn('msg', 'varchar(1000)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('call_answers_call_idx')
    .on('call_answers')
    .columns(['call_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('call_attachments'))
    .addColumn('call_id', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('answer_id', 'integer', (c) => c.references('call_answers.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(255)', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('call_attachments_call_idx').on('call_attachments').column('call_id').execute();

  await withId(db, db.schema.createTable('call_materials'))
    .addColumn('chamado_id', 'integer', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('item_name', 'varchar(120)', notNull)
    .addColumn('measure', 'varchar(20)', notNull)
    .addColumn('qnt', 'real', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('call_materials_call_idx').on('call_materials').column('chamado_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['call_materials', 'call_attachments', 'call_answers', 'calls']) {
    await db.schema.dropTable(table).execute();
  }
}
