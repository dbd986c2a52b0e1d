import {
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
import { arrayRows } from '../../db/array-rows.ts';
import type { DbOrTx } from '../../db/database.ts';
import { daysBetween, isPostgres } from '../../db/dialect.ts';
import type { Database, FinesTable } from '../../db/schema.ts';
import {
  type PageRequest,
  pagedQuery,
  type RangeBound,
  rangeTest,
  textWalkRows,
} from '../../platform/lists/index.ts';
import type { TextTest } from '../../platform/text-search.ts';

type Eb = ExpressionBuilder<Database, 'fines'>;
export type FineRecord = Selectable<FinesTable>;
export type NewFine = Insertable<FinesTable>;
export type FineChanges = Updateable<FinesTable>;

const ROW_COLUMNS = ['fines.id', ...FINE_FIELD_NAMES.map((f) => `fines.${f}` as const)] as const;
const MONEY = new Set<string>(FINE_MONEY_FIELDS);

/**
 * Every key of a FineRow: each row starts as a copy of it, then only sets its values. An object
 * given 45 keys one by one through `row[f]` becomes a dictionary-mode object, several times slower
 * for the reply's writer to read (decision 0022).
 */
const EMPTY_ROW: Record<string, unknown> = Object.fromEntries(
  ['id', ...FINE_FIELD_NAMES].map((f) => [f, null]),
);

/** A stored fine as the API answers it: money back from centavos to reais. */
export function toFineRow(record: Pick<FineRecord, 'id' | FineField>): FineRow {
  const row = { ...EMPTY_ROW };
  row.id = record.id;
  for (const f of FINE_FIELD_NAMES) row[f] = fieldValue(MONEY.has(f), record[f]);
  return row as FineRow;
}

/** A stored value as a FineRow holds it: money in reais (stored in centavos), text or number. */
const fieldValue = (money: boolean, v: unknown) =>
  money ? Number(v) / 100 : typeof v === 'number' || v === null ? v : String(v);

/**
 * Strings that start with `prefix` as a range (>= prefix, < prefix with its last character
 * bumped): both databases walk an index for it, where LIKE 'x%' would not.
 */
export function startsWith(prefix: string): RangeBound[] {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return [
    ['>=', prefix],
    ['<', end],
  ];
}

/** The period's bounds on DATA_INFRACAO (inclusive calendar days). */
function period(f: Partial<FineFilters>): RangeBound[] {
  const bounds: RangeBound[] = [];
  if (f.from) bounds.push(['>=', f.from]);
  if (f.to) bounds.push(['<=', f.to]);
  return bounds;
}

/**
 * The left filter bar in SQL; every condition has an index (migration 0006_fines). The ranges
 * (period, plate and auto number prefixes) are tested as the table's page asks (`how`,
 * lists/paged-query.ts#rangeTest), except on the column the page is sorted by, whose index they narrow
 * in the page's own order.
 */
function filtersOf(db: DbOrTx, eb: Eb, f: Partial<FineFilters>, how: TextTest = 'index', sortedBy?: string) {
  const range = (column: 'DATA_INFRACAO' | 'PLACA' | 'NUMERO_AUTO', bounds: RangeBound[]) =>
    rangeTest(db, 'fines', column, bounds, column === sortedBy ? 'index' : how);
  const and = [];
  if (f.responsible && f.responsible !== 'all') and.push(eb('fines.responsavel', '=', f.responsible));
  if (f.business && f.business !== 'all') and.push(eb('fines.negocio_grupo', '=', f.business));
  if (f.from || f.to) and.push(range('DATA_INFRACAO', period(f)));
  if (f.STATUS_MULTA) and.push(eb('fines.STATUS_MULTA', '=', f.STATUS_MULTA));
  if (f.STATUS_PAGMTO) and.push(eb('fines.STATUS_PAGMTO', '=', f.STATUS_PAGMTO));
  if (f.STATUS_ND) and.push(eb('fines.STATUS_ND', '=', f.STATUS_ND));
  if (f.UNIDADE) and.push(eb('fines.UNIDADE', '=', f.UNIDADE));
  if (f.TRANSP) and.push(eb('fines.TRANSP', '=', f.TRANSP));
  if (f.PLACA) and.push(range('PLACA', startsWith(f.PLACA)));
  if (f.NUMERO_AUTO) and.push(range('NUMERO_AUTO', startsWith(f.NUMERO_AUTO)));
  return eb.and(and);
}

const filtered = (db: DbOrTx, f: Partial<FineFilters>) =>
  db.selectFrom('fines').where((eb) => filtersOf(db, eb, f));

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
  const sortedBy = Object.hasOwn(SORT_COLUMNS, p.sort) ? SORT_COLUMNS[p.sort][0]?.slice('fines.'.length) : '';
  const walk = textWalkRows(p.pageSize);
  return pagedQuery(
    (how: TextTest) => db.selectFrom('fines').where((eb) => filtersOf(db, eb, f, how, sortedBy)),
    // A range matching fewer rows than the walk reads them through its own index at once.
    {
      select: (q) => q.select(ROW_COLUMNS),
      sort: SORT_COLUMNS,
      tiebreak: 'fines.id',
      walkRows: walk,
      probeRows: walk,
      walkOn: true,
    },
    { ...p, cursor: p.cursor ?? '' },
  );
}

