import {
  ACCEPT_MATERIALS,
  CALL_STATUS,
  type CallTransition,
  canManageFines,
  FINE_PAID_STATUS,
  fineDueWindow,
  isDirector,
  isPurchasing,
  ownRequestRefusal,
  PENDENCIAS_COUNT_CAP,
  type PendenciaRow,
  type PendenciasActor,
  PURCHASE_STAGES,
  type PurchaseActor,
  type PurchaseTransition,
  purchaseNextSteps,
  supportedDepartments,
  TAKE_CALL,
  type TicketWait,
} from '@intranet/contracts';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type PageRequest, pagedQuery } from '../../platform/lists/index.ts';
import { waitingFilter as hrWaitingFilter } from '../hr/hr.waiting.queries.ts';
import { managerFilter } from '../purchases/purchases.list.queries.ts';

/**
 * Minhas pendências in SQL (decision 0118): one SELECT per kind of what waits, each the contracts
 * policy of pendencias.policy.ts written as a filter on its table's indexes, under one UNION ALL
 * read newest first by pagedQuery. pendencias.inbox.test.ts checks every user's rows against the
 * policy functions on a generated population.
 */

type CallsEb = ExpressionBuilder<Database, 'calls'>;

const text = (value: string) => sql<string>`${sql.lit(value)}`;
/** A text column as every kind's SELECT gives it (one type for the UNION). */
const textOf = (ref: string) => sql<string | null>`${sql.ref(ref)}`;
const sinceOf = (ref: string) => sql<string>`${sql.ref(ref)}`;
/** A line's unique key (the page's tiebreak): its kind and id. */
const refOf = (kind: string, id: string) =>
  sql<string>`${sql.lit(`${kind}:`)} || cast(${sql.ref(id)} as varchar(12))`;

/** tickets.policy.ts#canFireTransition's actor test for a transition of the call table, in SQL. */
function callActor(eb: CallsEb, u: PendenciasActor, t: CallTransition): Expression<SqlBool> {
  if (t.by === 'purchasing') return eb.lit(isPurchasing(u));
  const departments = supportedDepartments(u);
  return departments.length === 0 ? eb.lit(false) : eb('calls.dep', 'in', departments);
}

const firable = (eb: CallsEb, u: PendenciasActor, t: CallTransition) =>
  eb.and([eb('calls.status', 'in', [...t.from]), callActor(eb, u, t)]);

/** The call's last message is not the user's (a removed user's counts as someone else's). */
const lastAnswerByOther = (eb: CallsEb, userId: number) =>
  eb.exists(
    eb
      .selectFrom('call_answers as a')
      .select('a.id')
      .whereRef('a.call_id', '=', 'calls.id')
      .where((w) => w.or([w('a.user_id', 'is', null), w('a.user_id', '<>', userId)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('call_answers as b')
              .select('b.id')
              .whereRef('b.call_id', '=', 'a.call_id')
              .whereRef('b.id', '>', 'a.id'),
          ),
        ),
      ),
  );

/** pendencias.policy.ts#ticketWaitFor: one SELECT per answer it gives, each excluding the ones before. */
function ticketLines(db: DbOrTx, u: PendenciasActor) {
  const line = (wait: TicketWait, since: RawBuilder<string>) =>
    db
      .selectFrom('calls')
      .select([
        text('ticket').as('kind'),
        'calls.id as id',
        since.as('since'),
        text(wait).as('wait'),
        textOf('calls.problema').as('subject'),
        sql<string | null>`null`.as('extra'),
        refOf('ticket', 'calls.id').as('ref'),
      ]);
  const take = line('atender', sinceOf('calls.created_at')).where((eb) => firable(eb, u, TAKE_CALL));
  const accept = line('aceitarMateriais', sinceOf('calls.updated_at'))
    .where('calls.user_id', '=', u.userId)
    .where((eb) => firable(eb, u, ACCEPT_MATERIALS))
    .where((eb) => eb.not(firable(eb, u, TAKE_CALL)));
  const answered = line(
    'responder',
    sql<string>`(select max(m.created_at) from call_answers m where m.call_id = calls.id)`,
  )
    .where('calls.user_id', '=', u.userId)
    .where('calls.status', '<>', CALL_STATUS.finalizado)
    .where((eb) => lastAnswerByOther(eb, u.userId))
    .where((eb) => eb.not(firable(eb, u, TAKE_CALL)))
    .where((eb) => eb.not(firable(eb, u, ACCEPT_MATERIALS)));
  return take.unionAll(accept).unionAll(answered);
}

