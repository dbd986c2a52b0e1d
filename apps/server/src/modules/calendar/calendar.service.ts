import { randomBytes } from 'node:crypto';
import {
  type CalendarEvent,
  type CalendarRange,
  type CalendarVacation,
  canCreateCompanyEvent,
  canEditEvent,
  canScheduleVacationOf,
  canScheduleVacations,
  canSeeEvent,
  type EventBody,
  type EventFacts,
  formatDate,
  gridRange,
  MSG,
  monthOf,
  type PersonRow,
  type SessionUser,
  toDateOnly,
  type VacationBody,
  vacationEnd,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hashToken } from '../../platform/sessions.ts';
import * as q from './calendar.queries.ts';

type EventRow = NonNullable<Awaited<ReturnType<typeof q.findEvent>>>;
type Invitee = Awaited<ReturnType<typeof q.inviteesOf>>[number];

/** The range asked for, or the grid of the current month (São Paulo's today). */
export const rangeOrCurrentMonth = (range: CalendarRange) =>
  range.from && range.to ? { from: range.from, to: range.to } : gridRange(monthOf(toDateOnly(new Date())));

/** "08:00 às 09:30", "a partir de 08:00", or empty (the whole day). */
export function eventHours(hoursOf: string, hoursTo: string): string {
  if (!hoursOf) return '';
  return hoursTo ? `${hoursOf} às ${hoursTo}` : `a partir de ${hoursOf}`;
}

const facts = (e: EventRow, invitees: readonly number[]): EventFacts => ({
  createdBy: e.created_by,
  company: e.company === 1,
  invitees,
});

function toView(user: SessionUser, e: EventRow, invitees: Invitee[]): CalendarEvent {
  const people = invitees.filter((i) => i.event_id === e.id);
  return {
    id: e.id,
    title: e.title,
    event_date: e.event_date,
    date: e.event_date,
    event_hours: eventHours(e.hours_of, e.hours_to),
    hoursOf: e.hours_of,
    hoursTo: e.hours_to,
    company: e.company === 1,
    createdBy: e.created_by,
    createdByName: e.created_by_name,
    invitees: people.map((p) => ({ id: p.id, name: p.name, matricula: p.matricula, setor: p.setor ?? null })),
    canEdit: canEditEvent(
      user,
      facts(
        e,
        people.map((p) => p.id),
      ),
    ),
  };
}

export async function listEvents(
  ctx: AppContext,
  user: SessionUser,
  range: CalendarRange,
): Promise<CalendarEvent[]> {
  const { from, to } = rangeOrCurrentMonth(range);
  const rows = await q.eventsInRange(ctx.db, user, from, to);
  const invitees = await q.inviteesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(user, r, invitees));
}

/** An event the user may not see answers 404, like one that does not exist. */
async function loadVisibleEvent(ctx: AppContext, user: SessionUser, id: number) {
  const event = await q.findEvent(ctx.db, id);
  if (!event) throw notFound(MSG.eventNotFound);
  const invitees = await q.inviteesOf(ctx.db, [id]);
  if (
    !canSeeEvent(
      user,
      facts(
        event,
        invitees.map((i) => i.id),
      ),
    )
  )
    throw notFound(MSG.eventNotFound);
  return { event, invitees };
}

async function loadEditableEvent(ctx: AppContext, user: SessionUser, id: number) {
  const loaded = await loadVisibleEvent(ctx, user, id);
  authorize(
    canEditEvent(
      user,
      facts(
        loaded.event,
        loaded.invitees.map((i) => i.id),
      ),
    ),
  );
  return loaded;
}

async function eventView(ctx: AppContext, user: SessionUser, id: number): Promise<CalendarEvent> {
  const { event, invitees } = await loadVisibleEvent(ctx, user, id);
  return toView(user, event, invitees);
}

/** Whether the event is for the whole company: as asked (if allowed), else as it was or the author's default. */
function companyFlag(user: SessionUser, asked: boolean | undefined, current?: number): number {
  if (asked === true) authorize(canCreateCompanyEvent(user), MSG.eventCompanyForbidden);
  if (asked !== undefined) return asked ? 1 : 0;
  if (current !== undefined) return current;
  return canCreateCompanyEvent(user) ? 1 : 0;
}

