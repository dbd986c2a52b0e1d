import {
  type Actor,
  type BmPageQuery,
  type BmReply,
  type BmRow,
  bmFlags,
  businessGroupOf,
  canManageFines,
  FINE_FIELD_NAMES,
  FINE_MONEY_FIELDS,
  type FineAggregates,
  type FineField,
  type FineFilters,
  type FineValues,
  type fineInsertError,
  type finesCalls,
  MSG,
  missingFineFields,
  responsibleOf,
  toCentavos,
  toDateOnly,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { audit, auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, HttpError, notFound } from '../../platform/errors.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import { bmSpreadsheet, finesSpreadsheet } from './fines.export.ts';
import { splitPeriod } from './fines.months.ts';
import * as q from './fines.queries.ts';
import {
  cubeAnswers,
  cubeDashboardCells,
  type DashboardPart,
  dashboardFromParts,
  summaryAggregates,
  summaryAnswers,
} from './fines.summary.queries.ts';

const MONEY = new Set<string>(FINE_MONEY_FIELDS);

/** Every fines call: Gestão de Multas members and administrators (fines.policy.ts). */
export function authorizeFines(user: Actor): void {
  authorize(canManageFines(user));
}

type DbValue = string | number | null;

type Query<K extends keyof typeof finesCalls> = z.output<NonNullable<(typeof finesCalls)[K]['query']>>;

/** GET managerFines (spec §7): by id, by NUMERO_AUTO, or a page by offset. */
export async function managerFines(ctx: AppContext, user: Actor, query: Query<'managerFines'>) {
  authorizeFines(user);
  return (await q.managerFines(ctx.db, query)).map(q.toFineRow);
}

export async function listFines(ctx: AppContext, user: Actor, query: Query<'list'>) {
  authorizeFines(user);
  const { sort, dir, pageSize, cursor, ...filters } = query;
  // Only the first page counts the filtered rows; the next ones walk the index from the cursor.
  const page = await q.listFines(ctx.db, filters, { sort, dir, pageSize, cursor, count: !cursor });
  return {
    rows: page.rows.map(q.toFineRow),
    total: page.total,
    totalCapped: page.totalCapped,
    nextCursor: page.nextCursor,
  };
}

export async function filterOptions(ctx: AppContext, user: Actor) {
  authorizeFines(user);
  return q.filterOptions(ctx.db);
}

export function exportFines(
  ctx: AppContext,
  user: Actor,
  query: Query<'exportList'>,
  log: FastifyBaseLogger,
) {
  authorizeFines(user);
  return { name: 'multas_geral.xlsx', stream: finesSpreadsheet(ctx.db, query, log) };
}

export function exportBm(ctx: AppContext, user: Actor, year: number, month: number, log: FastifyBaseLogger) {
  authorizeFines(user);
  return { name: 'BM.xlsx', stream: bmSpreadsheet(ctx.db, year, month, log) };
}

/** A field's value as stored: money in centavos, everything else as normalised by the schema. */
function toDb(field: FineField, value: FineValues[FineField]): DbValue {
  if (value === undefined) return null;
  return MONEY.has(field) ? toCentavos(value as number) : (value as DbValue);
}

/** The derived columns the responsible and business filters read (fines.enums.ts). */
function derived(fine: { NOME_AUTUADO: string | null; NEGOCIO: string | null }) {
  return { responsavel: responsibleOf(fine.NOME_AUTUADO), negocio_grupo: businessGroupOf(fine.NEGOCIO) };
}

const shown = (field: FineField, v: DbValue) =>
  v === null ? '""' : MONEY.has(field) ? String(Number(v) / 100) : JSON.stringify(v);

/** A refused insert, in the shape spec §7 gives and the form reads (contracts' fineInsertError). */
function insertRefused(status: number, error: string, requeire: string[]) {
  const refusal: z.input<typeof fineInsertError> = {
    success: false,
    error,
    message: MSG.fineInsertError(error, requeire.join(', ')),
    requeire,
  };
  return new HttpError(status, error, refusal);
}

/** A new fine's row: every field stored (unset ones NULL or 0) and the derived filter columns. */
export function newFineRecord(values: FineValues, now: string): q.NewFine {
  const record: Record<string, DbValue> = {};
  for (const f of FINE_FIELD_NAMES)
    record[f] = toDb(f, values[f]) ?? (MONEY.has(f) || isNumeric(f) ? 0 : null);
  return {
    ...(record as q.FineChanges),
    NUMERO_AUTO: String(values.NUMERO_AUTO),
    ...derived({ NOME_AUTUADO: values.NOME_AUTUADO ?? null, NEGOCIO: values.NEGOCIO ?? null }),
    created_at: now,
    updated_at: now,
  };
}

export function duplicateOr(err: unknown, make: () => Error): never {
  if (isUniqueViolation(err)) throw make();
  throw err;
}

export async function insertFine(ctx: AppContext, user: Actor, values: FineValues): Promise<number> {
  authorizeFines(user);
  const missing = missingFineFields(values);
  if (missing.length > 0) throw insertRefused(400, MSG.fineMissingFields, missing);
  try {
    const id = await auditedChange(ctx.db, user.userId, async (tx, record) => {
      const id = await q.insertFine(tx, newFineRecord(values, nowIso()));
      record({
        action: 'fine.insert',
        entity: 'fine',
        entityId: id,
        summary: `Multa ${values.NUMERO_AUTO} inserida.`,
      });
      return id;
    });
    announcePendencias(ctx, { kind: 'fine' });
    return id;
  } catch (err) {
    return duplicateOr(err, () => insertRefused(409, MSG.fineDuplicate, []));
  }
}

const isNumeric = (f: FineField) => f === 'PESO_EXCEDENTE_Kg' || f === 'KM_RODOVIA';

/**
 * The fields of `values` that differ from the stored fine: what to set (with the derived filter
 * columns) and the audit summary listing each with its old and new value. Empty when nothing changed.
 */
export function fineChanges(old: q.FineRecord, values: FineValues) {
  const changes = diff(old, values);
  const set: Record<string, DbValue> = {};
  for (const c of changes) set[c.field] = c.to;
  const next = { ...old, ...set } as q.FineRecord;
  return {
    changed: changes.length > 0,
    set: { ...(set as q.FineChanges), ...derived(next) },
    summary: `Multa ${next.NUMERO_AUTO}: ${changes.map((c) => `${c.field}: ${shown(c.field, c.from)} → ${shown(c.field, c.to)}`).join('; ')}`,
  };
}

/**
 * PUT managerFines: the fields sent replace the stored ones; the audit row lists each field that
 * changed with its old and new value. Nothing changed, nothing written. The stored fine is read
 * under its row lock (issue 31): the old values it audits, compares and derives the filter columns
 * from are the ones it replaces, whatever another edit or an import commits meanwhile.
 */
export async function updateFine(
  ctx: AppContext,
  user: Actor,
  id: number,
  values: FineValues,
): Promise<void> {
  authorizeFines(user);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await lockRow(tx, 'fines', id);
      const old = await q.findFine(tx, id);
      if (!old) throw notFound(MSG.fineNotFound);
      const change = fineChanges(old, values);
      if (!change.changed) return;
      await q.updateFine(tx, id, { ...change.set, updated_at: nowIso() });
      await audit(tx, {
        userId: user.userId,
        action: 'fine.update',
        entity: 'fine',
        entityId: id,
        summary: change.summary,
      });
    });
  } catch (err) {
    duplicateOr(err, () => new HttpError(409, MSG.fineDuplicate));
  }
  announcePendencias(ctx, { kind: 'fine' });
}

