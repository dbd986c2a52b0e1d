import {
  dayStartUtc,
  hasRole,
  isAdmin,
  isDirector,
  isGestorOrAbove,
  isPurchasing,
  nextDayStartUtc,
  PURCHASE_STATUS,
  type PurchaseActor,
  type PurchaseFilters,
  type PurchaseSort,
} from '@intranet/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database, PurchaseRequestsTable } from '../../db/schema.ts';
import { type PageRequest, pagedQuery } from '../../platform/lists/index.ts';
import {
  containsText,
  newestMatches,
  newestOf,
  numberTyped,
  type TextTest,
} from '../../platform/text-search.ts';

type Eb = ExpressionBuilder<Database, 'purchase_requests'>;

const ROW_COLUMNS = [
  'purchase_requests.id',
  'purchase_requests.descript',
  'purchase_requests.qnt',
  'purchase_requests.nome_usuario as nome',
  'purchase_requests.setor_usuario as setor',
  'purchase_requests.filial',
  'purchase_requests.created_at as date',
  'purchase_requests.priority',
  'purchase_requests.status',
  'purchase_requests.typerequest',
] as const;

/** The list's period as bounds of `created_at`: from the first day's start to the next day after the last. */
const periodOf = (f: PurchaseFilters) => ({
  from: f.from ? dayStartUtc(f.from) : undefined,
  to: f.to ? nextDayStartUtc(f.to) : undefined,
});
type Period = ReturnType<typeof periodOf>;

/** The requests whose requester had one of these sectors (a manager's scope, the sector filter). */
const ofSectors = (eb: Eb, sectors: string[]) =>
  sectors.length === 0
    ? eb.lit(false)
    : eb.exists(
        eb
          .selectFrom('purchase_request_sectors as prs')
          .select('prs.request_id')
          .whereRef('prs.request_id', '=', 'purchase_requests.id')
          .where('prs.sector', 'in', sectors),
      );

/**
 * `ofSectors` for a total within a period: the ids of the sector's requests of the period, one
 * range of prs_sector_created_idx (migration 0029: the sector rows keep the request's
 * `created_at`), where the EXISTS read every request of the sector and every request of the period
 * and joined them. Not correlated: a correlated test of the sector rows' date made SQLite seek the
 * sector's whole range for each request (205 against 0.3 ms). A page keeps `ofSectors`: it walks
 * the period newest first and probes each request's sectors, which the range turned into a join
 * and a sort (decision 0029).
 */
function ofSectorInPeriod(eb: Eb, sector: string, period: Period) {
  let rows = eb
    .selectFrom('purchase_request_sectors as prs')
    .select('prs.request_id')
    .where('prs.sector', '=', sector);
  if (period.from) rows = rows.where('prs.created_at', '>=', period.from);
  if (period.to) rows = rows.where('prs.created_at', '<', period.to);
  return eb('purchase_requests.id', 'in', rows);
}

/**
 * `ofSectors` for use under an OR, as a scalar subquery: PostgreSQL turns an EXISTS under an OR
 * into a hashed subplan that reads every request of those sectors before the first row (the
 * director's "aguardando": 22 against 0.7 ms for the page); this form probes the (request_id,
 * sector) key of only the rows read. Under an AND the EXISTS stays (a semi-join, cheaper for a
 * total over thousands of rows).
 */
const ofSectorsProbed = (eb: Eb, sectors: string[]) =>
  sectors.length === 0
    ? eb.lit(false)
    : eb(
        eb
          .selectFrom('purchase_request_sectors as prs')
          .select(sql<number>`1`.as('one'))
          .whereRef('prs.request_id', '=', 'purchase_requests.id')
          .where('prs.sector', 'in', sectors)
          .limit(1),
        '=',
        1,
      );

/** Whose requests the user manages (purchases.policy.ts#isRequestManager): all, none, or those of these sectors. */
function managerReach(u: PurchaseActor): 'all' | 'none' | string[] {
  if (isAdmin(u) || (isGestorOrAbove(u) && hasRole(u, 'compras'))) return 'all';
  if (!isGestorOrAbove(u)) return 'none';
  return u.setor.map((s) => s.sector);
}

/** purchases.policy.ts#isRequestManager in SQL. */
function managerFilter(eb: Eb, u: PurchaseActor) {
  const reach = managerReach(u);
  return reach === 'all' ? eb.lit(true) : reach === 'none' ? eb.lit(false) : ofSectors(eb, reach);
}

/**
 * managerFilter for the requests at one stage (Minhas pendências): a sector's manager reads his
 * sectors' rows at that stage through (sector, status, updated_at) (migration 0039), where testing
 * every request of the stage read them all for a sector with few.
 */
export function managerAtStage(eb: Eb, u: PurchaseActor, status: number) {
  const reach = managerReach(u);
  if (reach === 'all' || reach === 'none') return eb.lit(reach === 'all');
  if (reach.length === 0) return eb.lit(false);
  return eb(
    'purchase_requests.id',
    'in',
    eb
      .selectFrom('purchase_request_sectors as prs')
      .select('prs.request_id')
      .where('prs.sector', 'in', reach)
      .where('prs.status', '=', status)
      // Names the partial index's condition (prs_sector_stage_idx), which SQLite matches by the term.
      .where('prs.status', 'is not', null),
  );
}

