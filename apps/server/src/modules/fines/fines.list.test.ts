import { PAID } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { nowIso } from '../../db/database.ts';
import { demoFines, loadFines } from '../../seed/demo-fines.ts';

/**
 * The table's pages (GET /api/fines) with the bar's ranges — period, plate and auto number
 * prefixes — under several sorts, against the same rows ordered by SQL written here: on SQLite a
 * range is read through its own index when rare and tested on a walk of the sort's index when
 * common (fines.queries.ts#listFines, lists/paged-query.ts#rangeTest); both must give the same pages.
 * 50 rows a page: the walk is 1,000 rows, so 1,800 fines make both kinds of range.
 */
type Query = Record<string, string>;
const PAGE = 50;
const PAGES = 6;

/** The sort's columns, as fines.queries.ts#SORT_COLUMNS orders them (id last). */
const KEYS: Record<string, string[]> = {
  DATA_INFRACAO: ['DATA_INFRACAO', 'id'],
  TRANSP: ['TRANSP', 'DATA_INFRACAO', 'id'],
  VALOR_TOTAL_MULTA: ['VALOR_TOTAL_MULTA', 'id'],
  PLACA: ['PLACA', 'id'],
};

const CASES: { filters: Query; sort: string; dir: 'asc' | 'desc' }[] = [
  // Common: more matches than the walk.
  { filters: { NUMERO_AUTO: 'T' }, sort: 'DATA_INFRACAO', dir: 'desc' },
  { filters: { from: '2023-01-01', to: '2024-12-31' }, sort: 'TRANSP', dir: 'asc' },
  { filters: { from: '2023-01-01', to: '2024-12-31' }, sort: 'DATA_INFRACAO', dir: 'desc' },
  { filters: { responsible: 'transp', STATUS_PAGMTO: PAID, from: '2023-01-01' }, sort: 'TRANSP', dir: 'asc' },
  { filters: { NUMERO_AUTO: 'T0', to: '2025-06-30' }, sort: 'VALOR_TOTAL_MULTA', dir: 'desc' },
  // Rare: through the range's own index.
  { filters: { PLACA: 'A' }, sort: 'DATA_INFRACAO', dir: 'desc' },
  { filters: { PLACA: 'B' }, sort: 'TRANSP', dir: 'asc' },
  { filters: { from: '2024-03-01', to: '2024-03-31' }, sort: 'TRANSP', dir: 'desc' },
  { filters: { NUMERO_AUTO: 'T0000012' }, sort: 'PLACA', dir: 'asc' },
  { filters: { PLACA: 'C', from: '2023-06-01' }, sort: 'PLACA', dir: 'desc' },
];

describe(`fines table: ranges under every kind of sort (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const get = (url: string) => t.as(DEMO.gestorMultas)({ method: 'GET', url });

  beforeAll(async () => {
    t = await buildTestApp();
    await loadFines(t.db, demoFines(1800, { seed: 21, prefix: 'T' }), nowIso());
  });
  afterAll(() => t.close());

  /** The ids the filters select, in the sort's order, by plain SQL. */
  async function expected(f: Query, sort: string, dir: 'asc' | 'desc'): Promise<number[]> {
    let q = t.db.selectFrom('fines').select('id');
    if (f.responsible) q = q.where('responsavel', '=', f.responsible);
    if (f.STATUS_PAGMTO) q = q.where('STATUS_PAGMTO', '=', f.STATUS_PAGMTO);
    if (f.from) q = q.where('DATA_INFRACAO', '>=', f.from);
    if (f.to) q = q.where('DATA_INFRACAO', '<=', f.to);
    if (f.PLACA) q = q.where('PLACA', 'like', `${f.PLACA}%`);
    if (f.NUMERO_AUTO) q = q.where('NUMERO_AUTO', 'like', `${f.NUMERO_AUTO}%`);
    for (const k of KEYS[sort] ?? []) q = q.orderBy(k as 'id', dir);
    return (await q.execute()).map((r) => r.id);
  }

  it.each(CASES)('$filters by $sort $dir: the same pages as SQL', async ({ filters, sort, dir }) => {
    const want = await expected(filters, sort, dir);
    expect(want.length, 'the case selects fines').toBeGreaterThan(0);
    const got: number[] = [];
    let cursor: string | undefined;
    let total: number | undefined;
    let capped: boolean | undefined;
    for (let n = 0; n < PAGES; n++) {
      const query = new URLSearchParams({ ...filters, sort, dir, pageSize: String(PAGE) });
      if (cursor) query.set('cursor', cursor);
      const res = await get(`/api/fines?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        rows: { id: number }[];
        total?: number;
        totalCapped?: boolean;
        nextCursor?: string;
      };
      if (n === 0) ({ total, totalCapped: capped } = body);
      got.push(...body.rows.map((r) => r.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(got).toEqual(want.slice(0, got.length));
    expect(got.length).toBe(Math.min(want.length, PAGE * PAGES));
    expect(total).toBe(Math.min(want.length, 1000));
    // Past the count's cap the reply says so: the screen reads "mais de 1.000".
    expect(capped).toBe(want.length > 1000 ? true : undefined);
  });
});
