import { CONTRACT_DATE, type FineFilters } from '@intranet/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { DashboardCell } from './fines.queries.ts';

/**
 * The dashboard from the summary table `fines_aggregates` (migration 0014, kept by triggers in the
 * same transaction as every change of a fine): a few hundred cells instead of every fine. It holds
 * the responsible and business dimensions, so it answers the dashboard without filters or with
 * those two (the common ones, spec §9). The cube (migration 0017, `cubeDashboardCells` below)
 * answers the statuses, the unit and a period's whole months with them; the carrier, the plate,
 * the auto number and a period's partial months go to the pass over the fines grouped into the
 * same cells in one statement (fines.queries.ts#filteredCells). docs/decisions.md, Fines.
 */

type Filters = Partial<FineFilters>;

/** True when the summary answers these filters: none, or only responsible and business. */
export function summaryAnswers(f: Filters): boolean {
  return Object.entries(f).every(
    ([k, v]) => v === undefined || v === '' || k === 'responsible' || k === 'business',
  );
}

const CATEGORY_DIMS = ['ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO', 'UNIDADE', 'STATUS_ND'] as const;
const SUM_DIMS = ['total', 'pago', 'contrato', 'nd', 'mes', ...CATEGORY_DIMS];

function cells(db: DbOrTx, f: Filters) {
  let q = db.selectFrom('fines_aggregates');
  if (f.responsible && f.responsible !== 'all') q = q.where('responsavel', '=', f.responsible);
  if (f.business && f.business !== 'all') q = q.where('negocio_grupo', '=', f.business);
  return q;
}

export type SeriesKey =
  | 'ORGAO_AUTUADOR'
  | 'TRANSP'
  | 'TIPO_VEICULO'
  | 'UNIDADE'
  | 'STATUS_ND'
  | 'year'
  | 'month'
  | 'semester';

const n = (v: unknown) => Number(v ?? 0);
const DAY_MS = 86_400_000;

export interface SeriesPoint {
  key: string;
  count: number;
  value: number;
}

/** Spec §3 aggregates and the dashboard's series, as fines.service.ts#aggregates answers them. */
export async function summaryAggregates(db: DbOrTx, f: Filters, today: string) {
  const [rows, delay, open, maxValue] = await Promise.all([
    cells(db, f)
      .select(({ fn }) => [
        'dim',
        'key',
        'responsavel',
        fn.sum<number>('count').as('count'),
        fn.sum<number>('value').as('value'),
      ])
      .where('dim', 'in', SUM_DIMS)
      .groupBy(['dim', 'key', 'responsavel'])
      .execute(),
    // Longest delay of a paid fine: the largest day count with a fine left in it.
    cells(db, f)
      .select('key')
      .where('dim', '=', 'atraso')
      .groupBy('key')
      .having(({ fn }) => fn.sum('count'), '>', 0)
      .execute(),
    // Oldest due date of a fine not paid yet (its delay runs until today).
    cells(db, f)
      .select('key')
      .where('dim', '=', 'venc_aberto')
      .groupBy('key')
      .having(({ fn }) => fn.sum('count'), '>', 0)
      .orderBy('key')
      .limit(1)
      .executeTakeFirst(),
    maxFineValue(db, f),
  ]);

  const delays = delay.map((r) => Number(r.key));
  if (open) delays.push(Math.round((Date.parse(today) - Date.parse(open.key)) / DAY_MS));
  return dashboardFromCells(rows, Math.max(0, ...delays), maxValue);
}

/**
 * Spec §3 aggregates and the series from cells grouped as the summary table holds them (the
 * summary itself, or the pass over the filtered fines, fines.queries.ts#filteredCells).
 */
