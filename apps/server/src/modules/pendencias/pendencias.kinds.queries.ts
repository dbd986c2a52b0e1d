import {
  ACCEPT_MATERIALS,
  CALL_STATUS,
  type CallTransition,
  canManageFines,
  FINE_PAID_STATUS,
  fineDueWindow,
  hrWaitingStages,
  isAdmin,
  isDirector,
  isGestorOrAbove,
  isPurchasing,
  ownRequestRefusal,
  type PendenciasActor,
  PURCHASE_STAGES,
  type PurchaseActor,
  type PurchaseTransition,
  purchaseNextSteps,
  supportedDepartments,
  TAKE_CALL,
  type TicketWait,
} from '@intranet/contracts';
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { waitingFilter as hrWaitingFilter } from '../hr/hr.waiting.queries.ts';
import { managerAtStage } from '../purchases/purchases.list.queries.ts';

/**
 * What waits for a person, kind by kind (decision 0118): each contracts policy of
 * pendencias.policy.ts written as a filter on its table's indexes, in parts that each read one index
 * newest first, all selecting the same line. pendencias.inbox.test.ts checks them against the
 * policies on a generated population.
 */

/** The line every part selects: what it is, since when, what it waits for, its key. */
export interface Line {
  kind: string;
  id: number;
  since: string;
  wait: string;
  subject: string | null;
  extra: string | null;
  ref: string;
}

/** How far each part is read for a page: after the cursor's line, newest first, this many rows. */
export interface Reach {
  after?: readonly [since: string, ref: string];
  take: number;
}

const text = (value: string) => sql<string>`${sql.lit(value)}`;
const column = <T = string | null>(ref: string) => sql<T>`${sql.ref(ref)}`;
/** A line's unique key, the page's tiebreak: its kind and id. */
const refOf = (kind: string, id: string) =>
  sql<string>`${sql.lit(`${kind}:`)} || cast(${sql.ref(id)} as varchar(12))`;

interface Shape {
  kind: string;
  id: string;
  since: string;
  wait: RawBuilder<string>;
  subject: string;
  extra?: string;
}

/**
 * One part: its rows as the line, and — for a page — only those after the cursor, newest first,
 * `take` of them, read down the index its `since` column leads (the page sorts only these).
 */
function part<DB, TB extends keyof DB>(
  db: DbOrTx,
  rows: SelectQueryBuilder<DB, TB, object>,
  shape: Shape,
  reach: Reach | undefined,
) {
  const since = column<string>(shape.since);
  const ref = refOf(shape.kind, shape.id);
  let q = rows
    .select([
      text(shape.kind).as('kind'),
      column<number>(shape.id).as('id'),
      since.as('since'),
      shape.wait.as('wait'),
      column(shape.subject).as('subject'),
      (shape.extra ? column(shape.extra) : sql<string | null>`null`).as('extra'),
      ref.as('ref'),
    ])
    .$castTo<Line>();
  if (reach?.after) {
    const [s, r] = reach.after;
    q = q.where(sql<SqlBool>`${since} <= ${s}`).where(sql<SqlBool>`(${since} < ${s} or ${ref} < ${r})`);
  }
  // The index a part is read down is partial (migration 0038): a query reads it by naming its test.
  q = q.where(sql<SqlBool>`${since} > ${sql.lit('')}`);
  if (reach) q = q.orderBy(since, 'desc').orderBy(ref, 'desc').limit(reach.take);
  return db.selectFrom(q.as('part')).selectAll();
}

// ---- tickets ----

type CallsEb = ExpressionBuilder<Database, 'calls'>;

/** tickets.policy.ts#canFireTransition's actor test for a transition of the call table, in SQL. */
function callActor(eb: CallsEb, u: PendenciasActor, t: CallTransition): Expression<SqlBool> {
  if (t.by === 'purchasing') return eb.lit(isPurchasing(u));
  const departments = supportedDepartments(u);
  return departments.length === 0 ? eb.lit(false) : eb('calls.dep', 'in', departments);
}

/** Whether anyone like him could fire the transition on some call (else its part is left out). */
const mayEverFire = (u: PendenciasActor, t: CallTransition) =>
  t.by === 'purchasing' ? isPurchasing(u) : supportedDepartments(u).length > 0;

