import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Purchase and third-party service requests, in their own tables (their fields and status machine
 * are not a call's). A request's materials list is a support call (`calls.request_id` = the
 * request, `purchase_requests.call_id` = the call), so the tickets module keeps owning calls.
 * Money is integer centavos. The requester's name, matrícula and sectors are copied on, like calls.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('purchase_requests'))
    .addColumn('typerequest', 'varchar(10)', notNull)
    .addColumn('descript', 'varchar(500)', notNull)
    .addColumn('qnt', 'integer', notNull)
    .addColumn('justify', 'varchar(40)', notNull)
    .addColumn('justify_descript', 'varchar(5000)', notNull)
    .addColumn('supply_type', 'varchar(20)')
    .addColumn('estima_val', 'bigint')
    .addColumn('priority', 'integer', notNull)
    .addColumn('filial', 'varchar(30)', notNull)
    .addColumn('obs', 'varchar(5000)')
    .addColumn('link', 'varchar(1000)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('material_sol', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('in_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('nome_usuario', 'varchar(55)', notNull)
    .addColumn('matricula_usuario', 'varchar(11)', notNull)
    .addColumn('setores_usuario', 'varchar(500)')
    .addColumn('setor_usuario', 'varchar(60)')
    .addColumn('call_id', 'integer', (c) => c.references('calls.id').onDelete('set null'))
    .addColumn('atendente_id', 'integer', (c) => c.references('users.id'))
    .addColumn('quoter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('buyer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('picker_id', 'integer', (c) => c.references('users.id'))
    .addColumn('aprovall_id', 'integer', (c) => c.references('users.id'))
    .addColumn('cotac_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // Every sortable column walks an index ending in created_at; filters by status, requester, unit.
  for (const [name, columns] of [
    ['pr_created_idx', ['created_at']],
    ['pr_status_created_idx', ['status', 'created_at']],
    ['pr_user_created_idx', ['user_id', 'created_at']],
    ['pr_qnt_created_idx', ['qnt', 'created_at']],
    ['pr_nome_created_idx', ['nome_usuario', 'created_at']],
    ['pr_priority_created_idx', ['priority', 'created_at']],
    ['pr_filial_created_idx', ['filial', 'created_at']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('purchase_requests')
      .columns([...columns])
      .execute();
  }

  // The requester's sectors, one row each: a manager's scope is an indexed lookup, not a LIKE.
  await db.schema
    .createTable('purchase_request_sectors')
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('purchase_requests.id').onDelete('cascade'),
    )
    .addColumn('sector', 'varchar(60)', notNull)
    .addPrimaryKeyConstraint('purchase_request_sectors_pk', ['request_id', 'sector'])
    .execute();
  await db.schema
    .createIndex('prs_sector_idx')
    .on('purchase_request_sectors')
    .columns(['sector', 'request_id'])
    .execute();

  await withId(db, db.schema.createTable('purchase_quotes'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('purchase_requests.id').onDelete('cascade'),
    )
    .addColumn('fornecedor', 'varchar(120)', notNull)
    .addColumn('prazo', 'varchar(10)', notNull)
    .addColumn('valor', 'bigint', notNull)
    .addColumn('contato', 'varchar(500)', notNull)
    .addColumn('canal_type', 'varchar(10)', notNull)
    .addColumn('file_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('purchase_quotes_request_idx')
    .on('purchase_quotes')
    .columns(['request_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('purchase_comments'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('purchase_requests.id').onDelete('cascade'),
    )
    .addColumn('stage', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'varchar(55)', notNull)
    .addColumn('mentions', 'varchar(1000)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('purchase_comments_request_idx')
    .on('purchase_comments')
    .columns(['request_id', 'id'])
    .execute();

  // Files of a request, of its quotes and of its comments: served only to who sees the request.
  await withId(db, db.schema.createTable('purchase_files'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('purchase_requests.id').onDelete('cascade'),
    )
    .addColumn('comment_id', 'integer', (c) => c.references('purchase_comments.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(255)', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('purchase_files_request_idx')
    .on('purchase_files')
    .column('request_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'purchase_files',
    'purchase_comments',
    'purchase_quotes',
    'purchase_request_sectors',
    'purchase_requests',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
