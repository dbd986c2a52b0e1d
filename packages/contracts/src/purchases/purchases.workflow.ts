/**
 * The purchase request status machine of spec §4, as data: the server fires transitions from this
 * table and the screens read labels, stages and buttons from it. No status number is spelled
 * anywhere else.
 */
import { LIMITS } from '../limits.ts';
import { toCentavos } from '../money.ts';

export const PURCHASE_STATUS = {
  aberta: 0,
  emAnalise: 1,
  aguardandoCotacao: 2,
  aprovacaoGestor: 3,
  aprovacaoDiretor: 4,
  aprovado: 5,
  emProcessoCompra: 6,
  compraRealizada: 7,
  disponivel: 8,
  finalizada: 9,
  negado: 10,
} as const;
export type PurchaseStatus = (typeof PURCHASE_STATUS)[keyof typeof PURCHASE_STATUS];

/** The ten stages of the timeline (spec §4 stage order), one per status 0–9. */
export const PURCHASE_STAGES = [
  { status: 0, key: 'openRequest', label: 'Solicitação aberta' },
  { status: 1, key: 'analise', label: 'Em análise' },
  { status: 2, key: 'awaitQuot', label: 'Aguardando Cotação' },
  { status: 3, key: 'awaitapprovalManager', label: 'Aguardando aprovação Gestor' },
  { status: 4, key: 'awaitApprovalDirector', label: 'Aguardando aprovação Diretor' },
  { status: 5, key: 'resultApproval', label: 'Aprovado' },
  { status: 6, key: 'buyProcess', label: 'Em Processo de Compra' },
  { status: 7, key: 'buyOk', label: 'Compra Realizada' },
  { status: 8, key: 'available', label: 'Disponível para Retirada' },
  { status: 9, key: 'fineshed', label: 'Solicitação Finalizada' },
] as const;

/** Every status label of spec §4 (20 and 21 are the labels of a request redirected for materials). */
export const PURCHASE_STATUS_LABEL: Record<number, string> = {
  ...Object.fromEntries(PURCHASE_STAGES.map((s) => [s.status, s.label])),
  10: 'Negado',
  20: 'Redirecionado',
  21: 'Lista enviada',
};

export const purchaseStatusLabel = (status: number): string =>
  PURCHASE_STATUS_LABEL[status] ?? `Status ${status}`;

/** Status options for filters (the stored statuses 0–10). */
export const PURCHASE_STATUS_OPTIONS = Object.values(PURCHASE_STATUS).map((s) => ({
  value: String(s),
  label: purchaseStatusLabel(s),
}));

/** Materials call statuses (the ticket module's 20–23) and the text they append (spec §4). */
export const MATERIALS_STATUS_SUFFIX: Record<number, string> = {
  20: 'aguardando lista de materiais',
  21: 'lista recebida',
  22: 'aguardando lista de materiais',
  23: '',
};

/** The status label of a request whose materials call is at `callStatus` (20–22 append their text). */
export function purchaseStatusText(status: number, callStatus: number | null): string {
  const base = purchaseStatusLabel(status);
  const suffix = callStatus !== null ? MATERIALS_STATUS_SUFFIX[callStatus] : undefined;
  return suffix ? `${base} - ${suffix}` : base;
}

/**
 * Who fires a transition (purchases.policy.ts decides each for a user and a request):
 * - purchasing: a support user of Compras, or an admin;
 * - manager: the request's manager — a level-1/2 user of Compras or of one of the requester's
 *   sectors, or an admin (spec: "level below 3");
 * - director: a level-1 user or the company's director (approvers, role diretor);
 * - buyerStage: purchasing or manager (spec: status above 5 with level below 3, or purchasing).
 */
export type PurchaseActorKind = 'purchasing' | 'manager' | 'director' | 'buyerStage';

/** What a transition needs besides its status and actor. */
export type PurchaseRequirement = 'quotes' | 'selectedQuote' | 'approvableQuote' | 'buyer' | 'picker';

export interface PurchaseTransition {
  key: string;
  /** The button label. */
  label: string;
  from: readonly PurchaseStatus[];
  to: PurchaseStatus;
  by: PurchaseActorKind;
  requires?: PurchaseRequirement;
  /** Who is recorded on the request (Fluxo do Atendimento) by this transition. */
  records?: 'atendente' | 'quoter' | 'approver' | 'buyer' | 'picker';
}

