import {
  type Actor,
  type CallFilters,
  type CallScope,
  type CallSort,
  dayStartUtc,
  isAdmin,
  isPurchasing,
  nextDayStartUtc,
  statusesLike,
  supportedDepartments,
  toDepartment,
} from '@intranet/contracts';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { CallsTable, Database } from '../../db/schema.ts';
import { type PageRequest, pagedQuery } from '../../platform/lists/index.ts';
import {
  containsText,
  newestMatches,
  newestOf,
  numberTyped,
  type TextTest,
} from '../../platform/text-search.ts';

type Eb = ExpressionBuilder<Database, 'calls'>;

const ROW_COLUMNS = [
  'calls.id',
  'calls.problema',
  'calls.dep',
  'calls.created_at as data',
  'calls.status',
  'calls.nome_usuario',
  'calls.matricula_usuario',
  'calls.setores_usuario',
  'calls.nome_suporte',
  'calls.matricula_suporte',
  'calls.filial',
] as const;

/**
 * The calls of a list, in SQL: tickets.policy.ts#canSeeCall for `mine`, #inOpenQueue for `open`
 * (Chamados Abertos). tickets.scope.test.ts checks both against those functions.
 */
function scopeFilter(eb: Eb, actor: Actor, scope: CallScope) {
  if (isAdmin(actor)) return eb.lit(true);
  const deps = supportedDepartments(actor);
  const ors = [];
  if (scope === 'mine') ors.push(eb('calls.user_id', '=', actor.userId));
  if (deps.length > 0) ors.push(eb('calls.dep', 'in', deps));
  if (isPurchasing(actor)) ors.push(eb('calls.request_id', 'is not', null));
  return ors.length > 0 ? eb.or(ors) : eb.lit(false);
}

type SearchedColumn =
  | 'nome_usuario'
  | 'nome_suporte'
  | 'matricula_usuario'
  | 'setores_usuario'
  | 'dep'
  | 'filial';

function filtersOf(db: DbOrTx, eb: Eb, f: CallFilters, how: TextTest) {
  /** "Contains" on one of the calls' searchable columns (migration 0010). */
  const contains = (column: SearchedColumn, text: string) =>
    containsText(db, { table: 'calls', column }, text, how);
  const and = [];
  if (f.ticket) and.push(eb('calls.id', '=', f.ticket));
  if (f.attendant) and.push(contains('nome_suporte', f.attendant));
  if (f.dep) {
    const dep = toDepartment(f.dep);
    and.push(dep ? eb('calls.dep', '=', dep) : contains('dep', f.dep));
  }
  if (f.name) and.push(contains('nome_usuario', f.name));
  // The branch's stored name (the service read it from the label typed, decision 0116).
  if (f.filial) and.push(eb('calls.filial', '=', f.filial));
  if (f.matricula) and.push(contains('matricula_usuario', f.matricula));
  if (f.setor) and.push(contains('setores_usuario', f.setor));
  if (f.status !== undefined) {
    // A status no call can have matches nothing (and `in ()` is not SQL PostgreSQL accepts).
    const statuses = statusesLike(f.status);
    and.push(statuses.length > 0 ? eb('calls.status', 'in', statuses) : eb.lit(false));
  }
  if (f.from) and.push(eb('calls.created_at', '>=', dayStartUtc(f.from)));
  if (f.to) and.push(eb('calls.created_at', '<', nextDayStartUtc(f.to)));
  return eb.and(and);
}

/** The list's rows; `how` is how its "contains" filters test a row (pagedQuery chooses). */
const filtered = (db: DbOrTx, actor: Actor, f: CallFilters) => (how: TextTest) =>
  db
    .selectFrom('calls')
    .where((eb) => scopeFilter(eb, actor, f.scope))
    .where((eb) => filtersOf(db, eb, f, how));

/**
 * Each sortable column id of CALL_COLUMNS (contracts) → what it orders by: the column, then newest
 * first; each has an index on (column, created_at). The id ends every order.
 */
const SORT_COLUMNS: Record<CallSort, readonly CallsColumn[]> = {
  id: ['calls.id'],
  data: ['calls.created_at'],
  status: ['calls.status', 'calls.created_at'],
  nome_usuario: ['calls.nome_usuario', 'calls.created_at'],
  dep: ['calls.dep', 'calls.created_at'],
  filial: ['calls.filial', 'calls.created_at'],
};
type CallsColumn = `calls.${keyof CallsTable & string}`;

export type ListPage = Omit<PageRequest<CallSort>, 'count'>;
export type CallOrder = Pick<ListPage, 'sort' | 'dir'>;

/** The list's page: one constant, so pagedQuery keeps its compiled statements (lists/reuse.ts#Runner). */
const LIST_SPEC = {
  select: (q: ReturnType<ReturnType<typeof filtered>>) => q.select(ROW_COLUMNS),
  sort: SORT_COLUMNS,
  tiebreak: 'calls.id',
} as const;

export function listCalls(db: DbOrTx, actor: Actor, f: CallFilters, p: ListPage) {
  return pagedQuery(filtered(db, actor, f), LIST_SPEC, { ...p, count: true }, db);
}