function diff(old: q.FineRecord, values: FineValues) {
  const changes: { field: FineField; from: DbValue; to: DbValue }[] = [];
  for (const f of FINE_FIELD_NAMES) {
    if (values[f] === undefined) continue;
    const to = toDb(f, values[f]);
    const from = old[f] === null ? null : MONEY.has(f) || isNumeric(f) ? Number(old[f]) : String(old[f]);
    if (f === 'NUMERO_AUTO' && to === null) continue;
    if (from !== to) changes.push({ field: f, from, to });
  }
  return changes;
}

export async function aggregates(ctx: AppContext, user: Actor, f: FineFilters): Promise<FineAggregates> {
  authorizeFines(user);
  const today = toDateOnly(new Date());
  const { totals, series } = summaryAnswers(f)
    ? await summaryAggregates(ctx.db, f, today)
    : cubeAnswers(f)
      ? await dashboardByCube(ctx.db, f, today)
      : await dashboardByPass(ctx.db, f, today);
  const {
    ORGAO_AUTUADOR: byOrgao,
    TRANSP: byTransp,
    TIPO_VEICULO: byTipoVeiculo,
    UNIDADE: byUnidade,
  } = series;
  const { STATUS_ND: byStatusNd, year: byYear, month: byMonth, semester: bySemester } = series;
  return {
    ...totals,
    unidadeMaxAutu: byUnidade[0]?.key ?? null,
    organMaxAutuador: byOrgao[0]?.key ?? null,
    series: { byOrgao, byTransp, byTipoVeiculo, byUnidade, byStatusNd, byYear, byMonth, bySemester },
  };
}

