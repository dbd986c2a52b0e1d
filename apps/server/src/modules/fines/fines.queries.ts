import {
  BM_MAX_ROWS,
  CONTRACT_DATE,
  FINE_FIELD_NAMES,
  FINE_MONEY_FIELDS,
  type FineField,
  type FineFilters,
  type FineRow,
  type FineSort,
  monthBounds,
  PAID,
} from '@intranet/contracts';
import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { daysBetween } from '../../db/dialect.ts';
import type { Database, FinesTable } from '../../db/schema.ts';
import { type PageRequest, pagedQuery } from '../../platform/paged-query.ts';

type Eb = ExpressionBuilder<Database, 'fines'>;
export type FineRecord = Selectable<FinesTable>;
export type NewFine = Insertable<FinesTable>;
export type FineChanges = Updateable<FinesTable>;

const ROW_COLUMNS = ['fines.id', ...FINE_FIELD_NAMES.map((f) => `fines.${f}` as const)] as const;
const MONEY = new Set<string>(FINE_MONEY_FIELDS);

/** A stored fine as the API answers it: money back from centavos to reais. */
export function toFineRow(record: Pick<FineRecord, 'id' | FineField>): FineRow {
  const row: Record<string, unknown> = { id: record.id };
  for (const f of FINE_FIELD_NAMES) {
    const v = record[f];
    row[f] = MONEY.has(f) ? Number(v) / 100 : typeof v === 'number' || v === null ? v : String(v);
  }
  return row as FineRow;
}

/**
 * Strings that start with `prefix` as a range (>= prefix, < prefix with its last character
 * bumped): both databases walk an index for it, where LIKE 'x%' would not.
 */
function startsWith(eb: Eb, column: 'fines.PLACA' | 'fines.NUMERO_AUTO', prefix: string) {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return eb.and([eb(column, '>=', prefix), eb(column, '<', end)]);
}

/** The left filter bar in SQL; every condition has an index (migration 0006_fines). */
function filtersOf(eb: Eb, f: Partial<FineFilters>) {
  const and = [];
  if (f.responsible && f.responsible !== 'all') and.push(eb('fines.responsavel', '=', f.responsible));
  if (f.business && f.business !== 'all') and.push(eb('fines.negocio_grupo', '=', f.business));
  if (f.from) and.push(eb('fines.DATA_INFRACAO', '>=', f.from));
  if (f.to) and.push(eb('fines.DATA_INFRACAO', '<=', f.to));
  if (f.STATUS_MULTA) and.push(eb('fines.STATUS_MULTA', '=', f.STATUS_MULTA));
  if (f.STATUS_PAGMTO) and.push(eb('fines.STATUS_PAGMTO', '=', f.STATUS_PAGMTO));
  if (f.STATUS_ND) and.push(eb('fines.STATUS_ND', '=', f.STATUS_ND));
  if (f.UNIDADE) and.push(eb('fines.UNIDADE', '=', f.UNIDADE));
  if (f.TRANSP) and.push(eb('fines.TRANSP', '=', f.TRANSP));
  if (f.PLACA) and.push(startsWith(eb, 'fines.PLACA', f.PLACA));
  if (f.NUMERO_AUTO) and.push(startsWith(eb, 'fines.NUMERO_AUTO', f.NUMERO_AUTO));
  return eb.and(and);
}

const filtered = (db: DbOrTx, f: Partial<FineFilters>) =>
  db.selectFrom('fines').where((eb) => filtersOf(eb, f));

/** Each sortable column (FINE_SORT) → what it orders by; every one has an index ending in id. */
const SORT_COLUMNS: Record<FineSort, readonly `fines.${FineField | 'id'}`[]> = {
  id: ['fines.id'],
  NUMERO_AUTO: ['fines.NUMERO_AUTO'],
  DATA_INFRACAO: ['fines.DATA_INFRACAO'],
  DATA_VENC_MULTA: ['fines.DATA_VENC_MULTA'],
  DATA_PAGMTO: ['fines.DATA_PAGMTO'],
  VALOR_TOTAL_MULTA: ['fines.VALOR_TOTAL_MULTA'],
  UNIDADE: ['fines.UNIDADE', 'fines.DATA_INFRACAO'],
  TRANSP: ['fines.TRANSP', 'fines.DATA_INFRACAO'],
  PLACA: ['fines.PLACA'],
  STATUS_MULTA: ['fines.STATUS_MULTA', 'fines.DATA_INFRACAO'],
  STATUS_PAGMTO: ['fines.STATUS_PAGMTO', 'fines.DATA_INFRACAO'],
  STATUS_ND: ['fines.STATUS_ND', 'fines.DATA_INFRACAO'],
};

export type FinePageRequest = Omit<PageRequest<FineSort>, 'page'>;

/**
 * A page of the filtered fines by keyset (cursor) paging. NULL dates sort as the database puts
 * them (both put NULL last ascending on SQLite, first on PostgreSQL) and the cursor keeps the order.
 */
