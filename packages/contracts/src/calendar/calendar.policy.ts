import { isHrStaff } from '../hr/hr.policy.ts';
import { type Actor, inSector, isAdmin, isGestorOrAbove, isSupport } from '../roles.ts';

/**
 * Who sees and changes what in the calendar (decision 0054). The server's month
 * queries apply the same rules in SQL (calendar.queries.ts); calendar.scope.test.ts checks them
 * against these functions on a generated population.
 */

/** The facts of an event that decisions depend on. */
export interface EventFacts {
  createdBy: number;
  /** A company event: every member sees it. Otherwise only its author and the people invited. */
  company: boolean;
  invitees: readonly number[];
}

/** Every member sees company events; a meeting only its author and whom it invites. */
export const canSeeEvent = (u: Actor, e: EventFacts): boolean =>
  e.company || e.createdBy === u.userId || e.invitees.includes(u.userId);

/** Any member plans a meeting (an event of his own, shown to whom he invites). */
export const canCreateEvent = (_u: Actor) => true;

/**
 * Events for the whole company are published by those the spec gives the Eventos card: support
 * users and administrators.
 */
export const canCreateCompanyEvent = (u: Actor) => isAdmin(u) || isSupport(u);

/**
 * Whether a saved event is for the whole company (issue 31, finding 7): private unless its author
 * chooses it, and only someone who may publish company events chooses it. Left out, a new event is
 * private and an edited one stays as it was; keeping an event company-wide is not publishing it
 * again. Answers `'forbidden'` when the request asks for what the user may not do.
 */
export function eventCompanyChoice(
  u: Actor,
  asked: boolean | undefined,
  current?: boolean,
): boolean | 'forbidden' {
  if (asked === undefined) return current ?? false;
  if (asked && current !== true && !canCreateCompanyEvent(u)) return 'forbidden';
  return asked;
}

/** The author edits his event and its invitations; an administrator also any company event. */
export const canEditEvent = (u: Actor, e: EventFacts): boolean =>
  e.createdBy === u.userId || (e.company && isAdmin(u));

/**
 * Vacations are personal data (LGPD: purpose and need): besides the employee himself, only those
 * who plan them see them — administrators and HR staff for everyone, a manager (Gestor) for the
 * people of his sectors. Colleagues do not see each other's vacations.
 */
export function managesVacationsOf(u: Actor, employeeSector: string | null): boolean {
  if (isAdmin(u) || isHrStaff(u)) return true;
  return isGestorOrAbove(u) && employeeSector !== null && inSector(u, employeeSector);
}

/** The facts of a vacation: whose it is, and the employee's (main) sector when it was scheduled. */
export interface VacationFacts {
  userId: number;
  sector: string | null;
}

export const canSeeVacation = (u: Actor, v: VacationFacts): boolean =>
  v.userId === u.userId || managesVacationsOf(u, v.sector);

/** Who schedules vacations at all (the Férias tab and its employee picker). */
export const canScheduleVacations = (u: Actor) => isAdmin(u) || isHrStaff(u) || isGestorOrAbove(u);

/**
 * Scheduling a given employee's vacation: whoever manages his vacations, never the employee himself
 * (issue 31, finding 9: not a manager, HR or an administrator either; his own vacation is asked for
 * and scheduled by someone else).
 */
export const canScheduleVacationOf = (u: Actor, employee: VacationFacts): boolean =>
  employee.userId !== u.userId && managesVacationsOf(u, employee.sector);

/**
 * Changing or deleting a saved vacation (issue 32): the same people who schedule that employee's,
 * decided on the vacation's own record (its employee and the sector it was scheduled under, the facts
 * its viewers are chosen by); never one's own.
 */
export const canChangeVacation = (u: Actor, v: VacationFacts): boolean => canScheduleVacationOf(u, v);

/**
 * Deleting an event: who may edit it (its author; an administrator for a company event). An invited
 * person only sees it.
 */
export const canDeleteEvent = (u: Actor, e: EventFacts): boolean => canEditEvent(u, e);

/** Whose vacation it is: the caller's own is refused with its own message (MSG.vacationOwnForbidden). */
export const isOwnVacation = (u: Actor, employee: Pick<VacationFacts, 'userId'>): boolean =>
  employee.userId === u.userId;

/** What the web shows on the calendar page. */
export interface CalendarAbilities {
  scheduleVacations: boolean;
  createCompanyEvents: boolean;
}

export const calendarAbilities = (u: Actor): CalendarAbilities => ({
  scheduleVacations: canScheduleVacations(u),
  createCompanyEvents: canCreateCompanyEvent(u),
});
