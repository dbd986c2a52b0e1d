import { addDays, dayStartUtc, LIMITS, MSG, toDateOnly } from '@intranet/contracts';
import ical, { ICalEventTransparency } from 'ical-generator';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { hashToken, loadSessionUser } from '../../platform/sessions.ts';
import * as q from './calendar.queries.ts';
import { eventHours } from './calendar.service.ts';

/** A São Paulo wall-clock time of a day as an instant (written in UTC: no VTIMEZONE needed). */
function instant(day: string, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.parse(dayStartUtc(day)) + (h * 60 + m) * 60_000);
}

/** A date-only day for an all-day entry (ical-generator writes its UTC calendar day). */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The iCalendar text (RFC 5545) of a secret link: the events its owner sees and his own vacations,
 * from a few months back to a year ahead. An unknown or revoked secret, or a deactivated owner,
 * answers 404.
 */
export async function feedCalendar(ctx: AppContext, token: string): Promise<string> {
  const owner = await q.feedOwner(ctx.db, hashToken(token));
  const user = owner ? await loadSessionUser(ctx.db, owner.id) : undefined;
  if (!user) throw notFound(MSG.calendarFeedInvalid);
  const today = toDateOnly(new Date());
  const from = addDays(today, -LIMITS.calendarFeedPastDays);
  const to = addDays(today, LIMITS.calendarFeedFutureDays);
  const [events, vacations] = await Promise.all([
    q.eventsInRange(ctx.db, user, from, to),
    q.vacationsOf(ctx.db, user.userId, from, to),
  ]);

  const cal = ical({
    name: 'Intranet — Eventos',
    prodId: { company: 'Intranet', product: 'Calendario', language: 'PT-BR' },
    // Calendar apps are asked to poll hourly.
    ttl: 60 * 60,
  });
  for (const e of events) {
    const allDay = e.hours_of === '';
    const start = allDay ? dayOf(e.event_date) : instant(e.event_date, e.hours_of);
    const end = allDay
      ? dayOf(addDays(e.event_date, 1))
      : e.hours_to
        ? instant(e.event_date, e.hours_to)
        : new Date(start.getTime() + 60 * 60_000);
    cal.createEvent({
      id: `event-${e.id}@intranet`,
      allDay,
      start,
      end,
      summary: e.title,
      description: [eventHours(e.hours_of, e.hours_to), `Criado por ${e.created_by_name}`]
        .filter(Boolean)
        .join('\n'),
    });
  }
  for (const v of vacations) {
    cal.createEvent({
      id: `vacation-${v.id}@intranet`,
      allDay: true,
      start: dayOf(v.date_start),
      // DTEND of an all-day entry is the day after the last one (RFC 5545 §3.6.1).
      end: dayOf(addDays(v.date_end, 1)),
      summary: 'Férias',
      description: `${v.vacation_days} dias de férias`,
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  return cal.toString();
}
