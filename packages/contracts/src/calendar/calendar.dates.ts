/**
 * The calendar's date rules (spec §2 Calendar, §5, §9) as pure functions on date-only values
 * (`yyyy-MM-dd`, contracts/dates.ts): computed on UTC days, so no time zone can move a day.
 */
import { MONTH_NAMES } from '../dates.ts';
import { LIMITS } from '../limits.ts';

/** Weekday headers, the week starting on Sunday. */
export const WEEKDAY_NAMES = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

/** A month of a year; `month` is 1 (January) to 12 (December). */
export interface YearMonth {
  year: number;
  month: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const fromUtc = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function toUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** The day `days` after (or before, when negative) a date-only value. */
export function addDays(day: string, days: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** The month a date-only value falls in. */
export function monthOf(day: string): YearMonth {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

/** `yyyy-MM` of a month (the key the web caches a month under). */
export const monthKey = ({ year, month }: YearMonth) => `${pad(year, 4)}-${pad(month)}`;

/** "Novembro de 2026". */
export const monthTitle = ({ year, month }: YearMonth) => `${MONTH_NAMES[month - 1]} de ${year}`;

/** The month `delta` months away: December + 1 is January of the next year, January − 1 December before. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/**
 * The 42 days (6 weeks × 7) the month view shows: from the Sunday on or before the 1st, so the
 * first row holds the 1st and the grid ends with days of the next month.
 */
export function monthGrid(ym: YearMonth): string[] {
  const first = new Date(Date.UTC(ym.year, ym.month - 1, 1));
  const start = fromUtc(first);
  const offset = first.getUTCDay();
  return Array.from({ length: LIMITS.calendarCells }, (_, i) => addDays(start, i - offset));
}

/** The first and last day of a month's grid: the range its events and vacations are read for. */
export function gridRange(ym: YearMonth): { from: string; to: string } {
  const days = monthGrid(ym);
  return { from: days[0]!, to: days[days.length - 1]! };
}

/** How many calendar months one read of the Eventos list (/eventos) covers. */
export const UPCOMING_WINDOW_MONTHS = 3;

/** The first day of a month. */
const firstDay = ({ year, month }: YearMonth) => `${pad(year, 4)}-${pad(month)}-01`;

/**
 * The days the `index`-th read of the Eventos list covers: whole months, UPCOMING_WINDOW_MONTHS at a
 * time, the first from `today` (its past days are not upcoming) to the end of the third month.
 */
export function upcomingWindow(today: string, index: number): { from: string; to: string } {
  const start = shiftMonth(monthOf(today), index * UPCOMING_WINDOW_MONTHS);
  const next = shiftMonth(start, UPCOMING_WINDOW_MONTHS);
  return { from: index === 0 ? today : firstDay(start), to: addDays(firstDay(next), -1) };
}

/** The weekday of a date-only value ("Segunda"). */
export const weekdayOf = (day: string) => WEEKDAY_NAMES[toUtc(day).getUTCDay()] ?? '';

/** Whether a day of the grid belongs to the month shown (the others are styled apart). */
export const inMonth = (day: string, ym: YearMonth) => day.startsWith(`${monthKey(ym)}-`);

/** Days from `from` to `to`, both counted (1 for the same day). */
export const daysInclusive = (from: string, to: string) =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000) + 1;

/**
 * The last day of a vacation (spec §5): start plus (days − 1); empty while no day is chosen or the
 * number of days is not a positive whole number.
 */
export function vacationEnd(
  start: string | null | undefined,
  days: number | string | null | undefined,
): string {
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return '';
  const n = typeof days === 'string' ? Number(days.trim() || Number.NaN) : (days ?? Number.NaN);
  if (!Number.isInteger(n) || n < 1) return '';
  return addDays(start, n - 1);
}

/**
 * An event time as it is typed (spec §5): digits only, written HH:MM, the hour at most 23 and the
 * minute at most 59 ("2575" → "23:59", "9" → "9", "093" → "09:3").
 */
export function normalizeHour(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 2) return digits;
  const hour = pad(Math.min(Number(digits.slice(0, 2)), 23));
  if (digits.length === 2) return hour;
  const minute = digits.slice(2);
  return `${hour}:${minute.length === 2 ? pad(Math.min(Number(minute), 59)) : minute}`;
}

/** A time left half-typed completed when the field is left: "9" → "09:00", "09:3" → "09:30"; "" stays. */
export function completeHour(typed: string): string {
  const digits = normalizeHour(typed).replace(/\D/g, '');
  if (digits.length === 0) return '';
  const full = digits.length === 1 ? `0${digits}00` : digits.padEnd(4, '0');
  return normalizeHour(full);
}

export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
