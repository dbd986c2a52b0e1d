import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Issue 31, finding 6: every invitation made (a person newly invited to an event, also again after
 * a withdrawal), kept when the invitation is withdrawn. It counts what one person sends in a rolling
 * hour and day (LIMITS.calendarInvitesPerHour/PerDay: each may send an e-mail from the company's
 * address) and tells whether a person was already e-mailed about an event (one e-mail per event).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('calendar_invitations_sent'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // One sender's invitations of the last day; whether a person was invited to an event before.
  await db.schema
    .createIndex('calendar_invitations_sent_by_idx')
    .on('calendar_invitations_sent')
    .columns(['invited_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('calendar_invitations_sent_event_idx')
    .on('calendar_invitations_sent')
    .columns(['event_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_invitations_sent').execute();
}
