import { type Actor, isAdmin, isGestorOrAbove, isHrStaff, LIMITS } from '@intranet/contracts';
import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { CalendarEventsTable, CalendarVacationsTable } from '../../db/schema.ts';
import { digitPrefixRange, searchedDigits } from '../../platform/digit-prefix.ts';
import { containsText } from '../../platform/text-search.ts';

/** The main sector of the user aliased `u` (the first one, as the session's mainSector). */
const mainSector = () =>
  sql<string | null>`(select s.name from user_sectors us join sectors s on s.id = us.sector_id
    where us.user_id = u.id order by us.is_main desc, s.name limit 1)`;

// ── events ───────────────────────────────────────────────────────────────────

const EVENT_COLUMNS = [
  'e.id',
  'e.title',
  'e.event_date',
  'e.hours_of',
  'e.hours_to',
  'e.company',
  'e.created_by',
  'u.nome as created_by_name',
] as const;

/** Every read of events: a deleted one is left out (migration 0035). */
function eventsQuery(db: DbOrTx) {
  return db
    .selectFrom('calendar_events as e')
    .innerJoin('users as u', 'u.id', 'e.created_by')
    .select(EVENT_COLUMNS)
    .where('e.deleted_at', 'is', null);
}

export type EventRecord = Awaited<ReturnType<typeof findEvent>> & {};

export function eventsInRange(db: DbOrTx, actor: Actor, from: string, to: string) {
  return (
    eventsQuery(db)
      .where('e.event_date', '>=', from)
      .where('e.event_date', '<=', to)
      // calendar.policy.ts#canSeeEvent: company events, the caller's own, those he is invited to.
      .where((eb) =>
        eb.or([
          eb('e.company', '=', 1),
          eb('e.created_by', '=', actor.userId),
          eb(
            'e.id',
            'in',
            eb
              .selectFrom('calendar_event_invitees as i')
              .select('i.event_id')
              .where('i.user_id', '=', actor.userId),
          ),
        ]),
      )
      .orderBy('e.event_date')
      .orderBy('e.hours_of')
      .orderBy('e.id')
      .execute()
  );
}

export function findEvent(db: DbOrTx, id: number) {
  return eventsQuery(db).where('e.id', '=', id).executeTakeFirst();
}

/** The people invited to each of the events, by name. */
export async function inviteesOf(db: DbOrTx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('calendar_event_invitees as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.event_id', 'u.id', 'u.nome as name', 'u.matricula', mainSector().as('setor')])
    .where('i.event_id', 'in', eventIds)
    .orderBy('u.nome')
    .execute();
}

