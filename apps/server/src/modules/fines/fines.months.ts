/**
 * A period of the filter bar (DATA_INFRACAO from … to, inclusive days) split into the whole months
 * the dashboard's cube answers (yyyy-MM, inclusive; undefined: open) and the partial months at its
 * ends, which the pass over the fines answers (decision 0079).
 */
export interface PeriodSplit {
  months: { from?: string; to?: string } | null;
  edges: { from: string; to: string }[];
}

const monthOf = (day: string) => day.slice(0, 7);

/** yyyy-MM moved by `delta` months. */
function addMonths(month: string, delta: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** The last day (yyyy-MM-dd) of a month. */
export function lastDayOf(month: string): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return d.toISOString().slice(0, 10);
}

export function splitPeriod(from?: string, to?: string): PeriodSplit {
  if (from && to && (from > to || monthOf(from) === monthOf(to))) {
    const whole = from === `${monthOf(from)}-01` && to === lastDayOf(monthOf(to));
    return whole
      ? { months: { from: monthOf(from), to: monthOf(to) }, edges: [] }
      : { months: null, edges: [{ from, to }] };
  }
  const edges: PeriodSplit['edges'] = [];
  let start: string | undefined;
  let end: string | undefined;
  if (from) {
    start = monthOf(from);
    if (from !== `${start}-01`) {
      edges.push({ from, to: lastDayOf(start) });
      start = addMonths(start, 1);
    }
  }
  if (to) {
    end = monthOf(to);
    if (to !== lastDayOf(end)) {
      edges.push({ from: `${end}-01`, to });
      end = addMonths(end, -1);
    }
  }
  const empty = start !== undefined && end !== undefined && start > end;
  return { months: empty ? null : { from: start, to: end }, edges };
}

/** A range of months (yyyy-MM, inclusive) of the cube, added (1) or taken away (-1). */
export interface CubeMonths {
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * Where the cube's part of a period (its whole months) is read (migration 0020, decision
 * 0080): `years`, ranges of the roll-up's years (yyyy inclusive, '0000' / '9999' when open;
 * 'all': no period, every month and the fines without a date); `months`, ranges of the cube's
 * months added or taken away; `maxYears` / `maxMonths` the same for the maxima (which cannot be
 * taken away); `series`, the months of the monthly series (null: every month).
 * A year taken in part is read from its months when they are at most 6, otherwise as the whole
 * year less the months left out (a month of the cube holds about half as many cells as a year of
 * the roll-up: 7 months cost more than the year and 5 months).
 */
export interface CubeReads {
  years: { from: string; to: string }[] | 'all';
  months: CubeMonths[];
  maxYears: { from: string; to: string }[] | 'all';
  maxMonths: { from: string; to: string }[];
  series: { from: string; to: string } | null;
}

const pad = (n: number, size: number) => String(n).padStart(size, '0');

export function cubeReads(whole: { from?: string; to?: string }): CubeReads {
  const { from, to } = whole;
  if (from === undefined && to === undefined)
    return { years: 'all', months: [], maxYears: 'all', maxMonths: [], series: null };
  const reads: CubeReads = {
    years: [],
    months: [],
    maxYears: [],
    maxMonths: [],
    series: { from: from ?? '0000-01', to: to ?? '9999-12' },
  };
  const years = reads.years as { from: string; to: string }[];
  const maxYears = reads.maxYears as { from: string; to: string }[];
  const wholeYears = (a: number, b: number) => {
    if (a > b) return;
    years.push({ from: pad(a, 4), to: pad(b, 4) });
    maxYears.push({ from: pad(a, 4), to: pad(b, 4) });
  };
  /** Months a…b (1–12) of a year, not all of them. */
  const partOfYear = (year: number, a: number, b: number) => {
    const month = (m: number) => `${pad(year, 4)}-${pad(m, 2)}`;
    reads.maxMonths.push({ from: month(a), to: month(b) });
    if (b - a + 1 <= 6) {
      reads.months.push({ from: month(a), to: month(b), sign: 1 });
      return;
    }
    years.push({ from: pad(year, 4), to: pad(year, 4) });
    if (a > 1) reads.months.push({ from: month(1), to: month(a - 1), sign: -1 });
    if (b < 12) reads.months.push({ from: month(b + 1), to: month(12), sign: -1 });
  };
  const yearOf = (m: string) => Number(m.slice(0, 4));
  const monthOf = (m: string) => Number(m.slice(5, 7));
  let first = from === undefined ? 0 : yearOf(from);
  let last = to === undefined ? 9999 : yearOf(to);
  if (from !== undefined && to !== undefined && first === last) {
    if (monthOf(from) === 1 && monthOf(to) === 12) wholeYears(first, last);
    else partOfYear(first, monthOf(from), monthOf(to));
    return reads;
  }
  if (from !== undefined && monthOf(from) !== 1) partOfYear(first++, monthOf(from), 12);
  if (to !== undefined && monthOf(to) !== 12) partOfYear(last--, 1, monthOf(to));
  wholeYears(first, last);
  return reads;
}