const firable = (eb: CallsEb, u: PendenciasActor, t: CallTransition) =>
  eb.and([eb('calls.status', 'in', [...t.from]), callActor(eb, u, t)]);

/**
 * pendencias.policy.ts#ticketWaitFor: a part per answer it gives, each excluding the ones before.
 * "His own open call whose last message is someone else's" reads the message kept on the call
 * (migration 0038: a trigger on every answer; a removed user's keeps his id, not the reader's).
 */
function ticketParts(db: DbOrTx, u: PendenciasActor, reach: Reach | undefined) {
  const wait = (w: TicketWait) => text(w);
  const calls = db.selectFrom('calls');
  const take = part(
    db,
    calls.where((eb) => firable(eb, u, TAKE_CALL)),
    {
      kind: 'ticket',
      id: 'calls.id',
      since: 'calls.created_at',
      wait: wait('atender'),
      subject: 'calls.problema',
    },
    reach,
  );
  const own = calls.where('calls.user_id', '=', u.userId).where((eb) => eb.not(firable(eb, u, TAKE_CALL)));
  const accept = part(
    db,
    own.where((eb) => firable(eb, u, ACCEPT_MATERIALS)),
    {
      kind: 'ticket',
      id: 'calls.id',
      since: 'calls.updated_at',
      wait: wait('aceitarMateriais'),
      subject: 'calls.problema',
    },
    reach,
  );
  const answered = own
    .where('calls.status', '<>', CALL_STATUS.finalizado)
    .where('calls.last_answer_at', 'is not', null)
    .where((eb) =>
      eb.or([eb('calls.last_answer_by', 'is', null), eb('calls.last_answer_by', '<>', u.userId)]),
    )
    .where((eb) => eb.not(firable(eb, u, ACCEPT_MATERIALS)));
  const reply = part(
    db,
    answered,
    {
      kind: 'ticket',
      id: 'calls.id',
      since: 'calls.last_answer_at',
      wait: wait('responder'),
      subject: 'calls.problema',
    },
    reach,
  );
  return [mayEverFire(u, TAKE_CALL) && take, mayEverFire(u, ACCEPT_MATERIALS) && accept, reply];
}

// ---- purchases ----

type PurchasesEb = ExpressionBuilder<Database, 'purchase_requests'>;

/** purchases.policy.ts#isActorOf for a transition out of `status`, in SQL. */
function purchaseActor(
  eb: PurchasesEb,
  u: PurchaseActor,
  t: PurchaseTransition,
  status: number,
): Expression<SqlBool> {
  const kind =
    t.by === 'purchasing'
      ? eb.lit(isPurchasing(u))
      : t.by === 'director'
        ? eb.lit(isDirector(u))
        : t.by === 'manager' || !isPurchasing(u)
          ? managerAtStage(eb, u, status)
          : eb.lit(true);
  // Segregation of duties: never a step of his own request, but those the requester may take.
  return ownRequestRefusal(u, { userId: u.userId }, t.key) === undefined
    ? kind
    : eb.and([eb('purchase_requests.user_id', '<>', u.userId), kind]);
}

/** Whether he could be the actor of the step on some request (purchases.policy.ts#isActorOf). */
function mayEverAct(u: PurchaseActor, t: PurchaseTransition): boolean {
  const manager = isAdmin(u) || isGestorOrAbove(u);
  if (t.by === 'purchasing') return isPurchasing(u);
  if (t.by === 'director') return isDirector(u);
  return t.by === 'manager' ? manager : manager || isPurchasing(u);
}

/** The steps of a stage that differ in who fires them (Encaminhar and Aprovar are one test). */
const distinctActors = (u: PurchaseActor, steps: PurchaseTransition[]) =>
  steps.filter(
    (t, i) =>
      steps.findIndex(
        (o) =>
          o.by === t.by &&
          (ownRequestRefusal(u, { userId: u.userId }, o.key) === undefined) ===
            (ownRequestRefusal(u, { userId: u.userId }, t.key) === undefined),
      ) === i,
  );

/**
 * pendencias.policy.ts#purchaseWaitFor: a part per stage whose next step the user may fire (none
 * for a stage none of whose steps is his), each read down (status, updated_at).
 */