export function listFines(db: DbOrTx, f: Partial<FineFilters>, p: FinePageRequest) {
  return pagedQuery(
    filtered(db, f),
    { select: (q) => q.select(ROW_COLUMNS), sort: SORT_COLUMNS, tiebreak: 'fines.id' },
    { ...p, cursor: p.cursor ?? '' },
  );
}

/** The filtered fines in keyset batches (exports): constant memory at any size. */
export async function* fineBatches(db: DbOrTx, f: Partial<FineFilters>, batchSize = 1000) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      filtered(db, f),
      {
        select: (q) => q.select(ROW_COLUMNS),
        sort: SORT_COLUMNS,
        tiebreak: 'fines.id',
        maxPageSize: batchSize,
      },
      { sort: 'DATA_INFRACAO', dir: 'desc', pageSize: batchSize, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}

/** GET managerFines (spec §7): by id, by NUMERO_AUTO, or a page by offset, oldest first. */
export function managerFines(
  db: DbOrTx,
  q: { id?: number; NUMERO_AUTO?: string; limit: number; pageIndex: number },
) {
  let query = db.selectFrom('fines').select(ROW_COLUMNS);
  if (q.id !== undefined) query = query.where('fines.id', '=', q.id);
  if (q.NUMERO_AUTO !== undefined) query = query.where('fines.NUMERO_AUTO', '=', q.NUMERO_AUTO);
  return query
    .orderBy('fines.id')
    .limit(q.limit)
    .offset(q.pageIndex * q.limit)
    .execute();
}