type PurchasesEb = ExpressionBuilder<Database, 'purchase_requests'>;

/** purchases.policy.ts#isActorOf for a transition of the purchase table, in SQL. */
function purchaseActor(eb: PurchasesEb, u: PurchaseActor, t: PurchaseTransition): Expression<SqlBool> {
  const kind =
    t.by === 'purchasing'
      ? eb.lit(isPurchasing(u))
      : t.by === 'director'
        ? eb.lit(isDirector(u))
        : t.by === 'manager' || !isPurchasing(u)
          ? managerFilter(eb, u)
          : eb.lit(true);
  // Segregation of duties: never a step of his own request, but those the requester may take.
  return ownRequestRefusal(u, { userId: u.userId }, t.key) === undefined
    ? kind
    : eb.and([eb('purchase_requests.user_id', '<>', u.userId), kind]);
}

/** pendencias.policy.ts#purchaseWaitFor: a request at a stage whose next step the user may fire. */
function purchaseLines(db: DbOrTx, u: PendenciasActor) {
  return db
    .selectFrom('purchase_requests')
    .select([
      text('purchase').as('kind'),
      'purchase_requests.id as id',
      sinceOf('purchase_requests.updated_at').as('since'),
      sql<string>`cast(purchase_requests.status as varchar(4))`.as('wait'),
      textOf('purchase_requests.descript').as('subject'),
      sql<string | null>`null`.as('extra'),
      refOf('purchase', 'purchase_requests.id').as('ref'),
    ])
    .where((eb) =>
      eb.or(
        PURCHASE_STAGES.map((stage) => ({ status: stage.status, steps: purchaseNextSteps(stage.status) }))
          .filter(({ steps }) => steps.length > 0)
          .map(({ status, steps }) =>
            eb.and([
              eb('purchase_requests.status', '=', status),
              eb.or(steps.map((t) => purchaseActor(eb, u, t))),
            ]),
          ),
      ),
    );
}

/** pendencias.policy.ts#hrWaitFor (hr.policy.ts#awaitsHrDecisionOf): hr.waiting.queries.ts's filter. */
function hrLines(db: DbOrTx, u: PendenciasActor) {
  return db
    .selectFrom('hr_requests')
    .select([
      text('hr').as('kind'),
      'hr_requests.id as id',
      sinceOf('hr_requests.updated_at').as('since'),
      sql<string>`cast(hr_requests.status as varchar(4))`.as('wait'),
      textOf('hr_requests.employee_name').as('subject'),
      textOf('hr_requests.type_request').as('extra'),
      refOf('hr', 'hr_requests.id').as('ref'),
    ])
    .where((eb) => hrWaitingFilter(eb, u));
}

/** pendencias.policy.ts#fineWaitFor: not paid, due within the window, for whoever manages fines. */
function fineLines(db: DbOrTx, u: PendenciasActor) {
  const window = fineDueWindow(u.today);
  return db
    .selectFrom('fines')
    .select([
      text('fine').as('kind'),
      'fines.id as id',
      sinceOf('fines.DATA_VENC_MULTA').as('since'),
      text('pagar').as('wait'),
      textOf('fines.NUMERO_AUTO').as('subject'),
      textOf('fines.PLACA').as('extra'),
      refOf('fine', 'fines.id').as('ref'),
    ])
    .where((eb) =>
      canManageFines(u)
        ? eb.and([
            eb('fines.DATA_VENC_MULTA', '>=', window.from),
            eb('fines.DATA_VENC_MULTA', '<=', window.to),
            eb('fines.DATA_PAGMTO', 'is', null),
            eb.or([eb('fines.STATUS_PAGMTO', 'is', null), eb('fines.STATUS_PAGMTO', '<>', FINE_PAID_STATUS)]),
          ])
        : eb.lit(false),
    );
}

