/**
 * The Portuguese of Minhas pendências, and how a record becomes a line: what it is, the action it
 * waits for, and the address its module opens it by.
 */
import { formatDate, formatDateTime } from '../dates.ts';
import { HR_REQUEST_TYPE_LABEL, hrStageInfo } from '../hr/hr.workflow.ts';
import { RECORD_HREF } from '../links/record-links.ts';
import { PURCHASE_STAGES } from '../purchases/purchases.workflow.ts';
import type { TicketWait } from './pendencias.policy.ts';
import type { PendenciaItem, PendenciaKind } from './pendencias.schemas.ts';

export const PENDENCIAS_MSG = {
  title: 'Minhas pendências',
  description: 'O que espera por você em chamados, compras, RH, multas e eventos.',
  empty: 'Nada espera por você agora.',
  seeAll: 'Ver todas',
  loadError: 'Não foi possível carregar suas pendências.',
  /** The bell's accessible name. */
  bell: (count: number, capped: boolean) => `Pendências: ${count}${capped ? '+' : ''}`,
  since: (when: string) => `desde ${when}`,
  dueOn: (day: string) => `vence em ${day}`,
  tooManyStreams: 'Muitas abas abertas acompanhando suas pendências. Feche alguma e tente novamente.',
  invitationNotFound: 'Convite não encontrado.',
  invitationSeen: 'Convite marcado como visto.',
} as const;

/** When a line started to wait; a fine says when it falls due (the list and the daily digest). */
export const pendenciaWhen = (item: Pick<PendenciaItem, 'kind' | 'since'>): string =>
  item.kind === 'fine'
    ? PENDENCIAS_MSG.dueOn(formatDate(item.since))
    : PENDENCIAS_MSG.since(formatDateTime(item.since));

export const PENDENCIA_KIND_LABEL: Record<PendenciaKind, string> = {
  ticket: 'Chamado',
  purchase: 'Compra',
  hr: 'RH',
  fine: 'Multa',
  event: 'Convite',
};

const TICKET_ACTION: Record<TicketWait, string> = {
  atender: 'Atender o chamado',
  aceitarMateriais: 'Aceitar ou recusar a lista de materiais',
  responder: 'Ler e responder a mensagem',
};

/** The action each purchase stage waits for, by the stage's key (purchases.workflow.ts). */
const PURCHASE_ACTION: Record<string, string> = {
  openRequest: 'Analisar a solicitação',
  analise: 'Pedir cotação',
  awaitQuot: 'Inserir cotações e enviar para aprovação',
  awaitapprovalManager: 'Aprovar ou encaminhar ao diretor',
  awaitApprovalDirector: 'Aprovar ou negar',
  resultApproval: 'Escolher o comprador',
  buyProcess: 'Registrar a compra',
  buyOk: 'Avisar que está disponível para retirada',
  available: 'Registrar a retirada',
};

export const purchaseWaitAction = (status: number): string => {
  const stage = PURCHASE_STAGES.find((s) => s.status === status);
  return (stage && PURCHASE_ACTION[stage.key]) ?? 'Dar andamento';
};

/** The facts of a line as the inbox query reads them. */
export type PendenciaRow =
  | { kind: 'ticket'; id: number; since: string; wait: TicketWait; subject: string }
  | { kind: 'purchase'; id: number; since: string; status: number; subject: string }
  | { kind: 'hr'; id: number; since: string; status: number; typeRequest: string; subject: string | null }
  | { kind: 'fine'; id: number; since: string; auto: string; plate: string | null }
  | { kind: 'event'; id: number; since: string; day: string; subject: string };

/** A row of the inbox as the screens show it. */
export function pendenciaLine(row: PendenciaRow): PendenciaItem {
  const base = { kind: row.kind, id: row.id, since: row.since };
  switch (row.kind) {
    case 'ticket':
      return {
        ...base,
        title: `Chamado ${row.id} · ${row.subject}`,
        action: TICKET_ACTION[row.wait],
        // His own call's answer opens from his calls; taking a call and the materials, from the queue.
        href: RECORD_HREF.call(row.id, row.wait === 'responder'),
      };
    case 'purchase':
      return {
        ...base,
        title: `Solicitação de compra ${row.id} · ${row.subject}`,
        action: purchaseWaitAction(row.status),
        href: RECORD_HREF.purchase(row.id, true),
      };
    case 'hr': {
      const type =
        HR_REQUEST_TYPE_LABEL[row.typeRequest as keyof typeof HR_REQUEST_TYPE_LABEL] ?? 'Solicitação';
      return {
        ...base,
        title: `${type} ${row.id}${row.subject ? ` · ${row.subject}` : ''}`,
        action: `Decidir a etapa ${hrStageInfo(row.status).label}`,
        href: RECORD_HREF.hrRequest(row.id),
      };
    }
    case 'fine':
      return {
        ...base,
        title: `Multa ${row.auto}${row.plate ? ` · ${row.plate}` : ''}`,
        action: `Pagar até ${formatDate(row.since)}`,
        href: `/managerFines?NUMERO_AUTO=${encodeURIComponent(row.auto)}`,
      };
    case 'event':
      return {
        ...base,
        title: `${row.subject} · ${formatDate(row.day)}`,
        action: 'Ver o convite',
        href: `/agendevents?evento=${row.id}&data=${row.day}`,
      };
  }
}