/**
 * The requests of a list, in SQL: `mine` is the requester's own (consultation); `received` is
 * purchases.policy.ts#inReceivedList. purchases.scope.test.ts checks both against the policy.
 */
function scopeFilter(eb: Eb, u: PurchaseActor, scope: PurchaseFilters['scope']) {
  if (scope === 'mine') return eb('purchase_requests.user_id', '=', u.userId);
  if (isPurchasing(u) || isDirector(u)) return eb.lit(true);
  return managerFilter(eb, u);
}

/**
 * "Aguardando minha aprovação": at 3 for its managers, at 4 for directors, never his own
 * (purchases.policy.ts#ownRequestRefusal). A director's is written
 * `status in (3, 4) and (status = 4 or manager)`, not `(status = 3 and manager) or status = 4`: the
 * same rows, but the IN is a range of the status index for the page, where the OR read the whole
 * table and sorted it (issue 14, fourth pass; purchases.scope.test.ts checks the rows). Its total
 * reads the same rows in another order (`how` 'count': `filtered`, inWaitingCountOrder).
 */
function waitingFilter(eb: Eb, u: PurchaseActor, how: TextTest = 'index') {
  return eb.and([eb('purchase_requests.user_id', '<>', u.userId), waitingStages(eb, u, how)]);
}

function waitingStages(eb: Eb, u: PurchaseActor, how: TextTest) {
  const gestor = PURCHASE_STATUS.aprovacaoGestor;
  const diretor = PURCHASE_STATUS.aprovacaoDiretor;
  if (!isDirector(u)) return eb.and([eb('purchase_requests.status', '=', gestor), managerFilter(eb, u)]);
  const reach = managerReach(u);
  if (reach === 'all') return eb('purchase_requests.status', 'in', [gestor, diretor]);
  if (reach === 'none') return eb('purchase_requests.status', '=', diretor);
  if (typeof how === 'object') how.countDiffers = true;
  return eb.and([
    eb('purchase_requests.status', 'in', [gestor, diretor]),
    eb.or([eb('purchase_requests.status', '=', diretor), ofSectorsProbed(eb, reach)]),
  ]);
}

/** The text search (max 35): product or requester contains it (search index), or it is the ticket. */
function textFilter(db: DbOrTx, eb: Eb, text: string, how: TextTest) {
  const ors = [
    containsText(db, { table: 'purchase_requests', column: 'descript' }, text, how),
    containsText(db, { table: 'purchase_requests', column: 'nome_usuario' }, text, how),
  ];
  return /^\d{1,9}$/.test(text) ? eb.or([...ors, eb('purchase_requests.id', '=', Number(text))]) : eb.or(ors);
}

const HIT_COLUMNS = [
  'purchase_requests.id',
  'purchase_requests.descript',
  'purchase_requests.status',
  'purchase_requests.nome_usuario',
] as const;

/**
 * One search (issue 35): the newest `limit` requests of the caller's lists (`scopes`: those he may
 * open, received and his own) whose product or requester contains `text` (the list's text search),
 * or its product link, or whose number it is ("123", "#123"). The matches are read newest first from
 * the search index and stop at the limit (newestMatches), the scope tested on each.
 */
export async function searchPurchases(
  db: DbOrTx,
  u: PurchaseActor,
  scopes: readonly PurchaseFilters['scope'][],
  text: string,
  limit: number,
) {
  const inScope = (eb: Eb) => eb.or(scopes.map((scope) => scopeFilter(eb, u, scope)));
  const columns = ['descript', 'nome_usuario', 'link'] as const;
  const newest = db
    .selectFrom(newestMatches(db, { table: 'purchase_requests', column: columns }, text).as('m'))
    .innerJoin('purchase_requests', 'purchase_requests.id', 'm.id')
    .select(HIT_COLUMNS)
    .where(inScope)
    .orderBy('m.id', 'desc')
    .limit(limit);
  const id = numberTyped(text);
  if (!id) return newestOf([await newest.execute()], limit);
  // The numbered request in the same statement (bench:busca, admin number row: one statement fewer).
  const numbered = db
    .selectFrom('purchase_requests')
    .select(HIT_COLUMNS)
    .where('purchase_requests.id', '=', id)
    .where(inScope);
  const rows = await db
    .selectFrom(newest.as('n'))
    .selectAll()
    .unionAll(db.selectFrom(numbered.as('k')).selectAll())
    .execute();
  return newestOf([rows], limit);
}

