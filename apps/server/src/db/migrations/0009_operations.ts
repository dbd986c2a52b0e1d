import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Operation attachments: the videos and photo of a work order (OT), one row per uploaded file.
 * A new file for a slot adds a row (the upload step shows the newest of each slot); none is
 * overwritten, so what was recorded for an OT stays.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('operation_attachments'))
    .addColumn('ot', 'varchar(20)', notNull)
    .addColumn('slot', 'integer', notNull)
    // The generated stored name (<uuid>.<ext>); the storage key is operation/<file_name>.
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(127)', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // One OT's files, and the folder list grouped and paged by OT.
  await db.schema
    .createIndex('operation_attachments_ot_idx')
    .on('operation_attachments')
    .columns(['ot', 'slot', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_attachments').execute();
}