export const PURCHASE_TRANSITIONS: readonly PurchaseTransition[] = [
  { key: 'analisar', label: 'Próxima Etapa', from: [0], to: 1, by: 'purchasing', records: 'atendente' },
  { key: 'pedirCotacao', label: 'Próxima Etapa', from: [1], to: 2, by: 'purchasing' },
  { key: 'negarAnalise', label: 'Negar', from: [1], to: 10, by: 'manager', records: 'approver' },
  {
    key: 'enviarAprovacao',
    label: 'Enviar para aprovação',
    from: [2],
    to: 3,
    by: 'purchasing',
    requires: 'quotes',
    records: 'quoter',
  },
  {
    key: 'encaminhar',
    label: 'Encaminhar',
    from: [3],
    to: 4,
    by: 'manager',
    requires: 'selectedQuote',
    records: 'approver',
  },
  {
    key: 'aprovarGestor',
    label: 'Aprovar',
    from: [3],
    to: 5,
    by: 'manager',
    requires: 'approvableQuote',
    records: 'approver',
  },
  { key: 'negarGestor', label: 'Negar', from: [3], to: 10, by: 'manager', records: 'approver' },
  { key: 'aprovarDiretor', label: 'Aprovado', from: [4], to: 5, by: 'director', records: 'approver' },
  { key: 'negarDiretor', label: 'Negado', from: [4], to: 10, by: 'director', records: 'approver' },
  {
    key: 'escolherComprador',
    label: 'Escolher comprador',
    from: [5],
    to: 6,
    by: 'purchasing',
    requires: 'buyer',
    records: 'buyer',
  },
  { key: 'compraRealizada', label: 'Próxima Etapa', from: [6], to: 7, by: 'buyerStage' },
  { key: 'disponivel', label: 'Próxima Etapa', from: [7], to: 8, by: 'buyerStage' },
  {
    key: 'registrarRetirada',
    label: 'Registrar Retirada',
    from: [8],
    to: 9,
    by: 'purchasing',
    requires: 'picker',
    records: 'picker',
  },
];

export const PURCHASE_TRANSITION_KEYS = PURCHASE_TRANSITIONS.map((t) => t.key) as [string, ...string[]];

export const findPurchaseTransition = (key: string): PurchaseTransition | undefined =>
  PURCHASE_TRANSITIONS.find((t) => t.key === key);

export const purchaseTransitionsFrom = (status: number): PurchaseTransition[] =>
  PURCHASE_TRANSITIONS.filter((t) => (t.from as readonly number[]).includes(status));

/** Advancing happens only while the status is below 9 (spec §4); a denied request is closed. */
export const isOpenPurchase = (status: number) => status < PURCHASE_STATUS.finalizada;

/**
 * aprovall_id after a transition (spec §4): the acting user when the new stage is 4 or 5 (and, as a
 * decision, when it denies: Fluxo do Atendimento names the denier as the approver), otherwise cleared.
 */
export function approverAfter(t: PurchaseTransition, userId: number): number | null {
  return t.records === 'approver' ? userId : null;
}

/** The manager threshold (spec §9): a quote of at most R$ 500,00, in centavos. */
export const MANAGER_APPROVAL_MAX_CENTAVOS = toCentavos(LIMITS.quoteManagerApprovalMaxBrl);

/**
 * The manager approves (3 → 5) only a selected quote of at most R$ 500,00 with the buy-active
 * (in-quote) flag off; otherwise he forwards to the director (spec §4).
 */
export function managerMayApprove(selectedQuoteCentavos: number | null, buyActive: boolean): boolean {
  return (
    selectedQuoteCentavos !== null && !buyActive && selectedQuoteCentavos <= MANAGER_APPROVAL_MAX_CENTAVOS
  );
}

/** The stages a denial is made at: the `from` of the transitions to Negado (1, 3, 4). */
export const DENIABLE_STATUSES: readonly number[] = PURCHASE_TRANSITIONS.filter(
  (t) => t.to === PURCHASE_STATUS.negado,
).flatMap((t) => t.from);

/**
 * The timeline position marked denied: the stage the request was denied at (`denied_from`, the
 * denial's `from`: 1, 3 or 4). Spec §4 derives it from aprovall_id (> 2 → 3, = 2 → 4, else 5), a
 * user id here, which put the mark at a stage the request never reached (decision
 * 0062); a denial whose stage is not known (denied before it was recorded, with no trace in the
 * audit log) marks the decision's result, the spec's "otherwise 5".
 */
export function deniedPosition(deniedFrom: number | null): number {
  return deniedFrom !== null && DENIABLE_STATUSES.includes(deniedFrom)
    ? deniedFrom
    : PURCHASE_STATUS.aprovado;
}

export type TimelineState = 'done' | 'current' | 'pending' | 'denied';

/**
 * The 10-stage timeline: a stage is active (done) when the status is beyond it; the current one is
 * the status itself; nothing is active while the request awaits infrastructure (a materials call at
 * 20–23 on a request at stage 0); a denied request marks the stage it was denied at (`deniedFrom`).
 */
export function purchaseTimeline(
  status: number,
  deniedFrom: number | null,
  materialsCallStatus: number | null,
): { key: string; label: string; state: TimelineState }[] {
  const awaitingInfra =
    status === PURCHASE_STATUS.aberta &&
    materialsCallStatus !== null &&
    materialsCallStatus >= 20 &&
    materialsCallStatus <= 23;
  const denied = status === PURCHASE_STATUS.negado ? deniedPosition(deniedFrom) : null;
  return PURCHASE_STAGES.map((s) => {
    let state: TimelineState = 'pending';
    if (awaitingInfra) state = 'pending';
    else if (denied !== null) state = s.status < denied ? 'done' : s.status === denied ? 'denied' : 'pending';
    else if (status > s.status || status === PURCHASE_STATUS.finalizada) state = 'done';
    else if (status === s.status) state = 'current';
    return { key: s.key, label: s.label, state };
  });
}

/** In-quote toggle (spec §4): buyer_id 0 or 3 meant "not in quote"; stored here as a 0/1 flag. */
export const inQuoteLabel = (inQuote: boolean) => (inQuote ? 'Retirar de cotação' : 'Colocar em cotação');