const HIT_COLUMNS = [
  'calls.id',
  'calls.problema',
  'calls.status',
  'calls.dep',
  'calls.nome_usuario',
] as const;

/**
 * One search (issue 35): the newest `limit` calls the caller's list (`mine`, the widest scope)
 * shows whose title or text contains `text`, or whose number it is ("123", "#123"). The matches
 * are read newest first from the search index and stop at the limit (newestMatches), the scope
 * tested on each: a common word costs the rows read, not every match.
 */
export async function searchCalls(db: DbOrTx, actor: Actor, text: string, limit: number) {
  const newest = db
    .selectFrom(newestMatches(db, { table: 'calls', column: ['problema', 'descricao'] }, text).as('m'))
    .innerJoin('calls', 'calls.id', 'm.id')
    .select(HIT_COLUMNS)
    .where((eb) => scopeFilter(eb, actor, 'mine'))
    .orderBy('m.id', 'desc')
    .limit(limit);
  const id = numberTyped(text);
  if (!id) return newestOf([await newest.execute()], limit);
  // The numbered call in the same statement (bench:busca, admin number row: one statement fewer).
  const numbered = db
    .selectFrom('calls')
    .select(HIT_COLUMNS)
    .where('calls.id', '=', id)
    .where((eb) => scopeFilter(eb, actor, 'mine'));
  const rows = await db
    .selectFrom(newest.as('n'))
    .selectAll()
    .unionAll(db.selectFrom(numbered.as('k')).selectAll())
    .execute();
  return newestOf([rows], limit);
}

/**
 * The export walks the filtered rows in the list's order in keyset batches (no count, no offset):
 * constant memory and time per batch at any size.
 */
export async function* exportBatches(
  db: DbOrTx,
  actor: Actor,
  f: CallFilters,
  batchSize = 1000,
  order: CallOrder = { sort: 'data', dir: 'desc' },
) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      filtered(db, actor, f),
      {
        select: (q) => q.select([...ROW_COLUMNS, 'calls.descricao']),
        sort: SORT_COLUMNS,
        tiebreak: 'calls.id',
        maxPageSize: batchSize,
      },
      { ...order, pageSize: batchSize, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}

export type CallRecord = Selectable<CallsTable>;
/** A call as inserted: every column but the id and the search keys the database fills. */
export type NewCall = Omit<Insertable<CallsTable>, 'id'>;

export function findCall(db: DbOrTx, id: number): Promise<CallRecord | undefined> {
  return db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCall(db: DbOrTx, values: NewCall): Promise<number> {
  const row = await db.insertInto('calls').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the call only if it is still in `from` (someone else may have moved it meanwhile). */
export async function updateStatus(
  db: DbOrTx,
  id: number,
  from: number,
  changes: Partial<Pick<CallRecord, 'status' | 'suporte_id' | 'nome_suporte' | 'matricula_suporte'>>,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('calls')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertAnswer(
  db: DbOrTx,
  values: { call_id: number; user_id: number; user_name: string; msg: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('call_answers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttachments(
  db: DbOrTx,
  rows: Insertable<Database['call_attachments']>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('call_attachments').values(rows).execute();
}

export function listAnswers(db: DbOrTx, callId: number) {
  return db
    .selectFrom('call_answers')
    .select(['id', 'user_name', 'msg', 'created_at'])
    .where('call_id', '=', callId)
    .orderBy('id', 'asc')
    .execute();
}

export function listAttachments(db: DbOrTx, callId: number) {
  return db
    .selectFrom('call_attachments')
    .select(['id', 'answer_id', 'storage_key', 'original_name', 'mime', 'size'])
    .where('call_id', '=', callId)
    .orderBy('id', 'asc')
    .execute();
}

export function findAttachment(db: DbOrTx, callId: number, attachmentId: number) {
  return db
    .selectFrom('call_attachments')
    .select(['storage_key', 'original_name', 'mime', 'size'])
    .where('call_id', '=', callId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}

export function listMaterials(db: DbOrTx, callId: number) {
  return db
    .selectFrom('call_materials')
    .select(['id', 'item_name', 'measure', 'qnt', 'chamado_id'])
    .where('chamado_id', '=', callId)
    .orderBy('id', 'asc')
    .execute();
}

export async function insertMaterials(
  db: DbOrTx,
  rows: { chamado_id: number; item_name: string; measure: string; qnt: number; created_at: string }[],
): Promise<void> {
  await db.insertInto('call_materials').values(rows).execute();
}

/** The call's history: its audit rows with the name of who did each thing. */
export function listHistory(db: DbOrTx, callId: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.created_at as date',
      'users.nome as userName',
      'audit_log.action',
      'audit_log.summary',
    ])
    .where('audit_log.entity', '=', 'call')
    .where('audit_log.entity_id', '=', String(callId))
    .orderBy('audit_log.id', 'asc')
    .execute();
}

export function findUserContact(db: DbOrTx, userId: number) {
  return db
    .selectFrom('users')
    .select(['nome', 'email', 'matricula'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
