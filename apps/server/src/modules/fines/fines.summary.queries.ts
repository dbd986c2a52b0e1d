import { CONTRACT_DATE, type FineFilters } from '@intranet/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { type CubeReads, cubeReads } from './fines.months.ts';
import type { DashboardCell } from './fines.queries.ts';

/**
 * The dashboard from the summary table `fines_aggregates` (migration 0014, kept by triggers in the
 * same transaction as every change of a fine): a few hundred cells instead of every fine. It holds
 * the responsible and business dimensions, so it answers the dashboard without filters or with
 * those two (the common ones, spec §9). The cube (migration 0017, `cubeDashboardCells` below)
 * answers the statuses, the unit and a period's whole months with them; the carrier, the plate,
 * the auto number and a period's partial months go to the pass over the fines grouped into the
 * same cells in one statement (fines.queries.ts#filteredCells). Decision 0079.
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

/** The cube's filter columns (0017; the roll-up's too, 0020) these filters fix, as one condition. */
function comboTerms(f: Filters) {
  const terms: RawBuilder<boolean>[] = [];
  const is = (column: string, value: string) => terms.push(sql<boolean>`${sql.ref(column)} = ${value}`);
  if (f.responsible && f.responsible !== 'all') is('responsavel', f.responsible);
  if (f.business && f.business !== 'all') is('negocio_grupo', f.business);
  if (f.STATUS_MULTA) is('status_multa', f.STATUS_MULTA);
  if (f.STATUS_PAGMTO) is('status_pagmto', f.STATUS_PAGMTO);
  if (f.STATUS_ND) is('status_nd', f.STATUS_ND);
  if (f.UNIDADE) is('unidade', f.UNIDADE);
  return terms;
}

const and = (terms: RawBuilder<boolean>[]) =>
  terms.length > 0 ? sql<boolean>`${sql.join(terms, sql` and `)}` : sql<boolean>`1 = 1`;

interface CubeRow {
  dim: string;
  key: string | null;
  r: string;
  u: string;
  s: string;
  count: number | string | null;
  value: number | string | null;
}

/** The cube's dims besides the total, by name: a range of the key (ano, dim, key, …) each, which `not in` would not use. */
const CUBE_DIMS = sql.join(['pago', 'nd', 'ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO'].map((d) => sql.lit(d)));

const yearsIn = (years: CubeReads['years']) =>
  years === 'all'
    ? sql<boolean>`ano = '*'`
    : sql<boolean>`(${sql.join(
        years.map((y) => sql<boolean>`ano >= ${y.from} and ano <= ${y.to}`),
        sql` or `,
      )})`;

const monthsIn = (column: string, m: { from: string; to: string }) =>
  sql<boolean>`${sql.ref(column)} >= ${m.from} and ${sql.ref(column)} <= ${m.to}`;

/**
 * The dashboard's cells (as fines.queries.ts#filteredCells answers them, dim `max` included) of the
 * fines of these filters in these whole months, from the cube in one statement (decision
 * 0080). Its arms, each grouped on its own:
 * - the whole years (or, without a period, every month) from the roll-up `fines_cube_roll`
 *   (migration 0020): the dims' cells per (dim, key), in the order of its key (ano, dim, key, …),
 *   and the total cells per responsible, unit and ND status;
 * - a year's months from `fines_cube` (added, or taken away from the whole year: fines.months.ts#
 *   cubeReads) the same way, each dim's key sought with the month range (the cube's key is (dim,
 *   key, mes, …); the keys from the roll-up of that year);
 * - the monthly series from the roll-up's months (dim 'mes'), in the order of its key;
 * - the maxima from `fines_cube_max_roll` and `fines_cube_max`.
 */