export function findFine(db: DbOrTx, id: number): Promise<FineRecord | undefined> {
  return db.selectFrom('fines').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertFine(db: DbOrTx, values: NewFine): Promise<number> {
  const row = await db.insertInto('fines').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Many new fines in one multi-row insert (imports batch them under the databases' parameter limits). */
export async function insertFines(db: DbOrTx, values: readonly NewFine[]): Promise<void> {
  if (values.length > 0) await db.insertInto('fines').values(values).execute();
}

/** The stored fines with these auto numbers (the unique index answers each). */
export function finesByNumero(db: DbOrTx, numeros: readonly string[]): Promise<FineRecord[]> {
  if (numeros.length === 0) return Promise.resolve([]);
  return db.selectFrom('fines').selectAll().where('NUMERO_AUTO', 'in', numeros).execute();
}

/** Only which of these auto numbers exist (an import's preview). */
export async function knownNumeros(db: DbOrTx, numeros: readonly string[]): Promise<Set<string>> {
  if (numeros.length === 0) return new Set();
  const rows = await db
    .selectFrom('fines')
    .select('NUMERO_AUTO')
    .where('NUMERO_AUTO', 'in', numeros)
    .execute();
  return new Set(rows.map((r) => r.NUMERO_AUTO));
}

export async function updateFine(db: DbOrTx, id: number, changes: FineChanges): Promise<void> {
  await db.updateTable('fines').set(changes).where('id', '=', id).execute();
}

export async function filterOptions(db: DbOrTx) {
  const distinct = (column: 'UNIDADE' | 'TRANSP') =>
    db
      .selectFrom('fines')
      .select(`fines.${column} as v`)
      .distinct()
      .where(`fines.${column}`, 'is not', null)
      .orderBy(`fines.${column}`)
      .limit(500)
      .execute();
  const [units, carriers] = await Promise.all([distinct('UNIDADE'), distinct('TRANSP')]);
  const values = (rows: { v: string | null }[]) => rows.map((r) => r.v ?? '').filter(Boolean);
  return { units: values(units), carriers: values(carriers) };
}

const n = (v: unknown) => Number(v ?? 0);

/** Spec §3 Fine aggregates in one SQL pass over the filtered fines (money in centavos). */
export async function aggregateTotals(db: DbOrTx, f: Partial<FineFilters>, today: string) {
  const paid = sql<boolean>`"STATUS_PAGMTO" = ${PAID}`;
  const unpaid = sql<boolean>`("STATUS_PAGMTO" is null or "STATUS_PAGMTO" <> ${PAID})`;
  const count = (cond: ReturnType<typeof sql<boolean>>) =>
    sql<number>`sum(case when ${cond} then 1 else 0 end)`;
  const delay = daysBetween(db, sql.ref('DATA_VENC_MULTA'), sql`coalesce("DATA_PAGMTO", ${today})`);
  const r = await filtered(db, f)
    .select([
      sql<number>`count(*)`.as('totalMultas'),
      count(paid).as('totalMultasPago'),
      count(unpaid).as('totalMultasAPagar'),
      sql<number>`sum("VALOR_TOTAL_MULTA")`.as('totalValMultas'),
      sql<number>`sum(case when ${paid} then "VAL_PAGO_ATUALIZADO" else 0 end)`.as('totalValPago'),
      sql<number>`sum(case when ${unpaid} then (case when "VALOR_ATUALIZADO" > 0 then "VALOR_ATUALIZADO" else "VALOR_TOTAL_MULTA" end) else 0 end)`.as(
        'totalValAPagar',
      ),
      sql<number>`max("VALOR_TOTAL_MULTA")`.as('maiorValMulta'),
      sql<number>`max(case when "DATA_VENC_MULTA" is not null then ${delay} end)`.as('maiorAtraso'),
      count(sql`"DATA_INFRACAO" < ${CONTRACT_DATE}`).as('totalFinesBeforeContract'),
      count(sql`"DATA_INFRACAO" >= ${CONTRACT_DATE}`).as('totalFinesAfterContract'),
      sql<number>`count(distinct "TRANSP")`.as('totalTransp'),
      count(sql`"N_DOC_NOTA_DEBITO" is not null`).as('totalND'),
      sql<number>`sum("VAL_REALIZADO_ND")`.as('totalValND'),
      count(sql`responsavel = 'transp'`).as('countTransp'),
      count(sql`responsavel = 'braskem'`).as('countBraskem'),
      count(sql`responsavel is null`).as('countUnspecified'),
    ])
    .executeTakeFirstOrThrow();
  const reais = (v: unknown) => n(v) / 100;
  return {
    totalMultas: n(r.totalMultas),
    totalMultasPago: n(r.totalMultasPago),
    totalMultasAPagar: n(r.totalMultasAPagar),
    totalValMultas: reais(r.totalValMultas),
    totalValPago: reais(r.totalValPago),
    totalValAPagar: reais(r.totalValAPagar),
    maiorValMulta: reais(r.maiorValMulta),
    maiorAtraso: Math.max(0, n(r.maiorAtraso)),
    totalFinesBeforeContract: n(r.totalFinesBeforeContract),
    totalFinesAfterContract: n(r.totalFinesAfterContract),
    totalFinesTransp: n(r.countTransp),
    totalTransp: n(r.totalTransp),
    totalND: n(r.totalND),
    totalValND: reais(r.totalValND),
    countTransp: n(r.countTransp),
    countBraskem: n(r.countBraskem),
    countUnspecified: n(r.countUnspecified),
  };
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

function keyExpression(key: SeriesKey) {
  switch (key) {
    case 'year':
      return sql<string>`substr("DATA_INFRACAO", 1, 4)`;
    case 'month':
      return sql<string>`substr("DATA_INFRACAO", 1, 7)`;
    case 'semester':
      return sql<string>`substr("DATA_INFRACAO", 1, 4) || case when substr("DATA_INFRACAO", 6, 2) <= '06' then '-S1' else '-S2' end`;
    default:
      return sql<string>`${sql.ref(key)}`;
  }
}

/**
 * One dashboard series: fines and their VALOR_TOTAL_MULTA grouped by a column (the most fined
 * first, `limit` of them) or by period of DATA_INFRACAO (in time order). Unset keys are left out.
 */
export async function aggregateSeries(db: DbOrTx, f: Partial<FineFilters>, key: SeriesKey, limit = 20) {
  const k = keyExpression(key);
  const source = key === 'year' || key === 'month' || key === 'semester' ? 'DATA_INFRACAO' : key;
  let query = filtered(db, f)
    .where(sql.ref(`fines.${source}`), 'is not', null)
    .select([
      k.as('key'),
      sql<number>`count(*)`.as('count'),
      sql<number>`sum("VALOR_TOTAL_MULTA")`.as('value'),
    ])
    .groupBy(k);
  query =
    source === 'DATA_INFRACAO'
      ? query.orderBy(k).limit(1000)
      : query.orderBy(sql`count(*)`, 'desc').orderBy(k).limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({ key: String(r.key), count: n(r.count), value: n(r.value) / 100 }));
}

/**
 * BM report of a month (spec §4): fines with DATA_APURACAO (AP) or DATA_PAGMTO (PG) in it.
 * Dates are calendar days, so the month's bounds are plain text comparisons (no time zone).
 */
export function bmQuery(db: DbOrTx, year: number, month: number, limit: number = BM_MAX_ROWS + 1) {
  const { from, to } = monthBounds(year, month);
  return db
    .selectFrom('fines')
    .select(ROW_COLUMNS)
    .where((eb) =>
      eb.or([
        eb.and([eb('fines.DATA_APURACAO', '>=', from), eb('fines.DATA_APURACAO', '<', to)]),
        eb.and([eb('fines.DATA_PAGMTO', '>=', from), eb('fines.DATA_PAGMTO', '<', to)]),
      ]),
    )
    .orderBy('fines.id')
    .limit(limit);
}

/** The BM rows of a month in id batches (BM.xlsx). */
export async function* bmBatches(db: DbOrTx, year: number, month: number, batchSize = 1000) {
  let last = 0;
  for (;;) {
    const rows = await bmQuery(db, year, month, batchSize).where('fines.id', '>', last).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1]!.id;
  }
}
