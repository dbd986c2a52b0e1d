/**
 * A period of the filter bar (DATA_INFRACAO from … to, inclusive days) split into the whole months
 * the dashboard's cube answers (yyyy-MM, inclusive; undefined: open) and the partial months at its
 * ends, which the pass over the fines answers (docs/decisions.md, Fines).
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

/**
 * Where the cube's part of a period is read (migration 0020): the whole years from the roll-up
 * (`years`, yyyy inclusive, '0000' / '9999' when open; 'all': no period, every month and the fines
 * without a date), the months of the years it takes in part from the cube itself (`months`, yyyy-MM
 * inclusive ranges), and the range of months of the monthly series (`series`; null: every month).
 */
export interface CubeReads {
  years: { from: string; to: string } | 'all' | null;
  months: { from: string; to: string }[];
  series: { from: string; to: string } | null;
}

export function cubeReads(months: { from?: string; to?: string }): CubeReads {
  const { from, to } = months;
  if (from === undefined && to === undefined) return { years: 'all', months: [], series: null };
  const series = { from: from ?? '0000-01', to: to ?? '9999-12' };
  const yearOf = (m: string) => Number(m.slice(0, 4));
  const firstYear = from === undefined ? 0 : from.endsWith('-01') ? yearOf(from) : yearOf(from) + 1;
  const lastYear = to === undefined ? 9999 : to.endsWith('-12') ? yearOf(to) : yearOf(to) - 1;
  if (firstYear > lastYear) return { years: null, months: [series], series };
  const parts: CubeReads['months'] = [];
  if (from !== undefined && !from.endsWith('-01')) parts.push({ from, to: `${from.slice(0, 4)}-12` });
  if (to !== undefined && !to.endsWith('-12')) parts.push({ from: `${to.slice(0, 4)}-01`, to });
  const year = (y: number) => String(y).padStart(4, '0');
  return { years: { from: year(firstYear), to: year(lastYear) }, months: parts, series };
}