export async function insertEvent(db: DbOrTx, row: Insertable<CalendarEventsTable>): Promise<number> {
  const r = await db.insertInto('calendar_events').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateEvent(
  db: DbOrTx,
  id: number,
  values: Pick<
    CalendarEventsTable,
    'title' | 'event_date' | 'hours_of' | 'hours_to' | 'company' | 'updated_at'
  >,
) {
  await db.updateTable('calendar_events').set(values).where('id', '=', id).execute();
}

/** Deletes an event: marked, not removed, so its invitations still count for their sender's limits. */
export async function markEventDeleted(db: DbOrTx, id: number, at: string): Promise<void> {
  await db
    .updateTable('calendar_events')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Answers whether the person was not invited yet (and is now). */
export async function insertInvitee(
  db: DbOrTx,
  row: { event_id: number; user_id: number; invited_by: number; created_at: string },
): Promise<boolean> {
  const r = await db
    .insertInto('calendar_event_invitees')
    .values(row)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many people an event invites now. */
export async function inviteeCount(db: DbOrTx, eventId: number): Promise<number> {
  const r = await db
    .selectFrom('calendar_event_invitees')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The invitations a person made since `dayAgo`, and how many of them since `hourAgo` (one index range). */
export async function invitationsSentBy(db: DbOrTx, userId: number, dayAgo: string, hourAgo: string) {
  const r = await db
    .selectFrom('calendar_invitations_sent')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('day'),
      eb.fn
        .sum<number | string | null>(eb.case().when('created_at', '>=', hourAgo).then(1).else(0).end())
        .as('hour'),
    ])
    .where('invited_by', '=', userId)
    .where('created_at', '>=', dayAgo)
    .executeTakeFirstOrThrow();
  return { day: Number(r.day), hour: Number(r.hour ?? 0) };
}

/** Whether the person was invited to the event before (and so already had its e-mail). */
export async function invitedBefore(db: DbOrTx, eventId: number, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom('calendar_invitations_sent')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function logInvitation(
  db: DbOrTx,
  row: { event_id: number; user_id: number; invited_by: number; created_at: string },
): Promise<void> {
  await db.insertInto('calendar_invitations_sent').values(row).execute();
}

export async function deleteInvitee(db: DbOrTx, eventId: number, userId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('calendar_event_invitees')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ── people ───────────────────────────────────────────────────────────────────

/** An active user with his main sector, or undefined. */
export function findPerson(db: DbOrTx, id: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.nome as name', 'u.matricula', 'u.email', mainSector().as('setor')])
    .where('u.id', '=', id)
    .where('u.active', '=', 1)
    .executeTakeFirst();
}

/**
 * Active users by name, searched by name ("contains", through the users' search index) or, when
 * digits are typed, by matrícula prefix (an index range); `sectors` keeps only people whose main
 * sector is one of them; `exceptUserId` leaves one person out (the caller, from his vacation picker).
 */
export function listPeople(
  db: DbOrTx,
  search: string | undefined,
  sectors?: readonly string[],
  exceptUserId?: number,
) {
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.nome as name', 'u.matricula', mainSector().as('setor')])
    .where('u.active', '=', 1);
  if (exceptUserId !== undefined) q = q.where('u.id', '!=', exceptUserId);
  const text = search?.trim();
  const digits = text ? searchedDigits(text) : '';
  if (digits) {
    const [lower, upper] = digitPrefixRange(digits);
    q = q.where('u.matricula', '>=', lower).where('u.matricula', '<=', upper);
  } else if (text) {
    q = q.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text));
  }
  if (sectors) {
    if (sectors.length === 0) return Promise.resolve([]);
    q = q.where((eb) => eb(mainSector(), 'in', sectors));
  }
  return q.orderBy('u.nome').orderBy('u.id').limit(LIMITS.calendarPeopleMax).execute();
}

/** The sectors whose people's vacations the actor manages; undefined: everyone's (admin, HR). */
export function vacationSectors(actor: Actor): string[] | undefined {
  if (isAdmin(actor) || isHrStaff(actor)) return undefined;
  return isGestorOrAbove(actor) ? actor.setor.map((s) => s.sector) : [];
}

// ── vacations ────────────────────────────────────────────────────────────────

const VACATION_COLUMNS = [
  'v.id',
  'v.user_id',
  'v.user_name',
  'v.user_registration',
  'v.user_sector',
  'v.date_start',
  'v.date_end',
  'v.vacation_days',
] as const;

export type VacationRecord = Awaited<ReturnType<typeof vacationsInRange>>[number];

/** calendar.policy.ts#canSeeVacation in SQL, for the vacations overlapping [from, to]. */
export function vacationsInRange(db: DbOrTx, actor: Actor, from: string, to: string) {
  const sectors = vacationSectors(actor);
  return db
    .selectFrom('calendar_vacations as v')
    .select(VACATION_COLUMNS)
    .where('v.date_start', '<=', to)
    .where('v.date_end', '>=', from)
    .where((eb) =>
      sectors === undefined
        ? eb.lit(true)
        : sectors.length === 0
          ? eb('v.user_id', '=', actor.userId)
          : eb.or([eb('v.user_id', '=', actor.userId), eb('v.user_sector', 'in', sectors)]),
    )
    .orderBy('v.date_start')
    .orderBy('v.user_name')
    .orderBy('v.id')
    .execute();
}

/**
 * One person's vacations overlapping [from, to] (the overlap check, the person's feed), but for
 * `exceptId` (the vacation being changed).
 */
export function vacationsOf(db: DbOrTx, userId: number, from: string, to: string, exceptId?: number) {
  let q = db
    .selectFrom('calendar_vacations as v')
    .select(VACATION_COLUMNS)
    .where('v.user_id', '=', userId)
    .where('v.date_start', '<=', to)
    .where('v.date_end', '>=', from);
  if (exceptId !== undefined) q = q.where('v.id', '!=', exceptId);
  return q.orderBy('v.date_start').execute();
}

export function findVacation(db: DbOrTx, id: number) {
  return db
    .selectFrom('calendar_vacations as v')
    .select(VACATION_COLUMNS)
    .where('v.id', '=', id)
    .executeTakeFirst();
}

export async function updateVacationPeriod(
  db: DbOrTx,
  id: number,
  period: Pick<CalendarVacationsTable, 'date_start' | 'date_end' | 'vacation_days'>,
): Promise<void> {
  await db.updateTable('calendar_vacations').set(period).where('id', '=', id).execute();
}

export async function deleteVacation(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('calendar_vacations').where('id', '=', id).execute();
}

export async function insertVacation(db: DbOrTx, row: Insertable<CalendarVacationsTable>): Promise<number> {
  const r = await db.insertInto('calendar_vacations').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

// ── iCalendar links ──────────────────────────────────────────────────────────

export function findFeed(db: DbOrTx, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The active owner of a link, by the hash of its secret. */
export function feedOwner(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id'])
    .where('f.token_hash', '=', tokenHash)
    .where('u.active', '=', 1)
    .executeTakeFirst();
}

/**
 * Replaces the user's link: the previous secret stops working. One statement, so that two requests
 * at once leave one link (a delete and an insert let both insert, and the second broke the key).
 */
export async function replaceFeed(db: DbOrTx, userId: number, tokenHash: string, at: string): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
    .execute();
}

export async function deleteFeed(db: DbOrTx, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
