import { LIMITS } from '../limits.ts';
import type { OrgLists } from '../sectors/sectors.names.ts';
import { SECTOR_NAME_MAX } from '../sectors/sectors.schemas.ts';

/**
 * A list is one array of column descriptions (ARCHITECTURE.md rule 10): the web's virtual table,
 * its per-column filters and the server's xlsx export all read it. Pure data and functions: the
 * web adds React cells for the few columns that need more than text (a badge, a link).
 */

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * How a column is filtered. `param` is the list call's query parameter (the column id when
 * omitted); a date range sends two, `<id>From` and `<id>To` unless `params` says otherwise.
 */
export type ColumnFilterSpec =
  | {
      kind: 'text';
      param?: string /** Longest text kept (LIMITS.filterInputMax unless said). */;
      max?: number;
    }
  | { kind: 'number'; param?: string }
  | {
      kind: 'select';
      options: readonly FilterOption[];
      param?: string;
      /**
       * The options are the company's sectors or branches (`orgFilterOptions`), which the web reads
       * from GET /api/org; any such name is kept (the server answers for one no row has).
       */
      org?: 'sectors' | 'branches';
      /** What people read for an option when it names a sector's part (a renamed sector's name). */
      orgLabel?: (value: string, org: OrgLists) => string;
    }
  | { kind: 'dateRange'; params?: { from: string; to: string } };

export type FilterKind = ColumnFilterSpec['kind'];

/** What a spreadsheet cell and a table's plain text cell hold. */
export type CellValue = string | number | null;

/**
 * What a cell reads besides its row: the company's sectors and branches, active or not, for the
 * names people read of what a record stores (decision 0116). The web table and the server's xlsx
 * pass them.
 */
export type CellContext = OrgLists;

export interface ColumnDescription<Row> {
  /** Stable name: the key of its filter in the page URL and its `sort` value in the list call. */
  readonly id: string;
  readonly header: string;
  /** Width in characters: the xlsx column width; the web table keeps it as the column's minimum. */
  readonly width: number;
  /** The list call sorts by it (its server maps the id to indexed columns). */
  readonly sortable?: boolean;
  readonly filter?: ColumnFilterSpec;
  /** What the xlsx cell and the table's default cell show. */
  readonly value: (row: Row, cx: CellContext) => CellValue;
  /**
   * Kept on a phone (390 px wide): a list whose columns say so shows only those there (the status
   * among them, so it is always in sight); a list where none says so keeps every column and
   * scrolls sideways, its first column fixed.
   */
  readonly phone?: boolean;
  /**
   * Its cells are status badges (capitals), never cut with "…": the web table makes the column as
   * wide as its longest label (`width` characters; on a phone the label may take two lines) and,
   * as the last column, keeps it fixed at the right edge while the others scroll sideways.
   */
  readonly badge?: boolean;
  /**
   * A typed spreadsheet cell instead of `value`'s text: a `yyyy-MM-dd` day as a real date cell, an
   * amount in reais as a BRL number cell, a plain number (the table still shows `value`).
   */
  readonly sheet?: SheetCell<Row>;
}

export interface SheetCell<Row> {
  readonly type: 'date' | 'money' | 'number';
  readonly value: (row: Row) => CellValue;
}

/** Declares a list's columns, keeping their literal ids (and `sortable: true`) in the type. */
export function defineColumns<Row>() {
  return <const C extends readonly ColumnDescription<Row>[]>(columns: C): C => columns;
}

// biome-ignore lint/suspicious/noExplicitAny: any row type; only ids and flags are read
type AnyColumns = readonly ColumnDescription<any>[];

export type ColumnId<C extends AnyColumns> = C[number]['id'];
export type SortableId<C extends AnyColumns> = Extract<C[number], { sortable: true }>['id'];

/**
 * A view of a list (one screen's table, a search form): the same descriptions, in the given
 * order, with a header of its own where the screen names a column differently.
 */
export function pickColumns<Row, const Id extends string>(
  columns: readonly ColumnDescription<Row>[],
  ids: readonly Id[],
  headers: Partial<Record<Id, string>> = {},
): ColumnDescription<Row>[] {
  return ids.map((id) => {
    const column = columns.find((c) => c.id === id);
    if (!column) throw new Error(`coluna desconhecida: ${id}`);
    const header = headers[id];
    return header ? { ...column, header } : column;
  });
}