function purchaseParts(db: DbOrTx, u: PendenciasActor, reach: Reach | undefined) {
  return PURCHASE_STAGES.map((stage) => ({ status: stage.status, steps: purchaseNextSteps(stage.status) }))
    .map(({ status, steps }) => ({ status, steps: steps.filter((t) => mayEverAct(u, t)) }))
    .filter(({ steps }) => steps.length > 0)
    .map(({ status, steps }) =>
      part(
        db,
        db
          .selectFrom('purchase_requests')
          .where('purchase_requests.status', '=', status)
          .where((eb) => eb.or(distinctActors(u, steps).map((t) => purchaseActor(eb, u, t, status)))),
        {
          kind: 'purchase',
          id: 'purchase_requests.id',
          since: 'purchase_requests.updated_at',
          wait: text(String(status)),
          subject: 'purchase_requests.descript',
        },
        reach,
      ),
    );
}

// ---- HR, fines, invitations ----

/** pendencias.policy.ts#hrWaitFor (hr.policy.ts#awaitsHrDecisionOf): hr.waiting.queries.ts's filter. */
const hrPart = (db: DbOrTx, u: PendenciasActor, reach: Reach | undefined) =>
  part(
    db,
    db.selectFrom('hr_requests').where((eb) => hrWaitingFilter(eb, u)),
    {
      kind: 'hr',
      id: 'hr_requests.id',
      since: 'hr_requests.updated_at',
      wait: sql<string>`cast(hr_requests.status as varchar(4))`,
      subject: 'hr_requests.employee_name',
      extra: 'hr_requests.type_request',
    },
    reach,
  );

/** pendencias.policy.ts#fineWaitFor: not paid, due within the window, for whoever manages fines. */
function finePart(db: DbOrTx, u: PendenciasActor, reach: Reach | undefined) {
  const window = fineDueWindow(u.today);
  const fines = db.selectFrom('fines').where((eb) =>
    canManageFines(u)
      ? eb.and([
          eb('fines.DATA_VENC_MULTA', '>=', window.from),
          eb('fines.DATA_VENC_MULTA', '<=', window.to),
          // Not a test an index answers: most fines have no payment date, and SQLite would read
          // them all through fines_data_pagmto_id_idx instead of the few due this week.
          sql<SqlBool>`(case when ${sql.ref('fines.DATA_PAGMTO')} is null then 1 else 0 end) = 1`,
          eb.or([eb('fines.STATUS_PAGMTO', 'is', null), eb('fines.STATUS_PAGMTO', '<>', FINE_PAID_STATUS)]),
        ])
      : eb.lit(false),
  );
  return part(
    db,
    fines,
    {
      kind: 'fine',
      id: 'fines.id',
      since: 'fines.DATA_VENC_MULTA',
      wait: text('pagar'),
      subject: 'fines.NUMERO_AUTO',
      extra: 'fines.PLACA',
    },
    reach,
  );
}

/** pendencias.policy.ts#invitationWaitFor: his invitations not seen, to events of today on. */
function invitationPart(db: DbOrTx, u: PendenciasActor, reach: Reach | undefined) {
  const invitations = db
    .selectFrom('calendar_event_invitees as i')
    .innerJoin('calendar_events as e', 'e.id', 'i.event_id')
    .where('i.user_id', '=', u.userId)
    .where('i.seen_at', 'is', null)
    .where('e.deleted_at', 'is', null)
    .where('e.event_date', '>=', u.today);
  return part(
    db,
    invitations,
    {
      kind: 'event',
      id: 'e.id',
      since: 'i.created_at',
      wait: text('ver'),
      subject: 'e.title',
      extra: 'e.event_date',
    },
    reach,
  );
}

/** Every part of the inbox: all its lines, or (with a reach) only those a page can use. */
export function inboxParts(db: DbOrTx, u: PendenciasActor, reach?: Reach) {
  // A part that can hold nothing for him is left out: fewer statements to build and to run.
  return [
    ...ticketParts(db, u, reach),
    ...purchaseParts(db, u, reach),
    hrWaitingStages(u).length > 0 && hrPart(db, u, reach),
    canManageFines(u) && finePart(db, u, reach),
    invitationPart(db, u, reach),
  ].filter((p) => p !== false);
}