/** The side filter bar and the header filters, each on an index (migrations 0005, 0011). */
function filtersOf(db: DbOrTx, eb: Eb, u: PurchaseActor, f: PurchaseFilters, how: TextTest) {
  const and = [];
  if (f.q) and.push(textFilter(db, eb, f.q, how));
  if (f.ticket) and.push(eb('purchase_requests.id', '=', f.ticket));
  if (f.status !== undefined) and.push(eb('purchase_requests.status', '=', f.status));
  if (f.priority !== undefined) and.push(eb('purchase_requests.priority', '=', f.priority));
  // The branch's stored name (the service read it from the label typed, decision 0116).
  if (f.filial) and.push(eb('purchase_requests.filial', '=', f.filial));
  if (f.typerequest) and.push(eb('purchase_requests.typerequest', '=', f.typerequest));
  const period = periodOf(f);
  // One of the requester's sectors at opening (the snapshot the managers' scope reads too).
  if (f.setor) {
    const counted = sectorPeriod(period, how);
    and.push(counted ? ofSectorInPeriod(eb, f.setor, counted) : ofSectors(eb, [f.setor]));
  }
  if (f.waiting === '1') and.push(waitingFilter(eb, u, how));
  if (period.from) and.push(eb('purchase_requests.created_at', '>=', period.from));
  if (period.to) and.push(eb('purchase_requests.created_at', '<', period.to));
  return eb.and(and);
}

/** The period a total reads the sector filter's rows in, when there is one (ofSectorInPeriod). */
function sectorPeriod(period: Period, how: TextTest): Period | undefined {
  if (!period.from && !period.to) return undefined;
  if (typeof how === 'object') how.countDiffers = true;
  return how === 'count' ? period : undefined;
}

/**
 * The order "aguardando" is counted in: the 4s, all a director's, first, down the status index, so
 * a total past the cap stops among them. In no order, both databases read the 3s first or mixed
 * (PostgreSQL a BitmapOr in the table's order), each 3 with its sectors' subquery: a bench
 * director's probe past the cap, 3.7–4.6 against 0.35 ms on PostgreSQL (decision
 * 0029). The count below the cap ignores it (lists/total.ts).
 */
const inWaitingCountOrder = <O>(rows: SelectQueryBuilder<Database, 'purchase_requests', O>) =>
  rows.orderBy('purchase_requests.status', 'desc');

/** The list's rows; `how` is how its text search tests a row (pagedQuery chooses). */
const filtered = (db: DbOrTx, u: PurchaseActor, f: PurchaseFilters) => (how: TextTest) => {
  const rows = db
    .selectFrom('purchase_requests')
    .where((eb) => scopeFilter(eb, u, f.scope))
    .where((eb) => filtersOf(db, eb, u, f, how));
  return how === 'count' && f.waiting === '1' ? inWaitingCountOrder(rows) : rows;
};

type PrColumn = `purchase_requests.${keyof PurchaseRequestsTable & string}`;

/** Each sortable column id of PURCHASE_COLUMNS → its indexed order (then newest first); id ends every order. */
const SORT_COLUMNS: Record<PurchaseSort, readonly PrColumn[]> = {
  id: ['purchase_requests.id'],
  date: ['purchase_requests.created_at'],
  qnt: ['purchase_requests.qnt', 'purchase_requests.created_at'],
  nome: ['purchase_requests.nome_usuario', 'purchase_requests.created_at'],
  priority: ['purchase_requests.priority', 'purchase_requests.created_at'],
  status: ['purchase_requests.status', 'purchase_requests.created_at'],
};

export type PurchasePage = Omit<PageRequest<PurchaseSort>, 'count'>;
export type PurchaseOrder = Pick<PurchasePage, 'sort' | 'dir'>;

/** A page; the total only on the first page (never a full count on every page request). */
export function listPurchases(db: DbOrTx, u: PurchaseActor, f: PurchaseFilters, p: PurchasePage) {
  const first = !p.cursor && (p.page ?? 1) === 1;
  return pagedQuery(filtered(db, u, f), LIST_SPEC, { ...p, count: first }, db);
}

/** The list's page: one constant, so pagedQuery keeps its compiled statements (lists/reuse.ts#Runner). */
const LIST_SPEC = {
  select: (q: ReturnType<ReturnType<typeof filtered>>) => q.select(ROW_COLUMNS),
  sort: SORT_COLUMNS,
  tiebreak: 'purchase_requests.id',
} as const;

/** "Aguardando minha aprovação" for the home: counts up to `cap` + 1 rows on the status index, never more. */
export async function countWaiting(db: DbOrTx, u: PurchaseActor, cap: number) {
  const rows = await inWaitingCountOrder(
    db
      .selectFrom('purchase_requests')
      .select('purchase_requests.id')
      .where((eb) => waitingFilter(eb, u)),
  )
    .limit(cap + 1)
    .execute();
  return { count: Math.min(rows.length, cap), capped: rows.length > cap };
}

/** The export walks the filtered rows in the list's order in keyset batches. */
export async function* exportBatches(
  db: DbOrTx,
  u: PurchaseActor,
  f: PurchaseFilters,
  order: PurchaseOrder,
  batchSize = 1000,
) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      filtered(db, u, f),
      {
        select: (q) => q.select(ROW_COLUMNS),
        sort: SORT_COLUMNS,
        tiebreak: 'purchase_requests.id',
        maxPageSize: batchSize,
      },
      { ...order, pageSize: batchSize, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}