/** Where a fine's values sit in an array row of ROW_COLUMNS (the exports' reads): id first. */
const AT_ID = 0;
const AT_DATA_INFRACAO = 1 + FINE_FIELD_NAMES.indexOf('DATA_INFRACAO');
const IS_MONEY = FINE_FIELD_NAMES.map((f) => MONEY.has(f));

/**
 * The exports' rows: ONE FineRow object refilled from each array row of ROW_COLUMNS (as toFineRow
 * converts a record), so a 100,000-row export builds no object per row. A row is valid until the
 * next one is read: the sheet writer turns it into cells at once.
 */
export function fineRowReader(): (values: readonly unknown[]) => FineRow {
  const row = { ...EMPTY_ROW };
  return (values) => {
    row.id = values[AT_ID];
    for (let i = 0; i < FINE_FIELD_NAMES.length; i++) {
      row[FINE_FIELD_NAMES[i] as string] = fieldValue(IS_MONEY[i] === true, values[i + 1]);
    }
    return row as FineRow;
  };
}

/**
 * The filtered fines for multas_geral.xlsx as arrays of ROW_COLUMNS' values, in keyset batches
 * (constant memory at any size), newest infraction first (DATA_INFRACAO, then id, descending:
 * every filter's index ends in these two). Fines without DATA_INFRACAO follow, newest id first, on
 * both databases: a row-value comparison never matches NULL, so they are a walk of their own
 * (the table's pages put them last on SQLite and first on PostgreSQL; the sheet has one order).
 */
