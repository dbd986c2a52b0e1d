import { type Actor, hasRole, isAdmin, isAdministrador, isGestorOrAbove, normalizeName } from '../roles.ts';
import { isPurchasing } from '../tickets/tickets.policy.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import type { PurchaseAbilities } from './purchases.schemas.ts';
import {
  isOpenPurchase,
  managerMayApprove,
  PURCHASE_STATUS,
  type PurchaseTransition,
  purchaseTransitionsFrom,
} from './purchases.workflow.ts';

/** The caller as purchases see it: the session facts plus whether he is the company's director. */
export interface PurchaseActor extends Actor {
  /** Listed in approvers with role diretor (the session does not carry it; the server loads it). */
  diretor: boolean;
}

/** The facts of a request that decisions depend on. */
export interface PurchaseFacts {
  userId: number;
  /** The requester's sectors when he asked (snapshot). */
  requesterSectors: readonly string[];
  status: number;
  /** The selected quote's value in centavos, if one is selected. */
  selectedQuoteCentavos: number | null;
  quoteCount: number;
  /** The in-quote (buy-active) flag. */
  inQuote: boolean;
  /** The materials call asked of Infraestrutura, if any. */
  materialsCallId?: number | null;
}

/** The director of stage 4: a level-1 user, or the approver registered as diretor. */
export const isDirector = (u: PurchaseActor) => isAdministrador(u) || u.diretor;

/**
 * The request's manager (stage 3, Negar at 1): level below 3 and either in Compras or in one of the
 * requester's sectors; an admin always.
 */
export function isRequestManager(u: PurchaseActor, r: Pick<PurchaseFacts, 'requesterSectors'>): boolean {
  if (isAdmin(u)) return true;
  if (!isGestorOrAbove(u)) return false;
  if (hasRole(u, 'compras')) return true;
  return r.requesterSectors.some((s) => u.setor.some((m) => normalizeName(m.sector) === normalizeName(s)));
}

/** Managers of a sector see its requests: the sectors a level-1/2 user manages. */
export const managedSectors = (u: PurchaseActor): string[] =>
  isGestorOrAbove(u) ? u.setor.map((s) => s.sector) : [];

/**
 * The received list (SOLICITAÇÕES DE COMPRAS): every request for purchasing users and directors,
 * those of his sectors for a manager. The server's list query applies the same rule in SQL
 * (purchases.queries.ts#scopeFilter; purchases.scope.test.ts compares them).
 */
export const inReceivedList = (u: PurchaseActor, r: PurchaseFacts): boolean =>
  isPurchasing(u) || isDirector(u) || isRequestManager(u, r);

/** Who sees a request: its requester, and whoever has it in the received list. */
export const canSeePurchase = (u: PurchaseActor, r: PurchaseFacts): boolean =>
  r.userId === u.userId || inReceivedList(u, r);

/** The received list (SOLICITAÇÕES DE COMPRAS): Compras users, admins, managers and directors. */
export const canListReceivedPurchases = (u: PurchaseActor): boolean =>
  isPurchasing(u) || isDirector(u) || isGestorOrAbove(u);

/** Any member asks for a purchase or a third-party service. */
export const canOpenPurchase = (_u: PurchaseActor) => true;

/** What the requester may still do on his own request as staff: record that he picked his items up. */
const REQUESTER_MAY: ReadonlySet<string> = new Set(['registrarRetirada']);

/** The staff actions on a request besides its transitions (the keys ownRequestRefusal takes). */
export type PurchaseStaffAction = 'editQuotes' | 'selectQuote' | 'toggleInQuote' | 'requestMaterials';

/**
 * Segregation of duties: nobody approves, denies, advances, quotes, buys or asks materials for a
 * request he opened, whatever his roles; someone else with the role acts (another manager, an
 * administrator as director). Answers the refusal's message, or undefined when this rule allows it.
 */
export function ownRequestRefusal(
  u: PurchaseActor,
  r: Pick<PurchaseFacts, 'userId'>,
  action: string,
): string | undefined {
  return r.userId === u.userId && !REQUESTER_MAY.has(action) ? PURCHASE_MSG.ownRequest : undefined;
}

/** Whether the actor kind of a transition is this user (status and requirements aside). */
export function isActorOf(u: PurchaseActor, r: PurchaseFacts, t: PurchaseTransition): boolean {
  if (ownRequestRefusal(u, r, t.key)) return false;
  return isActorKind(u, r, t);
}

function isActorKind(u: PurchaseActor, r: PurchaseFacts, t: PurchaseTransition): boolean {
  switch (t.by) {
    case 'purchasing':
      return isPurchasing(u);
    case 'manager':
      return isRequestManager(u, r);
    case 'director':
      return isDirector(u);
    case 'buyerStage':
      return isPurchasing(u) || isRequestManager(u, r);
  }
}

/** Why a transition's requirement fails, as the message to show; undefined when met. */
export function unmetRequirement(r: PurchaseFacts, t: PurchaseTransition): string | undefined {
  switch (t.requires) {
    case 'quotes':
      return r.quoteCount > 0 ? undefined : 'Insira ao menos uma cotação para prosseguir.';
    case 'selectedQuote':
      return r.selectedQuoteCentavos !== null ? undefined : 'Selecione uma cotação para prosseguir.';
    case 'approvableQuote':
      if (r.selectedQuoteCentavos === null) return 'Selecione uma cotação para prosseguir.';
      return managerMayApprove(r.selectedQuoteCentavos, r.inQuote)
        ? undefined
        : 'Cotações acima de R$ 500,00 (ou em cotação) seguem para o diretor: use Encaminhar.';
    default:
      return undefined;
  }
}