const eventSummary = (body: EventBody) =>
  `${body.title} em ${formatDate(body.date)}${body.hoursOf ? ` (${eventHours(body.hoursOf, body.hoursTo)})` : ''}`;

/** Saves an event; answers the events of its month's grid (the list the web shows after saving). */
export async function createEvent(
  ctx: AppContext,
  user: SessionUser,
  body: EventBody,
): Promise<CalendarEvent[]> {
  const company = companyFlag(user, body.company);
  const now = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const id = await q.insertEvent(tx, {
      title: body.title,
      event_date: body.date,
      hours_of: body.hoursOf,
      hours_to: body.hoursTo,
      company,
      created_by: user.userId,
      created_at: now,
      updated_at: now,
    });
    record({ action: 'event.create', entity: 'calendar_event', entityId: id, summary: eventSummary(body) });
  });
  return listEvents(ctx, user, gridRange(monthOf(body.date)));
}

export async function updateEvent(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  body: EventBody,
): Promise<CalendarEvent> {
  const { event } = await loadEditableEvent(ctx, user, id);
  const company = companyFlag(user, body.company, event.company);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await q.updateEvent(tx, id, {
      title: body.title,
      event_date: body.date,
      hours_of: body.hoursOf,
      hours_to: body.hoursTo,
      company,
      updated_at: nowIso(),
    });
    record({ action: 'event.update', entity: 'calendar_event', entityId: id, summary: eventSummary(body) });
  });
  return eventView(ctx, user, id);
}

/** Invites a person: he sees the event from now on and gets an e-mail (mail never fails the change). */
export async function invite(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  userId: number,
): Promise<CalendarEvent> {
  const { event } = await loadEditableEvent(ctx, user, id);
  const person = await q.findPerson(ctx.db, userId);
  if (!person) throw notFound(MSG.eventInviteeNotFound);
  if (person.id === event.created_by) throw badRequest(MSG.eventInviteSelf);
  const added = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const inserted = await q.insertInvitee(tx, {
      event_id: id,
      user_id: person.id,
      invited_by: user.userId,
      created_at: nowIso(),
    });
    record({
      action: 'event.invite',
      entity: 'calendar_event',
      entityId: id,
      summary: `${person.name} (${person.matricula}) convidado para ${event.title}${inserted ? '' : ' (já estava)'}`,
    });
    return inserted;
  });
  if (added && person.email) {
    const when = `${formatDate(event.event_date)}${event.hours_of ? `, ${eventHours(event.hours_of, event.hours_to)}` : ''}`;
    try {
      await ctx.mailer.send({
        to: person.email,
        subject: `Convite: ${event.title} (${formatDate(event.event_date)})`,
        text: `Olá, ${person.name}.\n\n${user.userName} convidou você para "${event.title}" em ${when}.\n\nO evento aparece no seu calendário da intranet (Eventos).\n`,
      });
    } catch (err) {
      log.error({ err, eventId: id }, 'falha ao enviar o convite por e-mail');
    }
  }
  return eventView(ctx, user, id);
}

export async function uninvite(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  userId: number,
): Promise<CalendarEvent> {
  const { event, invitees } = await loadEditableEvent(ctx, user, id);
  const person = invitees.find((i) => i.id === userId);
  if (!person) throw notFound(MSG.eventInviteeNotFound);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await q.deleteInvitee(tx, id, userId);
    record({
      action: 'event.uninvite',
      entity: 'calendar_event',
      entityId: id,
      summary: `Convite de ${person.name} (${person.matricula}) para ${event.title} removido`,
    });
  });
  return eventView(ctx, user, id);
}

const toPerson = (p: { id: number; name: string; matricula: string; setor: string | null }): PersonRow => ({
  id: p.id,
  name: p.name,
  matricula: p.matricula,
  setor: p.setor ?? null,
});

/** Everyone active may be invited: name and matrícula only (the company directory). */
export async function invitablePeople(ctx: AppContext, search: string | undefined): Promise<PersonRow[]> {
  return (await q.listPeople(ctx.db, search)).map(toPerson);
}

