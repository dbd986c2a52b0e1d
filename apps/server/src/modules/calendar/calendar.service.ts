import { randomBytes } from 'node:crypto';
import {
  type CalendarEvent,
  type CalendarRange,
  type CalendarVacation,
  canChangeVacation,
  canDeleteEvent,
  canEditEvent,
  canScheduleVacationOf,
  canScheduleVacations,
  canSeeEvent,
  type EventBody,
  type EventFacts,
  eventCompanyChoice,
  formatDate,
  gridRange,
  isOwnVacation,
  LIMITS,
  MSG,
  monthOf,
  type PersonRow,
  type SessionUser,
  toDateOnly,
  type VacationBody,
  vacationEnd,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { announcePendencias } from '../../platform/live-events.ts';
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
async function loadVisibleEvent(db: DbOrTx, user: SessionUser, id: number) {
  const event = await q.findEvent(db, id);
  if (!event) throw notFound(MSG.eventNotFound);
  const invitees = await q.inviteesOf(db, [id]);
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

/**
 * The event the user edits, read inside the change's transaction after its row is locked: the
 * decision and the write see the same event, also when two changes of it arrive at once.
 */
async function loadEditableEvent(tx: DbOrTx, user: SessionUser, id: number) {
  await lockRow(tx, 'calendar_events', id);
  const loaded = await loadVisibleEvent(tx, user, id);
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
  const { event, invitees } = await loadVisibleEvent(ctx.db, user, id);
  return toView(user, event, invitees);
}

/** Whether the event is for the whole company: private unless chosen by whom may (calendar.policy.ts). */
function companyFlag(user: SessionUser, asked: boolean | undefined, current?: number): number {
  const choice = eventCompanyChoice(user, asked, current === undefined ? undefined : current === 1);
  if (choice === 'forbidden') throw forbidden(MSG.eventCompanyForbidden);
  return choice ? 1 : 0;
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
  const invited = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { event, invitees } = await loadEditableEvent(tx, user, id);
    const company = companyFlag(user, body.company, event.company);
    await q.updateEvent(tx, id, {
      title: body.title,
      event_date: body.date,
      hours_of: body.hoursOf,
      hours_to: body.hoursTo,
      company,
      updated_at: nowIso(),
    });
    record({ action: 'event.update', entity: 'calendar_event', entityId: id, summary: eventSummary(body) });
    return invitees.map((i) => i.id);
  });
  // Its day may move into or out of the invitees' pendências.
  announcePendencias(ctx, { kind: 'event', userIds: invited });
  return eventView(ctx, user, id);
}

/**
 * Deletes an event (issue 32): who may edit it, decided under its row lock. It is marked deleted,
 * not removed (migration 0035); its invitees stop seeing it at once.
 */
export async function deleteEvent(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const invited = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { event, invitees } = await loadEditableEvent(tx, user, id);
    authorize(
      canDeleteEvent(
        user,
        facts(
          event,
          invitees.map((i) => i.id),
        ),
      ),
    );
    await q.markEventDeleted(tx, id, nowIso());
    record({
      action: 'event.delete',
      entity: 'calendar_event',
      entityId: id,
      summary: `${event.title} em ${formatDate(event.event_date)} excluído${invitees.length > 0 ? ` (${invitees.length} convidado(s))` : ''}`,
    });
    return invitees.map((i) => i.id);
  });
  announcePendencias(ctx, { kind: 'event', userIds: invited });
}

/** The sender's limits (issue 31, finding 6): per rolling hour and day, and per event. */
async function assertMayInvite(tx: DbOrTx, user: SessionUser, eventId: number): Promise<void> {
  const now = Date.now();
  const sent = await q.invitationsSentBy(
    tx,
    user.userId,
    new Date(now - 24 * 3600_000).toISOString(),
    new Date(now - 3600_000).toISOString(),
  );
  if (sent.hour >= LIMITS.calendarInvitesPerHour || sent.day >= LIMITS.calendarInvitesPerDay) {
    throw new HttpError(
      429,
      MSG.eventInviteRateLimited(LIMITS.calendarInvitesPerHour, LIMITS.calendarInvitesPerDay),
    );
  }
  if ((await q.inviteeCount(tx, eventId)) >= LIMITS.calendarEventInviteesMax) {
    throw conflict(MSG.eventInviteesFull(LIMITS.calendarEventInviteesMax));
  }
}

/**
 * The invitation e-mail. Its subject is the system's own words with the organiser's name (from his
 * user record, not typed by him); the title he typed goes only in the body, quoted and attributed, so
 * that it cannot pose as a message of the company (issue 31, finding 6).
 */
