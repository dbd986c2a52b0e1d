/**
 * What waits for a person (Minhas pendências, decision 0118): for each kind, the policy that lets
 * him take the record's next step, asked of one record. The server's inbox SQL
 * (modules/pendencias/pendencias.queries.ts) selects exactly the records these say yes to
 * (pendencias.inbox.test.ts compares them on a generated population), and its live stream asks
 * them which people an event concerns.
 */
import { addDays } from '../calendar/calendar.dates.ts';
import { canManageFines } from '../fines/fines.policy.ts';
import type { HrActor, HrRequestFacts } from '../hr/hr.policy.ts';
import { awaitsHrDecisionOf } from '../hr/hr.policy.ts';
import {
  canFirePurchaseTransition,
  type PurchaseActor,
  type PurchaseFacts,
} from '../purchases/purchases.policy.ts';
import {
  PURCHASE_STATUS,
  type PurchaseTransition,
  purchaseTransitionsFrom,
} from '../purchases/purchases.workflow.ts';
import type { Actor } from '../roles.ts';
import { type CallFacts, canAnswerCall, canFireTransition } from '../tickets/tickets.policy.ts';
import { CALL_TRANSITIONS } from '../tickets/tickets.workflow.ts';

/** The person as every kind decides: the session facts, the purchases' director flag, the HR desks and today. */
export type PendenciasActor = PurchaseActor & HrActor;

// ---- tickets ----

/** Atender: taking a call nobody took (the transition that records the attendant). */
export const TAKE_CALL = CALL_TRANSITIONS.find((t) => t.takesCall)!;
/** Aceitar: the materials list sent back on the call that asked for it. */
export const ACCEPT_MATERIALS = CALL_TRANSITIONS.find((t) => t.key === 'aceitarMateriais')!;

export interface CallInboxFacts extends CallFacts {
  /** Who wrote the call's last message: undefined when it has none, null for a removed user. */
  lastAnswerBy?: number | null;
}

export type TicketWait = 'atender' | 'aceitarMateriais' | 'responder';

/**
 * A call waits for the user when he may take it (a department he attends, nobody took it), when it
 * is his own and he may accept the materials list it brought back, or when it is his own, still
 * open, and its last message is someone else's (an answer he has not replied to).
 */
export function ticketWaitFor(u: Actor, c: CallInboxFacts): TicketWait | null {
  if (canFireTransition(u, c, TAKE_CALL)) return 'atender';
  if (c.userId !== u.userId) return null;
  if (canFireTransition(u, c, ACCEPT_MATERIALS)) return 'aceitarMateriais';
  if (c.lastAnswerBy !== undefined && c.lastAnswerBy !== u.userId && canAnswerCall(u, c)) return 'responder';
  return null;
}

// ---- purchases ----

/**
 * The step a request waits for: the transitions out of its status that move it on (a denial is a
 * way out, not what it waits for). A status with none (finished, denied) waits for nobody.
 */
export const purchaseNextSteps = (status: number): PurchaseTransition[] =>
  purchaseTransitionsFrom(status).filter((t) => t.to !== PURCHASE_STATUS.negado);

/** A request waits for the user when he may fire its next step (its requirements are his work within it). */
export const purchaseWaitFor = (u: PurchaseActor, r: PurchaseFacts): PurchaseTransition | null =>
  purchaseNextSteps(r.status).find((t) => canFirePurchaseTransition(u, r, t)) ?? null;

// ---- HR ----

/** An HR request waits for the user when he may press one of its stage buttons now. */
export const hrWaitFor = (u: HrActor, r: HrRequestFacts): boolean => awaitsHrDecisionOf(u, r);

// ---- fines ----

/** Days before its due date a fine not yet paid enters the queue of Gestão de Multas. */
export const FINE_DUE_WINDOW_DAYS = 7;

/** The paid mark of spec §3's STATUS_PAGMTO. */
export const FINE_PAID_STATUS = 'Pagamento Realizado';

export interface FineDueFacts {
  /** DATA_VENC_MULTA (yyyy-MM-dd) or null. */
  due: string | null;
  /** STATUS_PAGMTO. */
  paymentStatus: string | null;
  /** DATA_PAGMTO. */
  paidOn: string | null;
}

export const isFinePaid = (f: FineDueFacts) => f.paymentStatus === FINE_PAID_STATUS || f.paidOn !== null;

/** The due dates that wait on `today`: from today to FINE_DUE_WINDOW_DAYS days ahead. */
export const fineDueWindow = (today: string) => ({ from: today, to: addDays(today, FINE_DUE_WINDOW_DAYS) });

/** A fine waits for whoever manages fines while it is not paid and falls due within the window. */
export function fineWaitFor(u: Actor, f: FineDueFacts, today: string): boolean {
  if (!canManageFines(u) || isFinePaid(f) || f.due === null) return false;
  const window = fineDueWindow(today);
  return window.from <= f.due && f.due <= window.to;
}

// ---- calendar ----

export interface InvitationFacts {
  /** The person invited. */
  userId: number;
  seen: boolean;
  /** The event's day (yyyy-MM-dd). */
  eventDate: string;
  deleted: boolean;
}

/** An invitation waits for the person invited until he sees it, while its event is today or ahead. */
export const invitationWaitFor = (u: Actor, i: InvitationFacts, today: string): boolean =>
  i.userId === u.userId && !i.seen && !i.deleted && i.eventDate >= today;

// ---- the live stream ----

/**
 * What a workflow write tells the streams (after its transaction commits): the record's facts
 * before and after it (either may be absent), or for fines and invitations who it concerns.
 */
export type PendenciasEvent =
  | { kind: 'ticket'; facts: CallInboxFacts[] }
  | { kind: 'purchase'; facts: PurchaseFacts[] }
  | { kind: 'hr'; facts: HrRequestFacts[] }
  | { kind: 'fine' }
  | { kind: 'event'; userIds: number[] };

/**
 * Whether an event may have moved something into or out of the person's queue: the record waits
 * for him before or after the write, by the same functions as the inbox. Fines change with the
 * calendar as well, so any change of fines concerns whoever manages them.
 */
export function pendenciasEventConcerns(u: PendenciasActor, e: PendenciasEvent): boolean {
  switch (e.kind) {
    case 'ticket':
      return e.facts.some((f) => ticketWaitFor(u, f) !== null);
    case 'purchase':
      return e.facts.some((f) => purchaseWaitFor(u, f) !== null);
    case 'hr':
      return e.facts.some((f) => hrWaitFor(u, f));
    case 'fine':
      return canManageFines(u);
    case 'event':
      return e.userIds.includes(u.userId);
  }
}
