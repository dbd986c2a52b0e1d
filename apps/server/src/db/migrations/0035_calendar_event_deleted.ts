import type { Kysely } from 'kysely';

/**
 * Issue 32: an event can be deleted. It is marked deleted rather than removed: its invitations of
 * calendar_invitations_sent (which cascade with the event) are what counts a person's invitations in
 * the last hour and day, and deleting the event must not give them back. Every read of events leaves
 * a deleted one out (calendar.queries.ts#eventsQuery).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_events').addColumn('deleted_at', 'varchar(30)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendar_events').dropColumn('deleted_at').execute();
}