export async function* fineExportBatches(
  db: DbOrTx,
  f: Partial<FineFilters>,
  batchSize = 1000,
): AsyncGenerator<unknown[][]> {
  let after: readonly [string, number] | undefined;
  for (;;) {
    const from = after;
    const rows = await arrayRows(
      db,
      filtered(db, f)
        .select(ROW_COLUMNS)
        .where((eb) =>
          from
            ? eb(eb.refTuple('fines.DATA_INFRACAO', 'fines.id'), '<', eb.tuple(from[0], from[1]))
            : eb('fines.DATA_INFRACAO', 'is not', null),
        )
        .orderBy('fines.DATA_INFRACAO', 'desc')
        .orderBy('fines.id', 'desc')
        .limit(batchSize),
    );
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1] as unknown[];
    after = [String(last[AT_DATA_INFRACAO]), Number(last[AT_ID])];
  }
  let before: number | undefined;
  for (;;) {
    let query = filtered(db, f).select(ROW_COLUMNS).where('fines.DATA_INFRACAO', 'is', null);
    if (before !== undefined) query = query.where('fines.id', '<', before);
    const rows = await arrayRows(db, query.orderBy('fines.id', 'desc').limit(batchSize));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    before = Number((rows[rows.length - 1] as unknown[])[AT_ID]);
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

/**
 * The stored fines with these auto numbers (the unique index answers each), locked for the rest of
 * the transaction on PostgreSQL (an import rewrites them whole: a change made meanwhile by another
 * transaction waits instead of being overwritten; SQLite has one writer).
 */
export function finesByNumero(
  db: DbOrTx,
  numeros: readonly string[],
  { lock = true }: { lock?: boolean } = {},
): Promise<FineRecord[]> {
  if (numeros.length === 0) return Promise.resolve([]);
  const query = db.selectFrom('fines').selectAll().where('NUMERO_AUTO', 'in', numeros);
  return (lock && isPostgres(db) ? query.forUpdate() : query).execute();
}

/** The columns an import's update rewrites: every field, the derived ones and updated_at. */
const REWRITTEN = [...FINE_FIELD_NAMES, 'responsavel', 'negocio_grupo', 'updated_at'] as const;
export type RewrittenFine = Pick<FineRecord, 'id' | (typeof REWRITTEN)[number]>;

/**
 * Many stored fines rewritten in ONE statement (an import's updates): the rows travel as one JSON
 * parameter, so the statement is the same for every batch (prepared once, one trigger call per
 * batch on PostgreSQL) whatever fields each row changes.
 */
export async function rewriteFines(db: DbOrTx, rows: readonly RewrittenFine[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries([['id', r.id], ...REWRITTEN.map((c) => [c, r[c]])])),
  );
  if (isPostgres(db)) {
    const set = REWRITTEN.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`);
    await sql`update fines set ${sql.join(set)} from jsonb_populate_recordset(null::fines, ${json}::jsonb) v
      where fines.id = v.id`.execute(db);
    return;
  }
  const set = REWRITTEN.map((c) => sql`${sql.ref(c)} = v.value ->> ${sql.lit(`$.${c}`)}`);
  await sql`update fines set ${sql.join(set)} from json_each(${json}) v
    where fines.id = v.value ->> '$.id'`.execute(db);
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

/** The columns of a fine the dashboard reads. */
const DASHBOARD_COLUMNS = [
  'fines.responsavel',
  'fines.STATUS_PAGMTO',
  'fines.VALOR_TOTAL_MULTA',
  'fines.VAL_PAGO_ATUALIZADO',
  'fines.VALOR_ATUALIZADO',
  'fines.VAL_REALIZADO_ND',
  'fines.N_DOC_NOTA_DEBITO',
  'fines.DATA_INFRACAO',
  'fines.DATA_VENC_MULTA',
  'fines.DATA_PAGMTO',
  'fines.ORGAO_AUTUADOR',
  'fines.TRANSP',
  'fines.TIPO_VEICULO',
  'fines.UNIDADE',
  'fines.STATUS_ND',
] as const;

/** The filtered fines' dashboard columns: the only access the dashboard's pass makes to `fines`. */
export const dashboardSource = (db: DbOrTx, f: Partial<FineFilters>) =>
  filtered(db, f).select(DASHBOARD_COLUMNS);

/** A cell of the dashboard: as the summary table groups them (dim, key, responsavel). */
export interface DashboardCell {
  dim: string;
  key: string;
  responsavel: string;
  count: number | string;
  value: number | string;
}

/**
 * The dashboard of the filtered fines in ONE statement (filters the summary table does not hold):
 * the filtered fines' dashboard columns are read once into a materialized CTE (the filter's index
 * narrows it; migration 0016 adds responsible + payment status), and that small set is grouped
 * into the summary table's cells (fines_aggregates, migration 0014: total by responsavel, pago,
 * contrato, nd, the category columns, mes), so the same code reads both. The last cell, dim
 * `max`, carries the longest delay (count) and the largest VALOR_TOTAL_MULTA (value). `periods`
 * (disjoint): the fines of `f` in any of them, each period replacing `f`'s from / to.
 */
export async function filteredCells(
  db: DbOrTx,
  f: Partial<FineFilters>,
  today: string,
  periods: readonly { from: string; to: string }[] = [],
) {
  // Constants inlined: PostgreSQL matches a grouped expression only when it has no parameter.
  const paid = sql`(r."STATUS_PAGMTO" is not null and r."STATUS_PAGMTO" = ${sql.lit(PAID)})`;
  const delay = daysBetween(db, sql.ref('r.DATA_VENC_MULTA'), sql`coalesce(r."DATA_PAGMTO", ${today})`);
  const arm = (
    dim: string,
    key: ReturnType<typeof sql>,
    value: ReturnType<typeof sql>,
    where: ReturnType<typeof sql> = sql`true`,
  ) =>
    sql`select ${sql.lit(dim)} as dim, ${key} as key, '' as responsavel, count(*) as count,
      sum(${value}) as value from r where ${where} group by ${key}`;
  const category = (c: string) =>
    arm(c, sql`coalesce(${sql.ref(`r.${c}`)}, '')`, sql.ref('r.VALOR_TOTAL_MULTA'));
  const arms = [
    sql`select 'total' as dim, '' as key, coalesce(r.responsavel, '') as responsavel, count(*) as count,
      sum(r."VALOR_TOTAL_MULTA") as value from r group by coalesce(r.responsavel, '')`,
    arm(
      'pago',
      sql`case when ${paid} then 'sim' else 'nao' end`,
      sql`case when ${paid} then r."VAL_PAGO_ATUALIZADO" when r."VALOR_ATUALIZADO" > 0 then r."VALOR_ATUALIZADO" else r."VALOR_TOTAL_MULTA" end`,
    ),
    arm(
      'contrato',
      sql`case when r."DATA_INFRACAO" < ${sql.lit(CONTRACT_DATE)} then 'antes' else 'depois' end`,
      sql`0`,
      sql`r."DATA_INFRACAO" is not null`,
    ),
    arm(
      'nd',
      sql`case when r."N_DOC_NOTA_DEBITO" is not null then 'sim' else 'nao' end`,
      sql.ref('r.VAL_REALIZADO_ND'),
    ),
    ...['ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO', 'UNIDADE', 'STATUS_ND'].map(category),
    arm('mes', sql`coalesce(substr(r."DATA_INFRACAO", 1, 7), '')`, sql.ref('r.VALOR_TOTAL_MULTA')),
    sql`select 'max' as dim, '' as key, '' as responsavel,
      max(case when r."DATA_VENC_MULTA" is not null then ${delay} end) as count,
      max(r."VALOR_TOTAL_MULTA") as value from r`,
  ];
  // Several periods (a period's partial months at both ends): their fines read one range each (an
  // index range over the days; an OR of them would lose the covering index, migration 0023).
  const [first, ...more] = periods.length > 0 ? periods.map((p) => ({ ...f, ...p })) : [f];
  const source = more.reduce((q, p) => q.unionAll(dashboardSource(db, p)), dashboardSource(db, first!));
  // Kysely puts the subquery in its parentheses.
  const { rows } = await sql<DashboardCell>`with r as materialized ${source}
    ${sql.join(arms, sql` union all `)}`.execute(db);
  return rows;
}

/**
 * BM report of a month (spec §4): fines with DATA_APURACAO (AP) or DATA_PAGMTO (PG) in it.
 * Dates are calendar days, so the month's bounds are plain text comparisons (no time zone).
 */
function bmFines(db: DbOrTx, year: number, month: number) {
  const { from, to } = monthBounds(year, month);
  return db
    .selectFrom('fines')
    .where((eb) =>
      eb.or([
        eb.and([eb('fines.DATA_APURACAO', '>=', from), eb('fines.DATA_APURACAO', '<', to)]),
        eb.and([eb('fines.DATA_PAGMTO', '>=', from), eb('fines.DATA_PAGMTO', '<', to)]),
      ]),
    );
}

export function bmQuery(db: DbOrTx, year: number, month: number, limit: number) {
  return bmFines(db, year, month).select(ROW_COLUMNS).orderBy('fines.id').limit(limit);
}

export async function bmCount(db: DbOrTx, year: number, month: number): Promise<number> {
  const row = await bmFines(db, year, month)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The BM rows of a month as arrays of ROW_COLUMNS' values, in id batches (BM.xlsx). */
export async function* bmBatches(db: DbOrTx, year: number, month: number, batchSize = 1000) {
  let last = 0;
  for (;;) {
    const rows = await arrayRows(db, bmQuery(db, year, month, batchSize).where('fines.id', '>', last));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = Number((rows[rows.length - 1] as unknown[])[AT_ID]);
  }
}

/**
 * Defers the dashboard summaries (migrations 0014 and 0017) for the rest of this transaction: the
 * fines' triggers stop updating them batch by batch and `applyDeferredSummaries` brings them up to
 * date once (migration 0019). PostgreSQL: a transaction-local setting and two temporary tables that
 * capture the statements' rows (other transactions' writes meanwhile keep their own triggers).
 * SQLite (one writer): the pause row holds the largest fine id so far; the fines above it are
 * counted at the end, the older ones' updates and deletes are captured.
 */
export async function deferSummaries(tx: DbOrTx): Promise<void> {
  if (isPostgres(tx)) {
    await sql`select fines_import_defer()`.execute(tx);
    return;
  }
  const last = await tx
    .selectFrom('fines')
    .select(({ fn }) => fn.max('fines.id').as('id'))
    .executeTakeFirst();
  await sql`insert into fines_aggregates_pause (paused) values (${Number(last?.id ?? 0)})`.execute(tx);
}

/** The summaries brought up to date with what this transaction wrote since `deferSummaries`. */
export async function applyDeferredSummaries(tx: DbOrTx): Promise<void> {
  // SQLite: removing the pause row applies them (its trigger fines_import_apply).
  await (isPostgres(tx) ? sql`select fines_import_apply()` : sql`delete from fines_aggregates_pause`).execute(
    tx,
  );
}

/**
 * `write` inside this transaction with the dashboard summaries deferred to its end (the import's
 * commit, the seed and the benches' fills of many fines): one path, so the summaries a bulk load
 * leaves are the ones an import leaves.
 */
export async function withDeferredSummaries<T>(tx: DbOrTx, write: () => Promise<T>): Promise<T> {
  await deferSummaries(tx);
  const result = await write();
  await applyDeferredSummaries(tx);
  return result;
}
