import { z } from 'zod';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId, queryId } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { daysInclusive, HOUR_PATTERN, vacationEnd } from './calendar.dates.ts';

/**
 * The range a calendar read covers (the month grid the web shows): both days or neither (then the
 * grid of the current month), at most a year.
 */
export const calendarRangeQuery = z
  .object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() })
  .refine(
    ({ from, to }) =>
      (from === undefined && to === undefined) ||
      (from !== undefined &&
        to !== undefined &&
        from <= to &&
        daysInclusive(from, to) <= LIMITS.calendarRangeMaxDays),
    { error: MSG.calendarRangeInvalid },
  );
export type CalendarRange = z.infer<typeof calendarRangeQuery>;

/** Line breaks, other control characters and the bidirectional overrides that reorder what is shown. */
const CONTROL_OR_BIDI = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** One line of text: it is shown in a day's cell and quoted, attributed, in the invitation e-mail. */
const title = z
  .string({ error: MSG.eventTitleRequired })
  .trim()
  .min(1, { error: MSG.eventTitleRequired })
  .max(LIMITS.eventTitleMax, { error: MSG.eventTitleTooLong })
  .refine((v) => !CONTROL_OR_BIDI.test(v), { error: MSG.eventTitleInvalid });

/** HH:MM (the web normalises what is typed, calendar.dates.ts#normalizeHour); empty: no time. */
const hour = z
  .string({ error: MSG.eventHourInvalid })
  .trim()
  .refine((v) => v === '' || HOUR_PATTERN.test(v), { error: MSG.eventHourInvalid })
  .optional()
  .transform((v) => v ?? '');

/**
 * POST event (spec §7: title, date, hoursOf, hoursTo). Without times the event lasts the day; an
 * end needs a start. `company: true` publishes it to everyone (support and administrators only);
 * left out, a new event is private and an edited one keeps its choice
 * (calendar.policy.ts#eventCompanyChoice).
 */
export const eventBody = z
  .object({ title, date: dateOnlySchema, hoursOf: hour, hoursTo: hour, company: z.boolean().optional() })
  .refine((e) => e.hoursTo === '' || e.hoursOf !== '', {
    error: MSG.eventHourStartMissing,
    path: ['hoursOf'],
  })
  .refine((e) => e.hoursTo === '' || e.hoursOf <= e.hoursTo, {
    error: MSG.eventHoursOrder,
    path: ['hoursTo'],
  });
export type EventBody = z.infer<typeof eventBody>;

export const eventIdParams = z.object({ id: queryId(MSG.eventNotFound) });
export const inviteParams = z.object({
  id: queryId(MSG.eventNotFound),
  userId: queryId(MSG.eventInviteeNotFound),
});
export const inviteBody = z.object({ userId: bodyId(MSG.eventInviteeNotFound) });

export const personRow = z.object({
  id: z.number(),
  name: z.string(),
  matricula: z.string(),
  setor: z.string().nullable(),
});
export type PersonRow = z.infer<typeof personRow>;

export const peopleQuery = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.filterInputMax * 4)
    .optional(),
});

export const calendarEvent = z.object({
  id: z.number(),
  title: z.string(),
  /** yyyy-MM-dd (also as `date`, the name POST takes). */
  event_date: z.string(),
  date: z.string(),
  /** "08:00 às 09:30", "a partir de 08:00", or empty for the whole day. */
  event_hours: z.string(),
  hoursOf: z.string(),
  hoursTo: z.string(),
  company: z.boolean(),
  createdBy: z.number(),
  createdByName: z.string(),
  invitees: z.array(personRow),
  canEdit: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const eventList = z.array(calendarEvent);

/** '' is the empty number field of the form: refused with the same message as 0. */
const vacationDays = z
  .union([z.number(), z.literal('')], { error: MSG.vacationDaysInvalid })
  .pipe(
    z
      .number({ error: MSG.vacationDaysInvalid })
      .int({ error: MSG.vacationDaysInvalid })
      .min(1, { error: MSG.vacationDaysInvalid })
      .max(LIMITS.vacationMaxDays, { error: MSG.vacationDaysInvalid }),
  );

/** The period of a vacation: its start and days; the end, when sent, must be start + (days − 1). */
const vacationPeriod = {
  dateStart: dateOnlySchema,
  dateEnd: z.union([dateOnlySchema, z.literal('')]).optional(),
  vacationDays,
};
const endAgrees = (v: { dateStart: string; dateEnd?: string; vacationDays: number }) =>
  !v.dateEnd || v.dateEnd === vacationEnd(v.dateStart, v.vacationDays);

/**
 * POST vacation (spec §7). The employee's name, matrícula and sector are accepted as the spec sends
 * them, but the server takes them from the employee's record (spec/decisions.md: identity fields
 * are never trusted). The end date, when sent, must be start + (days − 1).
 */
export const vacationBody = z
  .object({
    userId: bodyId(MSG.vacationEmployeeRequired),
    userName: z.string().max(200).optional(),
    userRegistration: z.string().max(20).optional(),
    userSector: z.string().max(100).nullish(),
    ...vacationPeriod,
  })
  // The end date travels for the spec's shape; the server computes it anyway.
  .refine(endAgrees, { error: MSG.vacationEndMismatch, path: ['dateEnd'] });
export type VacationBody = z.infer<typeof vacationBody>;

/** PUT vacation/:id (issue 32): a new period for the same employee. */
export const vacationChangeBody = z
  .object(vacationPeriod)
  .refine(endAgrees, { error: MSG.vacationEndMismatch, path: ['dateEnd'] });
export type VacationChangeBody = z.infer<typeof vacationChangeBody>;

export const vacationIdParams = z.object({ id: queryId(MSG.vacationNotFound) });

export const calendarVacation = z.object({
  id: z.number(),
  userId: z.number(),
  userRegistration: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  vacationDays: z.number(),
  // The names spec §3 says the calendar displays.
  DateStart: z.string(),
  DateEnd: z.string(),
  employeeName: z.string(),
  employeeSector: z.string().nullable(),
  name: z.string(),
  setor: z.string().nullable(),
  /** Whether the caller may change or delete it (calendar.policy.ts#canChangeVacation). */
  canEdit: z.boolean(),
});
export type CalendarVacation = z.infer<typeof calendarVacation>;
export const vacationList = z.array(calendarVacation);

/** The iCalendar feed link: its secret shows once, when it is made; afterwards only whether one is active. */
export const feedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export const feedCreated = z.object({ path: z.string(), createdAt: z.string() });
/** 32 random bytes, base64url; a trailing .ics is allowed for calendar apps that want one. */
export const feedParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, { error: MSG.calendarFeedInvalid })
    .transform((v) => v.replace(/\.ics$/, '')),
});
