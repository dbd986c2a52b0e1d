import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FINE_COLUMNS } from '../fines/fines.columns.ts';
import { FINE_SORT, fineListQuery } from '../fines/fines.schemas.ts';
import { EMPLOYEE_COLUMNS, HR_REQUEST_COLUMNS } from '../hr/hr.columns.ts';
import { EMPLOYEE_SORT, employeeListQuery } from '../hr/hr.employees.schemas.ts';
import { HR_REQUEST_SORT, hrRequestListQuery } from '../hr/hr.schemas.ts';
import * as contracts from '../index.ts';
import { PURCHASE_COLUMNS } from '../purchases/purchases.columns.ts';
import { PURCHASE_SORT, purchaseListQuery } from '../purchases/purchases.schemas.ts';
import { specOrg } from '../testing/org.ts';
import { CALL_COLUMNS } from '../tickets/tickets.columns.ts';
import { CALL_SORT, callListQuery } from '../tickets/tickets.schemas.ts';
import { USER_COLUMNS } from '../users/users.columns.ts';
import { userListQuery } from '../users/users.schemas.ts';
import {
  type ColumnDescription,
  type ColumnFilterSpec,
  filterParams,
  filterQuery,
  orgFilterOptions,
  sortableIds,
} from './columns.ts';

// biome-ignore lint/suspicious/noExplicitAny: any row type; only ids, filters and sorts are read
type Columns = readonly ColumnDescription<any>[];

/**
 * Every list of contracts: its column descriptions (decision 0014), the query schema of its list
 * call, and the sorts the call accepts (its `sort` enum; a call without `sort` has one order).
 * `unshown`: sorts the call accepts that no column shows (the fines' `id`, which the scope tests
 * and keyset walks page by).
 */
interface List {
  name: string;
  columns: Columns;
  query: z.ZodObject;
  sort: readonly string[];
  unshown?: readonly string[];
}

const LISTS: List[] = [
  { name: 'calls', columns: CALL_COLUMNS, query: callListQuery, sort: CALL_SORT },
  { name: 'users', columns: USER_COLUMNS, query: userListQuery, sort: ['nome'] },
  { name: 'purchases', columns: PURCHASE_COLUMNS, query: purchaseListQuery, sort: PURCHASE_SORT },
  { name: 'fines', columns: FINE_COLUMNS, query: fineListQuery, sort: FINE_SORT, unshown: ['id'] },
  { name: 'HR requests', columns: HR_REQUEST_COLUMNS, query: hrRequestListQuery, sort: HR_REQUEST_SORT },
  { name: 'employees', columns: EMPLOYEE_COLUMNS, query: employeeListQuery, sort: EMPLOYEE_SORT },
];

/** A value each kind of filter may send, as the filter bar would (a select: each of its options). */
function samples(filter: ColumnFilterSpec): string[] {
  switch (filter.kind) {
    case 'text':
      return ['ab1'];
    case 'number':
      return ['7'];
    case 'select':
      // The sector and branch filters offer the database's rows (here a fresh install's).
      return (filter.org ? orgFilterOptions(filter.org, specOrg()) : filter.options).map((o) => o.value);
    case 'dateRange':
      return ['2024-03-01..2024-03-10'];
  }
}

const isColumn = (value: unknown): value is ColumnDescription<never> =>
  !!value && typeof value === 'object' && 'id' in value && 'header' in value && 'value' in value;

/** Every array of column descriptions the package exports (its lists, their views, sheets). */
const described = Object.entries(contracts).flatMap(([name, value]) =>
  Array.isArray(value) && value.length > 0 && value.every(isColumn)
    ? [{ name, columns: value as Columns }]
    : [],
);

describe('every list’s query schema is checked against its column descriptions', () => {
  it.each(LISTS)('$name sorts by exactly its sortable columns', ({ columns, query, sort, unshown = [] }) => {
    expect(new Set([...sortableIds(columns), ...unshown])).toEqual(new Set(sort));
    const sortParam = query.shape.sort as z.ZodDefault<z.ZodEnum> | undefined;
    if (sortParam) expect(new Set(sortParam.unwrap().options)).toEqual(new Set(sort));
    else expect(sort).toHaveLength(1);
  });

  it.each(LISTS)('$name reads every filter its columns send, with their values', ({ columns, query }) => {
    const shape = Object.keys(query.shape);
    for (const param of filterParams(columns)) expect(shape, param).toContain(param);
    for (const column of columns) {
      if (!column.filter) continue;
      for (const value of samples(column.filter)) {
        const sent = filterQuery(columns, { [column.id]: value });
        const read = query.safeParse(sent);
        expect(read.success, `${column.id}=${value}`).toBe(true);
        for (const param of Object.keys(sent)) {
          expect((read.data as Record<string, unknown>)[param], `${column.id}=${value}`).toBeDefined();
        }
      }
    }
  });

  it('covers every list: any described column that sorts or filters is one of a list above', () => {
    const known = LISTS.flatMap((l) => l.columns);
    expect(described.length).toBeGreaterThanOrEqual(LISTS.length);
    const stray = described.flatMap(({ name, columns }) =>
      columns
        .filter((c) => c.sortable || c.filter)
        .filter(
          (c) => !known.some((k) => k.id === c.id && k.filter === c.filter && !!k.sortable === !!c.sortable),
        )
        .map((c) => `${name}: ${c.id}`),
    );
    expect(stray).toEqual([]);
  });
});
