import { describe, expect, it } from 'vitest';
import { addMonths, vacationAccrual } from './hr.vacation.ts';

describe('vacation accrual', () => {
  it('a new employee owes the first 30 days within 24 months of admission', () => {
    expect(vacationAccrual('2024-02-29', [])).toEqual({
      lastDateVacation: null,
      saleVacation: '2026-02-28',
      currentYearVacation: 0,
    });
  });
  it('days add up in the open period; 30 close it and move the due date a year', () => {
    const a = { dateStart: '2026-01-10', dateEnd: '2026-01-20', days: 10 };
    const b = { dateStart: '2026-06-01', dateEnd: '2026-06-21', days: 20 };
    expect(vacationAccrual('2024-05-01', [a])).toEqual({
      lastDateVacation: '2026-01-20',
      saleVacation: '2026-05-01',
      currentYearVacation: 10,
    });
    expect(vacationAccrual('2024-05-01', [b, a])).toEqual({
      lastDateVacation: '2026-06-21',
      saleVacation: '2027-05-01',
      currentYearVacation: 0,
    });
  });
  it('over 30 days in one period is refused', () => {
    expect(
      vacationAccrual('2024-05-01', [
        { dateStart: '2026-01-10', dateEnd: '2026-01-30', days: 20 },
        { dateStart: '2026-03-01', dateEnd: '2026-03-12', days: 11 },
      ]),
    ).toBeUndefined();
  });
  it('addMonths keeps the day or the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
});