export function canFirePurchaseTransition(
  u: PurchaseActor,
  r: PurchaseFacts,
  t: PurchaseTransition,
): boolean {
  return (t.from as readonly number[]).includes(r.status) && isOpenPurchase(r.status) && isActorOf(u, r, t);
}

/**
 * Who may be recorded as having picked the items up (Registrar Retirada, "Quem retirou"): the
 * requester himself, or a user of Compras who took them for him (issue 32; the spec's picker lists
 * Compras only). The server checks it with the candidate's sectors; the picker lists the same people.
 */
export const mayBeRecordedAsPicker = (
  r: Pick<PurchaseFacts, 'userId'>,
  candidate: { id: number; inCompras: boolean },
): boolean => candidate.id === r.userId || candidate.inCompras;

/** Cancelar (spec §4: consult mode, status 0): the requester drops his request while it is still open. */
export const canCancelPurchase = (u: PurchaseActor, r: PurchaseFacts) =>
  r.userId === u.userId && r.status === PURCHASE_STATUS.aberta;

/** Inserir cotação (quote stage, status 2), edit and delete: purchasing. */
export const canEditQuotes = (u: PurchaseActor, r: PurchaseFacts) =>
  isPurchasing(u) && r.status === PURCHASE_STATUS.aguardandoCotacao && !ownRequestRefusal(u, r, 'editQuotes');

/** Selecionar Cotação (status 3, level below 3): the request's manager. */
export const canSelectQuote = (u: PurchaseActor, r: PurchaseFacts) =>
  r.status === PURCHASE_STATUS.aprovacaoGestor &&
  isRequestManager(u, r) &&
  !ownRequestRefusal(u, r, 'selectQuote');

/** Colocar / Retirar de cotação: purchasing while quotes are gathered or judged (status 2 or 3). */
export const canToggleInQuote = (u: PurchaseActor, r: PurchaseFacts) =>
  isPurchasing(u) &&
  (r.status === PURCHASE_STATUS.aguardandoCotacao || r.status === PURCHASE_STATUS.aprovacaoGestor) &&
  !ownRequestRefusal(u, r, 'toggleInQuote');

/** Materials request (spec §2 overlay): purchasing asks Infraestrutura for a list while the request is at 0. */
export const canRequestMaterials = (u: PurchaseActor, r: PurchaseFacts) =>
  isPurchasing(u) &&
  r.status === PURCHASE_STATUS.aberta &&
  !r.materialsCallId &&
  !ownRequestRefusal(u, r, 'requestMaterials');

/** Comments: whoever sees the request, while it is open. */
export const canCommentPurchase = (u: PurchaseActor, r: PurchaseFacts) =>
  canSeePurchase(u, r) && r.status !== PURCHASE_STATUS.finalizada && r.status !== PURCHASE_STATUS.negado;

/** What the web shows for a request: the buttons the caller may press now. */
export function purchaseAbilities(u: PurchaseActor, r: PurchaseFacts): PurchaseAbilities {
  return {
    transitions: purchaseTransitionsFrom(r.status)
      .filter((t) => canFirePurchaseTransition(u, r, t))
      .filter((t) => t.requires !== 'approvableQuote' || unmetRequirement(r, t) === undefined)
      .map((t) => t.key),
    cancel: canCancelPurchase(u, r),
    editQuotes: canEditQuotes(u, r),
    selectQuote: canSelectQuote(u, r),
    toggleInQuote: canToggleInQuote(u, r),
    requestMaterials: canRequestMaterials(u, r),
    /** Aceitar / Recusar of the materials call (tickets' setCall, purchasing). */
    materials: isPurchasing(u) && Boolean(r.materialsCallId),
    comment: canCommentPurchase(u, r),
    ownRequestNote: ownRequestNote(u, r),
  };
}

/**
 * What the requester's screen says while his request waits for a step his roles would let him
 * take if it were someone else's: that another person takes it, and who.
 */
export function ownRequestNote(u: PurchaseActor, r: PurchaseFacts): string | null {
  if (r.userId !== u.userId) return null;
  const blocked = purchaseTransitionsFrom(r.status).find(
    (t) => isOpenPurchase(r.status) && ownRequestRefusal(u, r, t.key) && isActorKind(u, r, t),
  );
  if (!blocked) return null;
  if (blocked.by === 'director') return PURCHASE_MSG.ownRequestDirector;
  if (blocked.by === 'manager') return PURCHASE_MSG.ownRequestManager;
  return PURCHASE_MSG.ownRequestStaff;
}

/** "Aguardando minha aprovação": at 3 for its managers, at 4 for directors. */
export const awaitsApprovalOf = (u: PurchaseActor, r: PurchaseFacts) =>
  r.userId !== u.userId &&
  ((r.status === PURCHASE_STATUS.aprovacaoGestor && isRequestManager(u, r)) ||
    (r.status === PURCHASE_STATUS.aprovacaoDiretor && isDirector(u)));