/** pendencias.policy.ts#invitationWaitFor: his invitations not seen, to events of today on. */
function invitationLines(db: DbOrTx, u: PendenciasActor) {
  return db
    .selectFrom('calendar_event_invitees as i')
    .innerJoin('calendar_events as e', 'e.id', 'i.event_id')
    .select([
      text('event').as('kind'),
      'e.id as id',
      sinceOf('i.created_at').as('since'),
      text('ver').as('wait'),
      textOf('e.title').as('subject'),
      textOf('e.event_date').as('extra'),
      refOf('event', 'e.id').as('ref'),
    ])
    .where('i.user_id', '=', u.userId)
    .where('i.seen_at', 'is', null)
    .where('e.deleted_at', 'is', null)
    .where('e.event_date', '>=', u.today);
}

/** Every kind's lines, one derived table `p` (kind, id, since, wait, subject, extra, ref). */
function inbox(db: DbOrTx, u: PendenciasActor) {
  const all = ticketLines(db, u)
    .unionAll(purchaseLines(db, u))
    .unionAll(hrLines(db, u))
    .unionAll(fineLines(db, u))
    .unionAll(invitationLines(db, u));
  return db.selectFrom(all.as('p'));
}

export type InboxRow = {
  kind: string;
  id: number;
  since: string;
  wait: string;
  subject: string | null;
  extra: string | null;
};

const LIST_SPEC = {
  select: (q: ReturnType<typeof inbox>) =>
    q.select(['p.kind', 'p.id', 'p.since', 'p.wait', 'p.subject', 'p.extra', 'p.ref']),
  sort: { since: ['p.since'] },
  tiebreak: 'p.ref',
} as const;

export type InboxPage = Omit<PageRequest<'since'>, 'count' | 'sort' | 'dir'>;

/** A page, newest first; the total only on the first page. */
export function listInbox(db: DbOrTx, u: PendenciasActor, p: InboxPage) {
  const first = !p.cursor && (p.page ?? 1) === 1;
  return pagedQuery(inbox(db, u), LIST_SPEC, { ...p, sort: 'since', dir: 'desc', count: first }, db);
}

/** The bell's count: up to the cap and one more, never every row. */
export async function countInbox(db: DbOrTx, u: PendenciasActor, cap = PENDENCIAS_COUNT_CAP) {
  const rows = await inbox(db, u)
    .select('p.ref')
    .limit(cap + 1)
    .execute();
  return { count: Math.min(rows.length, cap), capped: rows.length > cap };
}

/** An inbox row as pendencias.lines.ts#pendenciaLine reads it. */
export function toPendenciaRow(r: InboxRow): PendenciaRow {
  const base = { id: r.id, since: r.since };
  switch (r.kind) {
    case 'ticket':
      return { ...base, kind: 'ticket', wait: r.wait as TicketWait, subject: r.subject ?? '' };
    case 'purchase':
      return { ...base, kind: 'purchase', status: Number(r.wait), subject: r.subject ?? '' };
    case 'hr':
      return { ...base, kind: 'hr', status: Number(r.wait), typeRequest: r.extra ?? '', subject: r.subject };
    case 'fine':
      return { ...base, kind: 'fine', auto: r.subject ?? '', plate: r.extra };
    default:
      return { ...base, kind: 'event', day: r.extra ?? '', subject: r.subject ?? '' };
  }
}

/** Marks the user's invitation to an event seen; false when he has none (or it was seen). */
export async function markInvitationSeen(db: DbOrTx, userId: number, eventId: number, now: string) {
  const found = await db
    .selectFrom('calendar_event_invitees as i')
    .innerJoin('calendar_events as e', 'e.id', 'i.event_id')
    .select(['i.seen_at', 'e.title'])
    .where('i.user_id', '=', userId)
    .where('i.event_id', '=', eventId)
    .where('e.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) return undefined;
  if (found.seen_at === null) {
    await db
      .updateTable('calendar_event_invitees')
      .set({ seen_at: now })
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .execute();
  }
  return { title: found.title, alreadySeen: found.seen_at !== null };
}

/** Whether a session still stands: not ended (logout, a disabled user) and not expired. */
export async function sessionStillOpen(db: DbOrTx, sessionId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
