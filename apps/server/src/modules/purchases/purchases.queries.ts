import { type HrDesks, holdsDesk, PURCHASE_STATUS } from '@intranet/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { ilike, isPostgres, likeContains } from '../../db/dialect.ts';
import type {
  PurchaseCommentsTable,
  PurchaseFilesTable,
  PurchaseQuotesTable,
  PurchaseRequestsTable,
} from '../../db/schema.ts';
import { containsText } from '../../platform/text-search.ts';

export type PurchaseRecord = Selectable<PurchaseRequestsTable>;
export type QuoteRecord = Selectable<PurchaseQuotesTable>;

/** The list, its home count and its export: purchases.list.queries.ts. */
export {
  countWaiting,
  exportBatches,
  listPurchases,
  type PurchaseOrder,
  type PurchasePage,
} from './purchases.list.queries.ts';

export function findPurchase(db: DbOrTx, id: number): Promise<PurchaseRecord | undefined> {
  return db.selectFrom('purchase_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The request, locked for the rest of the transaction on PostgreSQL: every change of a request takes
 * this lock first, so what it reads after it (status, quotes, selection, in-quote flag) stays true
 * until it commits. SQLite has one writer: its transactions already run one at a time.
 */
export function lockPurchase(tx: DbOrTx, id: number): Promise<PurchaseRecord | undefined> {
  const query = tx.selectFrom('purchase_requests').selectAll().where('id', '=', id);
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function requesterSectors(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('purchase_request_sectors')
    .select('sector')
    .where('request_id', '=', id)
    .execute();
  return rows.map((r) => r.sector);
}

export async function insertPurchase(
  db: DbOrTx,
  values: Insertable<PurchaseRequestsTable>,
  sectors: string[],
): Promise<number> {
  const row = await db
    .insertInto('purchase_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (sectors.length > 0) {
    await db
      .insertInto('purchase_request_sectors')
      .values(sectors.map((sector) => ({ request_id: row.id, sector, created_at: values.created_at })))
      .execute();
  }
  return row.id;
}

/** Changes the request only if it is still at `from` (someone else may have moved it meanwhile). */
export async function updateIfStatus(
  db: DbOrTx,
  id: number,
  from: number,
  changes: Omit<Updateable<PurchaseRequestsTable>, 'id' | 'created_at'>,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('purchase_requests')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks the request changed (a quote of it was written). */
export async function touch(db: DbOrTx, id: number, now: string): Promise<void> {
  await db.updateTable('purchase_requests').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function deleteIfStatus(db: DbOrTx, id: number, status: number): Promise<boolean> {
  const res = await db
    .deleteFrom('purchase_requests')
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export function listQuotes(db: DbOrTx, requestId: number) {
  return db
    .selectFrom('purchase_quotes')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id', 'asc')
    .execute();
}

export function findQuote(db: DbOrTx, quoteId: number): Promise<QuoteRecord | undefined> {
  return db.selectFrom('purchase_quotes').selectAll().where('id', '=', quoteId).executeTakeFirst();
}

export async function countQuotes(db: DbOrTx, requestId: number): Promise<number> {
  const row = await db
    .selectFrom('purchase_quotes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertQuote(db: DbOrTx, values: Insertable<PurchaseQuotesTable>): Promise<number> {
  const row = await db.insertInto('purchase_quotes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuote(
  db: DbOrTx,
  id: number,
  changes: Partial<Omit<QuoteRecord, 'id' | 'request_id'>>,
): Promise<void> {
  await db.updateTable('purchase_quotes').set(changes).where('id', '=', id).execute();
}

export async function deleteQuote(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('purchase_quotes').where('id', '=', id).execute();
}

export async function insertFile(db: DbOrTx, values: Insertable<PurchaseFilesTable>): Promise<number> {
  const row = await db.insertInto('purchase_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listFiles(db: DbOrTx, requestId: number) {
  return db
    .selectFrom('purchase_files')
    .select(['id', 'comment_id', 'storage_key', 'original_name', 'mime'])
    .where('request_id', '=', requestId)
    .orderBy('id', 'asc')
    .execute();
}

export function findFile(db: DbOrTx, requestId: number, fileId: number) {
  return db
    .selectFrom('purchase_files')
    .select(['storage_key', 'original_name', 'mime', 'size'])
    .where('request_id', '=', requestId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export async function deleteFile(db: DbOrTx, fileId: number): Promise<void> {
  await db.deleteFrom('purchase_files').where('id', '=', fileId).execute();
}

export function listComments(db: DbOrTx, requestId: number) {
  return db
    .selectFrom('purchase_comments')
    .leftJoin('users', 'users.id', 'purchase_comments.user_id')
    .select([
      'purchase_comments.id',
      'purchase_comments.stage',
      'purchase_comments.text',
      'purchase_comments.created_at',
      'purchase_comments.user_id',
      'purchase_comments.user_name',
      'purchase_comments.mentions',
      'users.foto',
    ])
    .where('purchase_comments.request_id', '=', requestId)
    .orderBy('purchase_comments.id', 'asc')
    .execute();
}

export async function insertComment(db: DbOrTx, values: Insertable<PurchaseCommentsTable>): Promise<number> {
  const row = await db
    .insertInto('purchase_comments')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Whether the user is the company's director (Aprovadores screen, stage Diretor): its approver, or
 * its substitute within his days (`today`, yyyy-MM-dd, both days included; decision 0115).
 */
export const directsPurchases = (desks: HrDesks, userId: number, today: string) =>
  holdsDesk(desks.diretor, userId, today);

/** Users of Compras (the buyer and picker pickers), searchable by name or matrícula. */
export function purchasingUsers(db: DbOrTx, text: string | undefined, limit = 50) {
  let q = db
    .selectFrom('users')
    .innerJoin('user_sectors', 'user_sectors.user_id', 'users.id')
    .innerJoin('sectors', 'sectors.id', 'user_sectors.sector_id')
    .select(['users.id', 'users.nome', 'users.matricula'])
    .where('sectors.role', '=', 'compras')
    .where('users.active', '=', 1);
  if (text) {
    q = q.where((eb) =>
      eb.or([
        containsText(db, { table: 'users', column: 'nome' }, text),
        ilike('users.matricula', likeContains(text)),
      ]),
    );
  }
  return q.orderBy('users.nome').orderBy('users.id').limit(limit).execute();
}

export async function isPurchasingUser(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_sectors', 'user_sectors.user_id', 'users.id')
    .innerJoin('sectors', 'sectors.id', 'user_sectors.sector_id')
    .select('users.id')
    .where('sectors.role', '=', 'compras')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function userNames(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'nome']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.nome]));
}

export function userContacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'nome', 'email']).where('id', 'in', ids).execute();
}

/**
 * Who approves at a stage, for the e-mail: at 3 the managers (level 1/2 of Compras or of the
 * requester's sectors), at 4 the directors (approvers diretor, his substitute within his days and
 * level-1 users).
 */
export async function approverContacts(db: DbOrTx, status: number, sectors: string[], today: string) {
  if (status === PURCHASE_STATUS.aprovacaoDiretor) {
    return db
      .selectFrom('users')
      .select(['users.id', 'users.nome', 'users.email'])
      .where((eb) =>
        eb.or([
          eb('users.privilegio', '=', 1),
          eb.exists(
            eb
              .selectFrom('approvers')
              .select('approvers.user_id')
              .whereRef('approvers.user_id', '=', 'users.id')
              .where('approvers.role', '=', 'diretor'),
          ),
          eb.exists(
            eb
              .selectFrom('hr_approver_substitutes as s')
              .select('s.user_id')
              .whereRef('s.user_id', '=', 'users.id')
              .where('s.role', '=', 'diretor')
              .where('s.date_from', '<=', today)
              .where('s.date_to', '>=', today),
          ),
        ]),
      )
      .execute();
  }
  if (status !== PURCHASE_STATUS.aprovacaoGestor) return [];
  return db
    .selectFrom('users')
    .select(['users.id', 'users.nome', 'users.email'])
    .where('users.privilegio', '=', 2)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_sectors')
          .innerJoin('sectors', 'sectors.id', 'user_sectors.sector_id')
          .select('user_sectors.user_id')
          .whereRef('user_sectors.user_id', '=', 'users.id')
          .where((s) =>
            sectors.length
              ? s.or([s('sectors.role', '=', 'compras'), s('sectors.name', 'in', sectors)])
              : s('sectors.role', '=', 'compras'),
          ),
      ),
    )
    .execute();
}

/** The request's history: its audit rows with the name of who did each thing. */
export function listHistory(db: DbOrTx, requestId: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select(['audit_log.id', 'audit_log.created_at as date', 'users.nome as userName', 'audit_log.summary'])
    .where('audit_log.entity', '=', 'purchase')
    .where('audit_log.entity_id', '=', String(requestId))
    .orderBy('audit_log.id', 'asc')
    .execute();
}

export function callStatus(db: DbOrTx, callId: number | null) {
  if (callId === null) return Promise.resolve(undefined);
  return db.selectFrom('calls').select('status').where('id', '=', callId).executeTakeFirst();
}
