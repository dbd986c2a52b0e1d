import { formatDateTime } from '../dates.ts';
import { defineColumns, pickColumns } from '../lists/columns.ts';
import { branchLabelOf } from '../sectors/sectors.names.ts';
import {
  PRIORITY_LABEL,
  type PurchaseRow,
  priorityLabel,
  REQUEST_TYPE_LABEL,
  REQUEST_TYPES,
} from './purchases.schemas.ts';
import { PURCHASE_STATUS_OPTIONS, purchaseStatusLabel } from './purchases.workflow.ts';

/**
 * Every column of the purchase lists, in the spreadsheet's order (solicitacoes.xlsx). The received
 * table (SOLICITAÇÕES DE COMPRAS) and the consultation table are views of it; sortable ids are the
 * `sort` values of `GET /api/purchases` (PURCHASE_SORT), filter params the names it reads.
 */
export const PURCHASE_COLUMNS = defineColumns<PurchaseRow>()([
  {
    id: 'id',
    header: 'Ticket',
    width: 10,
    sortable: true,
    phone: true,
    filter: { kind: 'number', param: 'ticket' },
    value: (r) => r.id,
  },
  { id: 'descript', header: 'Produto / Serviço', width: 40, phone: true, value: (r) => r.descript },
  { id: 'qnt', header: 'Quantidade', width: 12, sortable: true, value: (r) => r.qnt },
  { id: 'nome', header: 'Solicitante', width: 30, sortable: true, value: (r) => r.nome },
  {
    id: 'setor',
    header: 'Setor',
    width: 24,
    // Matches any of the requester's sectors at opening (purchase_request_sectors), not only the first shown.
    filter: { kind: 'select', options: [], org: 'sectors' },
    value: (r) => r.setor,
  },
  {
    id: 'filial',
    header: 'Filial',
    width: 10,
    filter: { kind: 'select', options: [], org: 'branches' },
    value: (r, cx) => branchLabelOf(cx.branches, r.filial),
  },
  {
    id: 'date',
    header: 'Data',
    width: 20,
    sortable: true,
    filter: { kind: 'dateRange', params: { from: 'from', to: 'to' } },
    value: (r) => formatDateTime(r.date),
  },
  {
    id: 'priority',
    header: 'Prioridade',
    width: 12,
    sortable: true,
    filter: {
      kind: 'select',
      options: Object.entries(PRIORITY_LABEL).map(([value, label]) => ({ value, label })),
    },
    value: (r) => priorityLabel(r.priority),
  },
  {
    id: 'status',
    header: 'Status',
    width: 28,
    sortable: true,
    phone: true,
    badge: true,
    filter: { kind: 'select', options: PURCHASE_STATUS_OPTIONS },
    value: (r) => purchaseStatusLabel(r.status),
  },
  {
    id: 'typerequest',
    header: 'Tipo',
    width: 20,
    filter: {
      kind: 'select',
      options: REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABEL[t] })),
    },
    value: (r) => REQUEST_TYPE_LABEL[r.typerequest as keyof typeof REQUEST_TYPE_LABEL] ?? r.typerequest,
  },
]);

/** SOLICITAÇÕES DE COMPRAS (spec §2). */
export const RECEIVED_PURCHASES_TABLE = pickColumns(PURCHASE_COLUMNS, [
  'id',
  'descript',
  'qnt',
  'nome',
  'setor',
  'filial',
  'date',
  'priority',
  'status',
]);

/** Consultation (spec §2: Ticket, Produto/Serviço, Quantidade, Nome, Setor, Filial, Data, Prioridade, Status). */
export const MY_PURCHASES_TABLE = pickColumns(
  PURCHASE_COLUMNS,
  ['id', 'descript', 'qnt', 'nome', 'setor', 'filial', 'date', 'priority', 'status'],
  { descript: 'Produto/Serviço', nome: 'Nome' },
);