export async function cubeDashboardCells(
  db: DbOrTx,
  f: Filters,
  months: Months,
  today: string,
): Promise<DashboardPart> {
  const reads = cubeReads(months);
  const combo = comboTerms(f);
  const arms: RawBuilder<unknown>[] = [];
  const sum = (sign: 1 | -1, alias = '') =>
    sql.raw(`${sign} * sum(${alias}count) as count, ${sign} * sum(${alias}value) as value`);
  const totals = (table: 'fines_cube' | 'fines_cube_roll', where: RawBuilder<boolean>, sign: 1 | -1) =>
    arms.push(sql`select 'total' as dim, '' as key, responsavel as r, unidade as u, status_nd as s, ${sum(sign)}
      from ${sql.table(table)} where ${and([sql<boolean>`dim = 'total' and key = ''`, where, ...combo])}
      group by responsavel, unidade, status_nd`);
  if (reads.years === 'all' || reads.years.length > 0) {
    const years = yearsIn(reads.years);
    arms.push(sql`select dim, key, '' as r, '' as u, '' as s, ${sum(1)} from fines_cube_roll
      where ${and([years, sql<boolean>`dim in (${CUBE_DIMS})`, ...combo])} group by dim, key`);
    totals('fines_cube_roll', years, 1);
  }
  for (const m of reads.months) {
    const keys = sql`(select distinct dim, key from fines_cube_roll
      where ano = ${m.from.slice(0, 4)} and dim in (${CUBE_DIMS})) cube_keys`;
    const cells = isPostgres(db)
      ? // A lateral subquery kept apart (offset 0): PostgreSQL would otherwise join the keys by scanning the cube.
        sql`${keys} cross join lateral (select * from fines_cube c where c.dim = cube_keys.dim and c.key = cube_keys.key
          and ${monthsIn('c.mes', m)} and ${and(combo)} offset 0) c`
      : sql`${keys} join fines_cube c on c.dim = cube_keys.dim and c.key = cube_keys.key
          and ${monthsIn('c.mes', m)} and ${and(combo)}`;
    arms.push(sql`select c.dim, c.key, '' as r, '' as u, '' as s, ${sum(m.sign, 'c.')} from ${cells}
      group by c.dim, c.key`);
    totals('fines_cube', monthsIn('mes', m), m.sign);
  }
  const series = reads.series ? monthsIn('key', reads.series) : sql<boolean>`1 = 1`;
  arms.push(sql`select 'mes' as dim, key, '' as r, '' as u, '' as s, ${sum(1)} from fines_cube_roll
    where ${and([sql<boolean>`ano = '*' and dim = 'mes'`, series, ...combo])} group by key`);
  const maxima: RawBuilder<unknown>[] = [];
  const maxColumns = sql.raw('min_venc, max_atraso, max_valor');
  if (reads.maxYears === 'all' || reads.maxYears.length > 0)
    maxima.push(
      sql`select ${maxColumns} from fines_cube_max_roll where ${and([yearsIn(reads.maxYears), ...combo])}`,
    );
  for (const m of reads.maxMonths)
    maxima.push(sql`select ${maxColumns} from fines_cube_max where ${and([monthsIn('mes', m), ...combo])}`);
  arms.push(sql`select 'max' as dim, min(min_venc) as key, '' as r, '' as u, '' as s,
    max(max_atraso) as count, max(max_valor) as value from (${sql.join(maxima, sql` union all `)}) cube_maxima`);
  const { rows } = await sql<CubeRow>`${sql.join(arms, sql` union all `)}`.execute(db);
  return cubePart(rows, today);
}

/** The rows of cubeDashboardCells' statement as the dashboard's cells. */
function cubePart(rows: readonly CubeRow[], today: string): DashboardPart {
  const contractMonth = CONTRACT_DATE.slice(0, 7);
  const cells: DashboardCell[] = [];
  let max: CubeRow | undefined;
  for (const row of rows) {
    const { dim, count, value } = row;
    const key = row.key ?? '';
    const cell = (d: string, k: string, responsavel = '') =>
      cells.push({ dim: d, key: k, responsavel, count: count ?? 0, value: value ?? 0 });
    if (dim === 'max') max = row;
    else if (dim === 'total') {
      cell('total', '', row.r);
      cell('UNIDADE', row.u);
      cell('STATUS_ND', row.s);
    } else if (dim === 'mes') {
      cell('mes', key);
      if (key !== '')
        cells.push({
          dim: 'contrato',
          key: key < contractMonth ? 'antes' : 'depois',
          responsavel: '',
          count: count ?? 0,
          value: 0,
        });
    } else cell(dim, key);
  }
  const delays: number[] = [];
  if (max?.count !== null && max?.count !== undefined) delays.push(n(max.count));
  if (max?.key) delays.push(Math.round((Date.parse(today) - Date.parse(max.key)) / DAY_MS));
  return {
    cells,
    maxDelay: delays.length > 0 ? Math.max(...delays) : null,
    maxValue: max?.value === null || max?.value === undefined ? null : n(max.value),
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
