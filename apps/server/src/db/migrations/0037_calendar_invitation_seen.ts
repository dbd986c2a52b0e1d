import type { Kysely } from 'kysely';

/**
 * Issue 35: an invitation waits in the invited person's pendências until he sees it (decision
 * 0118). `seen_at` is when he opened it from there; the existing invitations start unseen.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_event_invitees').addColumn('seen_at', 'varchar(30)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_event_invitees').dropColumn('seen_at').execute();
}
