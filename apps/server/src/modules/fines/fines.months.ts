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
