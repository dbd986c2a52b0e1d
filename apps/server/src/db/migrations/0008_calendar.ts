import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * The calendar (/agendevents): events with their invitations, vacations, and one secret iCalendar
 * link per user. The month view reads a date range: events by day, vacations by overlap
 * (date_start <= last day and date_end >= first day), each walking an index.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('calendar_events'))
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('event_date', 'varchar(10)', notNull)
    .addColumn('hours_of', 'varchar(5)', notNull)
    .addColumn('hours_to', 'varchar(5)', notNull)
    .addColumn('company', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // Company events of a range; the author's own meetings of a range.
  await db.schema
    .createIndex('calendar_events_company_date_idx')
    .on('calendar_events')
    .columns(['company', 'event_date'])
    .execute();
  await db.schema
    .createIndex('calendar_events_author_date_idx')
    .on('calendar_events')
    .columns(['created_by', 'event_date'])
    .execute();

  await db.schema
    .createTable('calendar_event_invitees')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('calendar_event_invitees_pk', ['event_id', 'user_id'])
    .execute();
  // The meetings a person is invited to.
  await db.schema
    .createIndex('calendar_event_invitees_user_idx')
    .on('calendar_event_invitees')
    .columns(['user_id', 'event_id'])
    .execute();

  await withId(db, db.schema.createTable('calendar_vacations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_name', 'varchar(55)', notNull)
    .addColumn('user_registration', 'varchar(11)', notNull)
    .addColumn('user_sector', 'varchar(40)')
    .addColumn('date_start', 'varchar(10)', notNull)
    .addColumn('date_end', 'varchar(10)', notNull)
    .addColumn('vacation_days', 'integer', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // Vacations overlapping a range (all, or of some sectors), and one person's (overlap check, feed).
  await db.schema
    .createIndex('calendar_vacations_start_idx')
    .on('calendar_vacations')
    .columns(['date_start', 'date_end'])
    .execute();
  await db.schema
    .createIndex('calendar_vacations_sector_start_idx')
    .on('calendar_vacations')
    .columns(['user_sector', 'date_start'])
    .execute();
  await db.schema
    .createIndex('calendar_vacations_user_start_idx')
    .on('calendar_vacations')
    .columns(['user_id', 'date_start'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'calendar_feeds',
    'calendar_vacations',
    'calendar_event_invitees',
    'calendar_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