/**
 * A sector or branch filter's options: every row of the database's lists (GET /api/org), active
 * or not, since old records name deactivated ones (decision 0116). The web's filter input reads them.
 */
export function orgFilterOptions(kind: 'sectors' | 'branches', org: OrgLists): FilterOption[] {
  return kind === 'sectors'
    ? org.sectors.map((s) => ({ value: s.name, label: s.name }))
    : org.branches.map((b) => ({ value: b.name, label: b.label }));
}

/** The options a select filter offers, labelled with the company's names (GET /api/org). */
export function selectFilterOptions(
  filter: Extract<ColumnFilterSpec, { kind: 'select' }>,
  org: OrgLists,
): readonly FilterOption[] {
  if (filter.org) return orgFilterOptions(filter.org, org);
  const { orgLabel } = filter;
  return orgLabel ? filter.options.map((o) => ({ ...o, label: orgLabel(o.value, org) })) : filter.options;
}

export const sortableIds = <C extends AnyColumns>(columns: C): SortableId<C>[] =>
  columns.filter((c) => c.sortable).map((c) => c.id);

/**
 * Applied filters, by column id, as text: a date range is `yyyy-MM-dd..yyyy-MM-dd` (one day when
 * both ends are equal). The same text travels in the page URL.
 */
export type FilterValues = Readonly<Record<string, string>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const RANGE_SEPARATOR = '..';

export function encodeDateRange(from: string, to?: string | null): string {
  return `${from}${RANGE_SEPARATOR}${to || from}`;
}

export function decodeDateRange(value: string | undefined): { from: string; to: string } | undefined {
  const [from, to, extra] = (value ?? '').split(RANGE_SEPARATOR);
  if (!from || !ISO_DAY.test(from) || extra !== undefined) return undefined;
  const end = to && ISO_DAY.test(to) ? to : from;
  return end < from ? { from: end, to: from } : { from, to: end };
}

/** The value a filter keeps from what a user typed or a URL held; undefined when none or invalid. */
export function cleanFilterValue(
  filter: ColumnFilterSpec,
  raw: string | null | undefined,
): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  switch (filter.kind) {
    case 'text':
      return text.slice(0, filter.max ?? LIMITS.filterInputMax);
    case 'number':
      return /^\d{1,15}$/.test(text) ? text : undefined;
    case 'select':
      if (filter.org) return text.slice(0, SECTOR_NAME_MAX);
      return filter.options.some((o) => o.value === text) ? text : undefined;
    case 'dateRange': {
      const range = decodeDateRange(text);
      return range ? encodeDateRange(range.from, range.to) : undefined;
    }
  }
}

/** Only the filters the columns have, each cleaned (unknown ids and invalid values are dropped). */
export function cleanFilters(
  columns: readonly ColumnDescription<never>[],
  raw: Readonly<Record<string, string | null | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const column of columns) {
    if (!column.filter) continue;
    const value = cleanFilterValue(column.filter, raw[column.id]);
    if (value !== undefined) out[column.id] = value;
  }
  return out;
}

/** The list call's query parameters for the applied filters (what the server's query schema reads). */
export function filterQuery(
  columns: readonly ColumnDescription<never>[],
  values: FilterValues,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [id, value] of Object.entries(cleanFilters(columns, values))) {
    const filter = columns.find((c) => c.id === id)?.filter;
    if (!filter) continue;
    if (filter.kind === 'dateRange') {
      const range = decodeDateRange(value);
      const params = filter.params ?? { from: `${id}From`, to: `${id}To` };
      if (range) Object.assign(query, { [params.from]: range.from, [params.to]: range.to });
    } else {
      query[filter.param ?? id] = value;
    }
  }
  return query;
}

/** The query parameters a list's filters may send (for a contract test against its query schema). */
export function filterParams(columns: readonly ColumnDescription<never>[]): string[] {
  return columns.flatMap((c) => {
    if (!c.filter) return [];
    if (c.filter.kind !== 'dateRange') return [c.filter.param ?? c.id];
    const p = c.filter.params ?? { from: `${c.id}From`, to: `${c.id}To` };
    return [p.from, p.to];
  });
}
