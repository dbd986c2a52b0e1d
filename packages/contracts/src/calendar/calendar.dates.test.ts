import { describe, expect, it } from 'vitest';
import {
  addDays,
  completeHour,
  gridRange,
  inMonth,
  monthGrid,
  monthTitle,
  normalizeHour,
  shiftMonth,
  UPCOMING_WINDOW_MONTHS,
  upcomingWindow,
  vacationEnd,
  WEEKDAY_NAMES,
  weekdayOf,
} from './calendar.dates.ts';

describe('monthGrid: 6 × 7 days from the Sunday on or before the 1st', () => {
  it.each([
    // month, first cell, last cell
    [{ year: 2026, month: 11 }, '2026-11-01', '2026-12-12'], // the 1st is a Sunday: the grid starts on it
    [{ year: 2026, month: 2 }, '2026-02-01', '2026-03-14'], // February of 28 days starting on Sunday
    [{ year: 2024, month: 2 }, '2024-01-28', '2024-03-09'], // leap year, the 1st on a Thursday
    [{ year: 2025, month: 3 }, '2025-02-23', '2025-04-05'], // the 1st on a Saturday: 6 rows needed
    [{ year: 2026, month: 1 }, '2025-12-28', '2026-02-07'], // the grid crosses the year
    [{ year: 2025, month: 12 }, '2025-11-30', '2026-01-10'],
  ])('%o: %s … %s', (ym, first, last) => {
    const days = monthGrid(ym);
    expect(days).toHaveLength(42);
    expect(days[0]).toBe(first);
    expect(days[41]).toBe(last);
    expect(gridRange(ym)).toEqual({ from: first, to: last });
    // Every cell is the day after the one before it, and each row starts on a Sunday.
    for (let i = 1; i < 42; i++) expect(days[i]).toBe(addDays(days[i - 1]!, 1));
    for (let row = 0; row < 6; row++) expect(new Date(`${days[row * 7]}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('holds every day of the month exactly once, 29 February only in leap years', () => {
    for (const [year, days] of [
      [2024, 29],
      [2023, 28],
      [2000, 29],
      [1900, 28],
    ] as const) {
      const inFeb = monthGrid({ year, month: 2 }).filter((d) => inMonth(d, { year, month: 2 }));
      expect(inFeb).toHaveLength(days);
    }
  });

  it('heads the columns Domingo … Sábado', () => {
    expect(WEEKDAY_NAMES).toEqual(['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']);
  });
});

describe('month navigation wraps December/January with the year', () => {
  it.each([
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 6 }, 1, { year: 2026, month: 7 }],
    [{ year: 2026, month: 6 }, -1, { year: 2026, month: 5 }],
    [{ year: 2026, month: 1 }, -13, { year: 2024, month: 12 }],
    [{ year: 2026, month: 11 }, 14, { year: 2028, month: 1 }],
  ])('%o %+d → %o', (from, delta, to) => {
    expect(shiftMonth(from, delta)).toEqual(to);
  });

  it.each([
    [{ year: 2026, month: 1 }, 'Janeiro de 2026'],
    [{ year: 2026, month: 3 }, 'Março de 2026'],
    [{ year: 2025, month: 12 }, 'Dezembro de 2025'],
  ])('%o is headed "%s"', (ym, title) => {
    expect(monthTitle(ym)).toBe(title);
  });
});

describe('vacationEnd: start + (days − 1)', () => {
  it.each([
    ['2026-11-10', 1, '2026-11-10'],
    ['2026-11-10', 10, '2026-11-19'],
    ['2026-12-20', 15, '2027-01-03'],
    ['2024-02-20', 10, '2024-02-29'],
    ['2023-02-20', 10, '2023-03-01'],
    ['2026-11-10', '30', '2026-12-09'],
    ['2026-11-10', 0, ''],
    ['2026-11-10', -3, ''],
    ['2026-11-10', 2.5, ''],
    ['2026-11-10', '', ''],
    ['', 10, ''],
    [null, 10, ''],
  ])('%s + %s days → "%s"', (start, days, end) => {
    expect(vacationEnd(start, days)).toBe(end);
  });
});

describe('event times: digits only, HH:MM, hour ≤ 23, minute ≤ 59', () => {
  it.each([
    ['', ''],
    ['9', '9'],
    ['09', '09'],
    ['25', '23'],
    ['093', '09:3'],
    ['0930', '09:30'],
    ['09:30', '09:30'],
    ['2575', '23:59'],
    ['1260', '12:59'],
    ['ab1c2d', '12'],
    ['123456', '12:34'],
    ['08h15', '08:15'],
  ])('typed "%s" → "%s"', (typed, shown) => {
    expect(normalizeHour(typed)).toBe(shown);
  });

  it.each([
    ['', ''],
    ['9', '09:00'],
    ['14', '14:00'],
    ['093', '09:30'],
    ['2375', '23:59'],
  ])('left as "%s" → "%s"', (typed, done) => {
    expect(completeHour(typed)).toBe(done);
  });
});

describe('upcomingWindow: the Eventos list reads whole months, three at a time, from today', () => {
  it.each([
    // today, read, from, to
    ['2026-11-25', 0, '2026-11-25', '2027-01-31'], // today's past days are left out
    ['2026-11-25', 1, '2027-02-01', '2027-04-30'], // across the year, April of 30 days
    ['2026-11-25', 2, '2027-05-01', '2027-07-31'],
    ['2027-12-31', 0, '2027-12-31', '2028-02-29'], // leap February ends the first read
    ['2026-01-01', 3, '2026-10-01', '2026-12-31'],
  ])('%s, read %i: %s to %s', (today, index, from, to) => {
    expect(UPCOMING_WINDOW_MONTHS).toBe(3);
    expect(upcomingWindow(today, index)).toEqual({ from, to });
  });

  it('reads follow each other without a gap or an overlap', () => {
    for (let i = 0; i < 8; i++) {
      expect(upcomingWindow('2026-11-25', i + 1).from).toBe(addDays(upcomingWindow('2026-11-25', i).to, 1));
    }
  });

  it('names the weekday of a day', () => {
    expect(weekdayOf('2026-11-25')).toBe('Quarta');
    expect(weekdayOf('2026-11-29')).toBe('Domingo');
  });
});
