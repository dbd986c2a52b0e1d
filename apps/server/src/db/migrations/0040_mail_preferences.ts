import type { Kysely } from 'kysely';

/**
 * Issue 35, e-mail (decision 0122):
 * - `mail_preferences`: a person's daily digest of Minhas pendências (off unless he turns it on);
 * - `mail_mutes`: the modules whose per-event e-mails he does not want (security mail has no module);
 * - `mail_digests`: one row per person and São Paulo day, inserted before his digest goes out. The
 *   primary key is the claim: of several processes or servers sending the same day, one inserts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_mutes_pk', ['user_id', 'module'])
    .execute();
  await db.schema
    .createTable('mail_digests')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_digests_pk', ['day', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_digests').execute();
  await db.schema.dropTable('mail_mutes').execute();
  await db.schema.dropTable('mail_preferences').execute();
}