/** The employee picker: only the people whose vacations the user schedules. */
export async function vacationPeople(
  ctx: AppContext,
  user: SessionUser,
  search: string | undefined,
): Promise<PersonRow[]> {
  authorize(canScheduleVacations(user));
  return (await q.listPeople(ctx.db, search, q.vacationSectors(user))).map(toPerson);
}

// ── vacations ────────────────────────────────────────────────────────────────

const toVacation = (v: q.VacationRecord): CalendarVacation => ({
  id: v.id,
  userId: v.user_id,
  userRegistration: v.user_registration,
  dateStart: v.date_start,
  dateEnd: v.date_end,
  vacationDays: v.vacation_days,
  DateStart: v.date_start,
  DateEnd: v.date_end,
  employeeName: v.user_name,
  employeeSector: v.user_sector,
  name: v.user_name,
  setor: v.user_sector,
});

export async function listVacations(
  ctx: AppContext,
  user: SessionUser,
  range: CalendarRange,
): Promise<CalendarVacation[]> {
  const { from, to } = rangeOrCurrentMonth(range);
  return (await q.vacationsInRange(ctx.db, user, from, to)).map(toVacation);
}

/** Schedules a vacation; answers the vacations of the start month's grid. */
export async function scheduleVacation(
  ctx: AppContext,
  user: SessionUser,
  body: VacationBody,
): Promise<CalendarVacation[]> {
  authorize(canScheduleVacations(user));
  const employee = await q.findPerson(ctx.db, body.userId);
  // Someone the user does not manage is, to him, someone who is not there.
  if (!employee || !canScheduleVacationOf(user, { userId: employee.id, sector: employee.setor ?? null }))
    throw notFound(MSG.vacationEmployeeNotFound);
  const dateEnd = vacationEnd(body.dateStart, body.vacationDays);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    // Two schedules for one person run one after the other: the second sees the first's vacation.
    await lockRow(tx, 'users', employee.id);
    const overlapping = await q.vacationsOf(tx, employee.id, body.dateStart, dateEnd);
    if (overlapping.length > 0) throw conflict(MSG.vacationOverlap);
    const id = await q.insertVacation(tx, {
      user_id: employee.id,
      user_name: employee.name,
      user_registration: employee.matricula,
      user_sector: employee.setor ?? null,
      date_start: body.dateStart,
      date_end: dateEnd,
      vacation_days: body.vacationDays,
      created_by: user.userId,
      created_at: nowIso(),
    });
    record({
      action: 'vacation.schedule',
      entity: 'calendar_vacation',
      entityId: id,
      summary: `Férias de ${employee.name} (${employee.matricula}): ${formatDate(body.dateStart)} a ${formatDate(dateEnd)}, ${body.vacationDays} dias`,
    });
  });
  return listVacations(ctx, user, gridRange(monthOf(body.dateStart)));
}

// ── iCalendar links ──────────────────────────────────────────────────────────

export const feedPath = (token: string) => `/api/calendar/ical/${token}.ics`;

export async function feedStatus(ctx: AppContext, user: SessionUser) {
  const feed = await q.findFeed(ctx.db, user.userId);
  return { active: Boolean(feed), createdAt: feed?.created_at ?? null };
}

/** A new secret link (32 random bytes; only its hash is kept): the previous one stops working. */
export async function createFeed(ctx: AppContext, user: SessionUser) {
  const token = randomBytes(32).toString('base64url');
  const createdAt = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await q.replaceFeed(tx, user.userId, hashToken(token), createdAt);
    record({
      action: 'calendar.feed.create',
      entity: 'user',
      entityId: user.userId,
      summary: 'Link do calendário gerado',
    });
  });
  return { path: feedPath(token), createdAt };
}

export async function revokeFeed(ctx: AppContext, user: SessionUser) {
  const existed = await q.findFeed(ctx.db, user.userId);
  if (existed) {
    await auditedChange(ctx.db, user.userId, async (tx, record) => {
      await q.deleteFeed(tx, user.userId);
      record({
        action: 'calendar.feed.revoke',
        entity: 'user',
        entityId: user.userId,
        summary: 'Link do calendário revogado',
      });
    });
  }
  return { active: false, createdAt: null };
}
