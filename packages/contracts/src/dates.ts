/**
 * Dates (ARCHITECTURE rule 7), the one set of helpers both sides use. Two kinds of values:
 * - a **date-only** value, `yyyy-MM-dd` (a birthday, a due date, a vacation day), is a day on the
 *   calendar: it is shown as written, never through a time zone, so it cannot move a day;
 * - a **timestamp**, an ISO 8601 instant (stored in UTC), is shown on São Paulo's clock.
 * Nothing here reads the process or browser time zone.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';

export const APP_TIME_ZONE = 'America/Sao_Paulo';

/** The months in Portuguese, January first. */
export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar day written `yyyy-MM-dd` (2024-02-30 is not one). Years 0000–0099 are not
 * (Date.UTC, which this once used, reads them as 1900–1999). Counted without a Date: imports call
 * it for every date cell.
 */
export function isDateOnly(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : (DAYS_IN_MONTH[mo - 1] as number));
}

/** `dd/mm/aaaa` as people type it: one or two digits for day and month, `/`, `.` or `-` between. */
const DATE_TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A day as a person types it (`dd/mm/aaaa`) or as the web and the API send it (`yyyy-MM-dd`), as
 * `yyyy-MM-dd`; null when it is not a real calendar day. The date input of every form reads what
 * is typed with it, and dateOnlySchema accepts what it accepts.
 */
export function parseDateInput(text: string): string | null {
  const t = text.trim();
  if (isDateOnly(t)) return t;
  const m = DATE_TYPED.exec(t);
  if (!m) return null;
  const day = `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`;
  return isDateOnly(day) ? day : null;
}

/**
 * A date-only field: a real calendar day, sent `yyyy-MM-dd` (or typed `dd/mm/aaaa`), always read
 * as `yyyy-MM-dd`. Its messages name the form people know, dd/mm/aaaa (MSG.dateInvalid).
 */
export const dateOnlySchema = z.string({ error: MSG.dateInvalid }).transform((value, ctx) => {
  if (value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: MSG.dateRequired });
    return z.NEVER;
  }
  const day = parseDateInput(value);
  if (day === null) {
    ctx.addIssue({ code: 'custom', message: MSG.dateInvalid });
    return z.NEVER;
  }
  return day;
});

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The date and time São Paulo's clocks showed at an instant. */
function saoPauloWallTime(ms: number): WallTime {
  const parts: Record<string, string> = {};
  for (const p of wallClock.formatToParts(ms)) parts[p.type] = p.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

function instantOf(value: string): number | undefined {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * `dd/MM/yyyy`: a date-only value as written; a timestamp as its São Paulo calendar day.
 * Empty for an empty or invalid value.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (DATE_ONLY.test(value)) {
    if (!isDateOnly(value)) return '';
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const ms = instantOf(value);
  if (ms === undefined) return '';
  const w = saoPauloWallTime(ms);
  return `${w.day}/${w.month}/${w.year}`;
}

/** `dd/MM/yyyy HH:mm:ss` of a timestamp on São Paulo's clock; a date-only value has no time to show. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (DATE_ONLY.test(value)) return formatDate(value);
  const ms = instantOf(value);
  if (ms === undefined) return '';
  const w = saoPauloWallTime(ms);
  return `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}:${w.second}`;
}

/** The São Paulo calendar day (`yyyy-MM-dd`) of an instant: "today" is `toDateOnly(new Date())`. */
export function toDateOnly(instant: Date | string): string {
  const ms = typeof instant === 'string' ? instantOf(instant) : instant.getTime();
  if (ms === undefined || Number.isNaN(ms)) return '';
  const w = saoPauloWallTime(ms);
  return `${w.year}-${w.month}-${w.day}`;
}

/** How far São Paulo's clock is from UTC at an instant, in milliseconds (−3 h today). */
function saoPauloOffset(ms: number): number {
  const w = saoPauloWallTime(ms);
  const asUtc = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The first UTC instant (ISO) of a São Paulo calendar day, for filtering stored timestamps by day.
 * Written for any offset: past daylight-saving days started at 01:00 or repeated 23:00.
 */
export function dayStartUtc(day: string): string {
  if (!isDateOnly(day)) throw new RangeError(`data inválida: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const first = midnightUtc - saoPauloOffset(midnightUtc);
  const second = midnightUtc - saoPauloOffset(first);
  const starts = [first, second].filter((ms) => toDateOnly(new Date(ms)) === day);
  return new Date(Math.min(...starts)).toISOString();
}

/** The first UTC instant of the day after (an exclusive upper bound for a day range). */
export function nextDayStartUtc(day: string): string {
  if (!isDateOnly(day)) throw new RangeError(`data inválida: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayStartUtc(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10));
}
