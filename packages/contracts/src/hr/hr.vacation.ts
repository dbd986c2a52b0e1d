/**
 * Vacation accrual (decision 0094): each 12 months of work earn 30 days, to be taken within
 * the following 12 months. currentYearVacation counts the days taken in the open period; once
 * they reach 30 the period closes and the next opens; saleVacation is the last day to take the
 * open period's days (its start + 24 months); lastDateVacation is the end of the latest vacation.
 */
export const VACATION_PERIOD_DAYS = 30;

export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface VacationAccrual {
  lastDateVacation: string | null;
  saleVacation: string;
  currentYearVacation: number;
}

/**
 * The accrual fields after these vacations (taken in order of start). Undefined when a period would
 * go over its 30 days: such a schedule is refused.
 */
export function vacationAccrual(
  dateAdmission: string,
  vacations: readonly { dateStart: string; dateEnd: string; days: number }[],
): VacationAccrual | undefined {
  let current = 0;
  let periodsClosed = 0;
  let last: string | null = null;
  const ordered = [...vacations].sort((a, b) =>
    a.dateStart < b.dateStart ? -1 : a.dateStart > b.dateStart ? 1 : 0,
  );
  for (const v of ordered) {
    if (v.days <= 0 || current + v.days > VACATION_PERIOD_DAYS) return undefined;
    current += v.days;
    if (current === VACATION_PERIOD_DAYS) {
      current = 0;
      periodsClosed++;
    }
    if (!last || v.dateEnd > last) last = v.dateEnd;
  }
  return {
    lastDateVacation: last,
    saleVacation: addMonths(dateAdmission, 24 + 12 * periodsClosed),
    currentYearVacation: current,
  };
}