export function invitationMail(
  organiser: Pick<SessionUser, 'userName' | 'matricula'>,
  person: { name: string },
  event: { title: string; event_date: string; hours_of: string; hours_to: string },
) {
  const when = `${formatDate(event.event_date)}${event.hours_of ? `, ${eventHours(event.hours_of, event.hours_to)}` : ''}`;
  return {
    subject: `Convite para um evento de ${organiser.userName}`,
    text: [
      `Olá, ${person.name}.`,
      '',
      `${organiser.userName} (matrícula ${organiser.matricula}) convidou você para um evento no calendário da intranet.`,
      '',
      `Título, escrito por ${organiser.userName}: "${event.title}"`,
      `Data: ${when}`,
      '',
      'O evento aparece no seu calendário da intranet (Eventos).',
      '',
      `Esta mensagem foi enviada automaticamente a pedido de ${organiser.userName}; o título acima é dele, não da empresa. A intranet nunca pede a sua senha por e-mail: em dúvida, fale com a TI.`,
      '',
    ].join('\n'),
  };
}

/**
 * Invites a person: he sees the event from now on and gets an e-mail the first time he is invited
 * to it (mail never fails the change). The limits are counted and the invitation written under the
 * sender's and the event's row locks, so requests at once cannot pass a limit together.
 */
export async function invite(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  userId: number,
): Promise<CalendarEvent> {
  const done = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await lockRow(tx, 'users', user.userId);
    const { event, invitees } = await loadEditableEvent(tx, user, id);
    const person = await q.findPerson(tx, userId);
    if (!person) throw notFound(MSG.eventInviteeNotFound);
    if (person.id === event.created_by) throw badRequest(MSG.eventInviteSelf);
    const already = invitees.some((i) => i.id === person.id);
    let mail = false;
    if (!already) {
      await assertMayInvite(tx, user, id);
      const at = nowIso();
      mail = !(await q.invitedBefore(tx, id, person.id));
      await q.insertInvitee(tx, {
        event_id: id,
        user_id: person.id,
        invited_by: user.userId,
        created_at: at,
      });
      await q.logInvitation(tx, {
        event_id: id,
        user_id: person.id,
        invited_by: user.userId,
        created_at: at,
      });
    }
    record({
      action: 'event.invite',
      entity: 'calendar_event',
      entityId: id,
      summary: `${person.name} (${person.matricula}) convidado para ${event.title}${already ? ' (já estava)' : ''}`,
    });
    return { event, person, mail };
  });
  announcePendencias(ctx, { kind: 'event', userIds: [done.person.id] });
  if (done.mail && done.person.email) {
    try {
      await ctx.mailer.send({
        to: done.person.email,
        ...invitationMail(user, done.person, done.event),
        module: 'calendario',
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
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { event, invitees } = await loadEditableEvent(tx, user, id);
    const person = invitees.find((i) => i.id === userId);
    if (!person) throw notFound(MSG.eventInviteeNotFound);
    await q.deleteInvitee(tx, id, userId);
    record({
      action: 'event.uninvite',
      entity: 'calendar_event',
      entityId: id,
      summary: `Convite de ${person.name} (${person.matricula}) para ${event.title} removido`,
    });
  });
  announcePendencias(ctx, { kind: 'event', userIds: [userId] });
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
  // Never himself (calendar.policy.ts#canScheduleVacationOf).
  return (await q.listPeople(ctx.db, search, q.vacationSectors(user), user.userId)).map(toPerson);
}

// ── vacations ────────────────────────────────────────────────────────────────

export const toVacation = (user: SessionUser, v: q.VacationRecord): CalendarVacation => ({
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
  canEdit: canChangeVacation(user, { userId: v.user_id, sector: v.user_sector }),
});

export async function listVacations(
  ctx: AppContext,
  user: SessionUser,
  range: CalendarRange,
): Promise<CalendarVacation[]> {
  const { from, to } = rangeOrCurrentMonth(range);
  return (await q.vacationsInRange(ctx.db, user, from, to)).map((v) => toVacation(user, v));
}

/** Schedules a vacation; answers the vacations of the start month's grid. */
export async function scheduleVacation(
  ctx: AppContext,
  user: SessionUser,
  body: VacationBody,
): Promise<CalendarVacation[]> {
  authorize(canScheduleVacations(user));
  // Issue 31, finding 9: his own vacation is scheduled by someone else (HR or his manager).
  if (isOwnVacation(user, { userId: body.userId })) throw forbidden(MSG.vacationOwnForbidden);
  const dateEnd = vacationEnd(body.dateStart, body.vacationDays);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    // Two schedules for one person run one after the other: the second sees the first's vacation,
    // and the decision reads the employee (his sector) under the same lock.
    await lockRow(tx, 'users', body.userId);
    const employee = await q.findPerson(tx, body.userId);
    // Someone the user does not manage is, to him, someone who is not there.
    if (!employee || !canScheduleVacationOf(user, { userId: employee.id, sector: employee.setor ?? null }))
      throw notFound(MSG.vacationEmployeeNotFound);
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