export function dashboardFromCells(rows: readonly DashboardCell[], maiorAtraso: number, maxValue: number) {
  const byDim = new Map<string, Map<string, { count: number; value: number }>>();
  const responsible = { transp: 0, braskem: 0, '': 0 } as Record<string, number>;
  for (const r of rows) {
    const count = n(r.count);
    if (r.dim === 'total') responsible[r.responsavel] = (responsible[r.responsavel] ?? 0) + count;
    const keys = byDim.get(r.dim) ?? new Map<string, { count: number; value: number }>();
    byDim.set(r.dim, keys);
    const cell = keys.get(r.key) ?? { count: 0, value: 0 };
    cell.count += count;
    cell.value += n(r.value);
    keys.set(r.key, cell);
  }
  const cell = (dim: string, key: string) => byDim.get(dim)?.get(key) ?? { count: 0, value: 0 };
  const points = (dim: string): SeriesPoint[] =>
    [...(byDim.get(dim) ?? new Map<string, { count: number; value: number }>())]
      .filter(([key, c]) => key !== '' && c.count > 0)
      .map(([key, c]) => ({ key, count: c.count, value: c.value / 100 }));

  const ndYes = cell('nd', 'sim');
  const ndNo = cell('nd', 'nao');
  const totals = {
    totalMultas: cell('total', '').count,
    totalMultasPago: cell('pago', 'sim').count,
    totalMultasAPagar: cell('pago', 'nao').count,
    totalValMultas: cell('total', '').value / 100,
    totalValPago: cell('pago', 'sim').value / 100,
    totalValAPagar: cell('pago', 'nao').value / 100,
    maiorValMulta: n(maxValue) / 100,
    maiorAtraso: Math.max(0, maiorAtraso),
    totalFinesBeforeContract: cell('contrato', 'antes').count,
    totalFinesAfterContract: cell('contrato', 'depois').count,
    totalFinesTransp: responsible.transp ?? 0,
    totalTransp: points('TRANSP').length,
    totalND: ndYes.count,
    totalValND: (ndYes.value + ndNo.value) / 100,
    countTransp: responsible.transp ?? 0,
    countBraskem: responsible.braskem ?? 0,
    countUnspecified: responsible[''] ?? 0,
  };

  const months = points('mes').sort((a, b) => cmp(a.key, b.key));
  const series: Record<SeriesKey, SeriesPoint[]> = {
    ORGAO_AUTUADOR: top(points('ORGAO_AUTUADOR')),
    TRANSP: top(points('TRANSP')),
    TIPO_VEICULO: top(points('TIPO_VEICULO')),
    UNIDADE: top(points('UNIDADE')),
    STATUS_ND: top(points('STATUS_ND')),
    month: months,
    ...yearsAndSemesters(months),
  };
  return { totals, series };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The most fined first (ties by key), 20 of them, as the dashboard has always ordered a column. */
function top(points: SeriesPoint[], limit = 20): SeriesPoint[] {
  return points.sort((a, b) => b.count - a.count || cmp(a.key, b.key)).slice(0, limit);
}

/** The yearly and semester series from the monthly one (months in order). */
export function yearsAndSemesters(months: SeriesPoint[]) {
  return {
    year: rollUp(months, (m) => m.slice(0, 4)),
    semester: rollUp(months, (m) => `${m.slice(0, 4)}-${m.slice(5, 7) <= '06' ? 'S1' : 'S2'}`),
  };
}

/** Months (in order) summed into years or semesters, in order. */
function rollUp(months: SeriesPoint[], keyOf: (month: string) => string): SeriesPoint[] {
  const out = new Map<string, SeriesPoint>();
  for (const m of months) {
    const key = keyOf(m.key);
    const p = out.get(key) ?? { key, count: 0, value: 0 };
    p.count += m.count;
    p.value = Math.round((p.value + m.value) * 100) / 100;
    out.set(key, p);
  }
  return [...out.values()];
}

/** The largest VALOR_TOTAL_MULTA (centavos) of the filtered fines, read off an index. */
async function maxFineValue(db: DbOrTx, f: Filters): Promise<number> {
  let q = db.selectFrom('fines').select(({ fn }) => fn.max('fines.VALOR_TOTAL_MULTA').as('v'));
  if (f.responsible && f.responsible !== 'all') q = q.where('fines.responsavel', '=', f.responsible);
  if (f.business && f.business !== 'all') q = q.where('fines.negocio_grupo', '=', f.business);
  const r = await q.executeTakeFirst();
  return n(r?.v);
}

/**
 * True when the cube (migration 0017, `fines_cube`) answers these filters: any of responsible,
 * business, the three statuses, unit and period; not carrier, plate or auto number (the pass,
 * which those select few fines for). A period's whole months come from the cube, its partial
 * months from the pass (fines.service.ts#dashboardByCube).
 */
export function cubeAnswers(f: Filters): boolean {
  return !f.TRANSP && !f.PLACA && !f.NUMERO_AUTO;
}

type Months = { from?: string; to?: string };

/**
 * Which combinations of the cube (fines_cube's cells, fines_cube_max's maxima: both keyed by the
 * combination) these filters and whole months (yyyy-MM, inclusive; undefined: open) take.
 */
function combosOf(f: Filters, months: Months) {
  const terms: RawBuilder<boolean>[] = [];
  const is = (column: string, op: '=' | '<>' | '>=' | '<=', value: string) =>
    terms.push(sql<boolean>`${sql.ref(column)} ${sql.raw(op)} ${value}`);
  if (f.responsible && f.responsible !== 'all') is('responsavel', '=', f.responsible);
  if (f.business && f.business !== 'all') is('negocio_grupo', '=', f.business);
  if (f.STATUS_MULTA) is('status_multa', '=', f.STATUS_MULTA);
  if (f.STATUS_PAGMTO) is('status_pagmto', '=', f.STATUS_PAGMTO);
  if (f.STATUS_ND) is('status_nd', '=', f.STATUS_ND);
  if (f.UNIDADE) is('unidade', '=', f.UNIDADE);
  // A period leaves out the fines without DATA_INFRACAO (mes '').
  if (months.from !== undefined || months.to !== undefined) is('mes', '<>', '');
  if (months.from !== undefined) is('mes', '>=', months.from);
  if (months.to !== undefined) is('mes', '<=', months.to);
  return terms.length > 0 ? sql<boolean>`${sql.join(terms, sql` and `)}` : sql<boolean>`1 = 1`;
}

const cubeCells = (db: DbOrTx, f: Filters, months: Months) =>
  db.selectFrom('fines_cube').where(combosOf(f, months));

const cubeMaxima = (db: DbOrTx, f: Filters, months: Months) =>
  db.selectFrom('fines_cube_max').where(combosOf(f, months));

/**
 * The dashboard's cells (as fines.queries.ts#filteredCells answers them, dim `max` included) of the
 * fines of these filters in these whole months, from the cube: its cells summed per (dim, key),
 * the total cells grouped by their responsible, unit, ND status and month columns (and the
 * month's side of the contract date), the maxima of the matching combinations.
 */
export async function cubeDashboardCells(
  db: DbOrTx,
  f: Filters,
  months: { from?: string; to?: string },
  today: string,
): Promise<DashboardPart> {
  const contractMonth = CONTRACT_DATE.slice(0, 7);
  const base = () => cubeCells(db, f, months);
  const total = () => base().where('dim', '=', 'total');
  const byColumn = (c: 'unidade' | 'status_nd' | 'mes') =>
    total()
      .select(({ fn }) => [
        `${c} as key`,
        fn.sum<number>('count').as('count'),
        fn.sum<number>('value').as('value'),
      ])
      .groupBy(c)
      .execute();
  const [byKey, byResponsible, byUnit, byNd, byMonth, maxima] = await Promise.all([
    base()
      .select(({ fn }) => [
        'dim',
        'key',
        fn.sum<number>('count').as('count'),
        fn.sum<number>('value').as('value'),
      ])
      // The dims by name: a range of the key (dim, key, …) each, which `<>` would not use.
      .where('dim', 'in', ['pago', 'nd', 'ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO'])
      .groupBy(['dim', 'key'])
      .execute(),
    total()
      .select(({ fn }) => [
        'responsavel',
        fn.sum<number>('count').as('count'),
        fn.sum<number>('value').as('value'),
      ])
      .groupBy('responsavel')
      .execute(),
    byColumn('unidade'),
    byColumn('status_nd'),
    byColumn('mes'),
    cubeMaxima(db, f, months)
      .select(({ fn }) => [
        fn.max('max_valor').as('valor'),
        fn.max('max_atraso').as('atraso'),
        fn.min('min_venc').as('venc'),
      ])
      .executeTakeFirst(),
  ]);
  const cells: DashboardCell[] = byKey.map((r) => ({ ...r, responsavel: '' }));
  for (const r of byResponsible) cells.push({ dim: 'total', key: '', ...r });
  const grouped = (dim: string, rows: typeof byUnit) => {
    for (const r of rows)
      cells.push({ dim, key: String(r.key), responsavel: '', count: r.count, value: r.value });
  };
  grouped('UNIDADE', byUnit);
  grouped('STATUS_ND', byNd);
  grouped('mes', byMonth);
  for (const r of byMonth) {
    if (r.key === '') continue;
    const key = String(r.key) < contractMonth ? 'antes' : 'depois';
    cells.push({ dim: 'contrato', key, responsavel: '', count: r.count, value: 0 });
  }
  const delays: number[] = [];
  if (maxima?.atraso !== null && maxima?.atraso !== undefined) delays.push(n(maxima.atraso));
  if (maxima?.venc) delays.push(Math.round((Date.parse(today) - Date.parse(String(maxima.venc))) / DAY_MS));
  return {
    cells,
    maxDelay: delays.length > 0 ? Math.max(...delays) : null,
    maxValue: maxima?.valor === null || maxima?.valor === undefined ? null : n(maxima.valor),
  };
}

/** Cells, the longest delay and the largest fine of a part of the filtered fines. */
export interface DashboardPart {
  cells: DashboardCell[];
  maxDelay: number | null;
  maxValue: number | null;
}

/** The dashboard of the parts (the cube's whole months, the pass's partial ones) together. */
export function dashboardFromParts(parts: readonly DashboardPart[]) {
  const most = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length > 0 ? Math.max(...known) : 0;
  };
  return dashboardFromCells(
    parts.flatMap((p) => p.cells),
    most(parts.map((p) => p.maxDelay)),
    most(parts.map((p) => p.maxValue)),
  );
}