/** One pass over the filtered fines, grouped into the summary's cells (fines.queries.ts#filteredCells). */
async function passPart(
  db: AppContext['db'],
  f: Partial<FineFilters>,
  today: string,
  periods: readonly { from: string; to: string }[] = [],
): Promise<DashboardPart> {
  const all = await q.filteredCells(db, f, today, periods);
  const max = all.find((c) => c.dim === 'max');
  const known = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    cells: all.filter((c) => c.dim !== 'max'),
    maxDelay: known(max?.count),
    maxValue: known(max?.value),
  };
}

/**
 * The dashboard by one pass over the filtered fines (carrier, plate, auto number: filters the
 * cube does not hold), grouped into the summary's cells and read by the same code
 * (fines.summary.queries.ts).
 */
export async function dashboardByPass(db: AppContext['db'], f: Partial<FineFilters>, today: string) {
  return dashboardFromParts([await passPart(db, f, today)]);
}

/**
 * The dashboard from the cube (migration 0017) for the period's whole months, and from the pass
 * for its partial months at either end (a few weeks of fines at most; both ends in one statement,
 * read off the period's covering index, migration 0023).
 */
export async function dashboardByCube(db: AppContext['db'], f: Partial<FineFilters>, today: string) {
  const { months, edges } = splitPeriod(f.from, f.to);
  const parts: DashboardPart[] = [];
  if (months) parts.push(await cubeDashboardCells(db, f, months, today));
  if (edges.length > 0) parts.push(await passPart(db, f, today, edges));
  return dashboardFromParts(parts);
}

export const withBmFlags =
  (year: number, month: number) =>
  (row: ReturnType<typeof q.toFineRow>): BmRow => ({ ...row, ...bmFlags(row, year, month) });

/** A page of the BM report, after the fine `cursor`; the first page counts the month's fines. */
export async function bmReport(ctx: AppContext, user: Actor, query: BmPageQuery): Promise<BmReply> {
  authorizeFines(user);
  const { year, month, pageSize, cursor } = query;
  const [rows, total] = await Promise.all([
    q
      .bmQuery(ctx.db, year, month, pageSize + 1)
      .where('fines.id', '>', cursor ?? 0)
      .execute(),
    cursor === undefined ? q.bmCount(ctx.db, year, month) : undefined,
  ]);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(q.toFineRow).map(withBmFlags(year, month)),
    ...(total === undefined ? {} : { total }),
    ...(rows.length > pageSize && last ? { nextCursor: String(last.id) } : {}),
  };
}
