import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * Issue 31: the unfinished resumable uploads of operation attachments, one row per tus upload
 * from its creation until it finishes, is dropped or expires, so that each person's count and
 * declared bytes in flight are counted and reserved in one transaction (the upload's own state
 * stays in its files under DATA_DIR/uploads/operation).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operation_uploads')
    // The tus upload id (32 hex characters).
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The declared Upload-Length.
    .addColumn('size', 'bigint', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('operation_uploads_user_idx')
    .on('operation_uploads')
    .columns(['user_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_uploads').execute();
}
