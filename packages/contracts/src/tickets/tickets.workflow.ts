/**
 * The ticket (call) status machine of spec §4, as data: the server fires transitions from this
 * table and the screens read labels, colours and buttons from it. No status number is spelled
 * anywhere else.
 */

export const CALL_STATUS = {
  naoAtendido: 0,
  emAtendimento: 1,
  compras: 2,
  finalizado: 3,
  materiaisPendentes: 20,
  materiaisEnviados: 21,
  materiaisRecusados: 22,
  materiaisRecebidos: 23,
} as const;
export type CallStatus = (typeof CALL_STATUS)[keyof typeof CALL_STATUS];

export interface CallStatusInfo {
  status: CallStatus;
  label: string;
  /** A Mantine colour name (spec §4: 0 orange, 1 blue, 2 yellow, 3 green, 20 orange, 21 blue, 23 green). */
  color: string;
}

export const CALL_STATUSES: readonly CallStatusInfo[] = [
  { status: 0, label: 'Não atendido', color: 'orange' },
  { status: 1, label: 'Em atendimento', color: 'blue' },
  { status: 2, label: 'Compras', color: 'yellow' },
  { status: 3, label: 'Finalizado', color: 'green' },
  { status: 20, label: 'Materiais pendentes', color: 'orange' },
  { status: 21, label: 'Materiais enviados', color: 'blue' },
  // Spec §4 gives 22 no colour: it is the list refused and pending again, so it reads like 20.
  { status: 22, label: 'Materiais pendentes', color: 'orange' },
  { status: 23, label: 'Materiais recebidos', color: 'green' },
];

/**
 * Who may fire a transition:
 * - department: a support user of the call's department (tickets.policy.ts), or an admin;
 * - purchasing: a support user of Compras, or an admin (the materials list a purchase asked for).
 */
export type CallActor = 'department' | 'purchasing';

export interface CallTransition {
  key: string;
  /** The button label. */
  label: string;
  from: readonly CallStatus[];
  to: CallStatus;
  by: CallActor;
  /** Fired by its own call (materials insert), not by setCall. */
  viaOwnCall?: boolean;
  /** Taking the call records the attendant (nome_suporte, matricula_suporte). */
  takesCall?: boolean;
}

export const CALL_TRANSITIONS: readonly CallTransition[] = [
  { key: 'atender', label: 'Atender', from: [0], to: 1, by: 'department', takesCall: true },
  { key: 'compras', label: 'Compras', from: [1], to: 2, by: 'department' },
  { key: 'retirarCompras', label: 'Retirar de compras', from: [2], to: 1, by: 'department' },
  { key: 'finalizar', label: 'Finalizar', from: [1, 2], to: 3, by: 'department' },
  {
    key: 'inserirMateriais',
    label: 'Inserir Materiais',
    from: [20, 22],
    to: 21,
    by: 'department',
    viaOwnCall: true,
  },
  { key: 'aceitarMateriais', label: 'Aceitar', from: [21], to: 23, by: 'purchasing' },
  { key: 'recusarMateriais', label: 'Recusar', from: [21, 23], to: 22, by: 'purchasing' },
];

export const isCallStatus = (value: number): value is CallStatus =>
  CALL_STATUSES.some((s) => s.status === value);

export function callStatusInfo(status: number): CallStatusInfo {
  return (
    CALL_STATUSES.find((s) => s.status === status) ?? {
      status: status as CallStatus,
      label: `Status ${status}`,
      color: 'gray',
    }
  );
}

export const callStatusLabel = (status: number) => callStatusInfo(status).label;

/** The transition that takes a call from one status to another, if the table has one. */
export function findCallTransition(from: number, to: number): CallTransition | undefined {
  return CALL_TRANSITIONS.find((t) => t.to === to && (t.from as readonly number[]).includes(from));
}

/** Transitions the table offers from a status (before asking who may fire them). */
export function transitionsFrom(status: number): CallTransition[] {
  return CALL_TRANSITIONS.filter((t) => (t.from as readonly number[]).includes(status));
}

export const INSERT_MATERIALS = CALL_TRANSITIONS.find((t) => t.key === 'inserirMateriais')!;

/** Statuses shown with the same label (20 and 22): a filter on one matches both. */
export function statusesLike(status: number): number[] {
  const label = callStatusLabel(status);
  return CALL_STATUSES.filter((s) => s.label === label).map((s) => s.status);
}

/** Status options for filters, one per distinct label. */
export const CALL_STATUS_FILTER_OPTIONS = CALL_STATUSES.filter((s) => s.status !== 22).map((s) => ({
  value: String(s.status),
  label: s.label,
}));
