import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dateOnlySchema,
  dayStartUtc,
  formatDate,
  formatDateTime,
  isDateOnly,
  nextDayStartUtc,
  parseDateInput,
  toDateOnly,
} from './dates.ts';
import { MSG } from './messages.ts';

// Whatever zone the machine or the browser runs in, the answers are the same: UTC, São Paulo itself,
// the first zone to see a new day (UTC+14) and one of the last (UTC−11).
// Each zone with its getTimezoneOffset() in hours, which proves the process really runs in it.
const ZONES = [
  ['UTC', 0],
  ['America/Sao_Paulo', 3],
  ['Pacific/Kiritimati', -14],
  ['Pacific/Pago_Pago', 11],
] as const;

describe.each(ZONES)('under TZ=%s', (tz, offsetHours) => {
  beforeAll(() => {
    vi.stubEnv('TZ', tz);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('the process really runs in that zone (the test would prove nothing otherwise)', () => {
    expect(new Date('2024-03-10T12:00:00Z').getTimezoneOffset()).toBe(offsetHours * 60);
  });

  it('a date-only value never moves a day', () => {
    expect(formatDate('2024-03-10')).toBe('10/03/2024');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2023-12-31')).toBe('31/12/2023');
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
    expect(formatDateTime('2024-03-10')).toBe('10/03/2024');
  });

  it('a timestamp is shown on São Paulo clocks, around midnight UTC and São Paulo midnight', () => {
    expect(formatDateTime('2024-03-10T00:00:00.000Z')).toBe('09/03/2024 21:00:00');
    expect(formatDate('2024-03-10T00:00:00.000Z')).toBe('09/03/2024');
    expect(formatDateTime('2024-03-10T02:59:59.999Z')).toBe('09/03/2024 23:59:59');
    expect(formatDateTime('2024-03-10T03:00:00.000Z')).toBe('10/03/2024 00:00:00');
    expect(formatDate('2024-03-10T03:00:00.000Z')).toBe('10/03/2024');
    expect(formatDateTime('2024-12-31T23:59:59Z')).toBe('31/12/2024 20:59:59');
    expect(formatDateTime('2025-01-01T02:30:00Z')).toBe('31/12/2024 23:30:00');
    expect(formatDateTime('2024-03-10T12:00:00-03:00')).toBe('10/03/2024 12:00:00');
  });

  it('the São Paulo day of an instant', () => {
    expect(toDateOnly('2024-03-10T02:59:59.999Z')).toBe('2024-03-09');
    expect(toDateOnly(new Date('2024-03-10T03:00:00.000Z'))).toBe('2024-03-10');
  });

  it('a São Paulo day as UTC bounds, also on the daylight-saving days before 2019', () => {
    expect(dayStartUtc('2024-03-10')).toBe('2024-03-10T03:00:00.000Z');
    expect(nextDayStartUtc('2024-03-10')).toBe('2024-03-11T03:00:00.000Z');
    expect(nextDayStartUtc('2024-12-31')).toBe('2025-01-01T03:00:00.000Z');
    // 2018-11-04 began at 01:00 (clocks skipped midnight); 2019-02-16 lasted 25 hours.
    expect(dayStartUtc('2018-11-04')).toBe('2018-11-04T03:00:00.000Z');
    expect(nextDayStartUtc('2018-11-04')).toBe('2018-11-05T02:00:00.000Z');
    expect(dayStartUtc('2019-02-16')).toBe('2019-02-16T02:00:00.000Z');
    expect(nextDayStartUtc('2019-02-16')).toBe('2019-02-17T03:00:00.000Z');
  });
});

describe('invalid values', () => {
  it('are shown empty, never as a wrong date', () => {
    for (const v of [null, undefined, '', 'ontem', '2024-02-30', '2024-13-01']) {
      expect(formatDate(v)).toBe('');
      expect(formatDateTime(v)).toBe('');
    }
  });

  it('only real calendar days are date-only values; day bounds refuse anything else', () => {
    expect(isDateOnly('2024-02-29')).toBe(true);
    expect(isDateOnly('2023-02-29')).toBe(false);
    expect(isDateOnly('2024-03-10T00:00:00Z')).toBe(false);
    expect(() => dayStartUtc('10/03/2024')).toThrow(RangeError);
  });
});

describe('a typed day (issue 32: dd/mm/aaaa everywhere)', () => {
  it.each([
    ['29/02/2024', '2024-02-29'],
    ['1/3/2024', '2024-03-01'],
    [' 05.06.2024 ', '2024-06-05'],
    ['05-06-2024', '2024-06-05'],
    ['2024-06-05', '2024-06-05'],
  ])('%j is %s', (text, day) => {
    expect(parseDateInput(text)).toBe(day);
    expect(dateOnlySchema.parse(text)).toBe(day);
  });

  it.each(['31/02/2024', '29/02/2023', '12/31/2024', '2024-02-30', '15/06/24', 'ontem', '0001-01-01'])(
    '%j is no day: "Data inválida (use dd/mm/aaaa)."',
    (text) => {
      expect(parseDateInput(text)).toBeNull();
      expect(dateOnlySchema.safeParse(text).error?.issues.map((i) => i.message)).toEqual([MSG.dateInvalid]);
    },
  );

  it('an empty date asks for one; the messages name dd/mm/aaaa, never aaaa-mm-dd', () => {
    expect(dateOnlySchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Informe a data.']);
    expect(MSG.dateInvalid).toBe('Data inválida (use dd/mm/aaaa).');
  });
});
