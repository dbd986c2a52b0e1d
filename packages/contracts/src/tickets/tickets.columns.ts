import { formatDateTime } from '../dates.ts';
import { defineColumns, pickColumns } from '../lists/columns.ts';
import { SECTOR_ROLE_LABEL } from '../roles.ts';
import { branchLabelOf, type OrgLists, roleSectorName } from '../sectors/sectors.names.ts';
import { DEPARTMENT_ROLE } from './tickets.policy.ts';
import { type CallRow, DEPARTMENT_LABEL, DEPARTMENTS, type Department } from './tickets.schemas.ts';
import { CALL_STATUS_FILTER_OPTIONS, callStatusLabel } from './tickets.workflow.ts';

/**
 * A department as people read it: the spec's label (Infraestrutura is Manutenção) while the sector
 * attending it keeps the spec's name, else the name the company gave that sector (decision 0119).
 */
export function departmentLabel(dep: string, sectors: OrgLists['sectors']): string {
  if (!Object.hasOwn(DEPARTMENT_LABEL, dep)) return dep;
  const role = DEPARTMENT_ROLE[dep as Department];
  const named = roleSectorName(sectors, role);
  return named === SECTOR_ROLE_LABEL[role] ? DEPARTMENT_LABEL[dep as Department] : named;
}

/** A listed call; the spreadsheet also has its description. */
export type CallSheetRow = CallRow & { descricao?: string };

/**
 * Every column of the call lists, in the spreadsheet's order (chamados.xlsx, dados.xlsx). The
 * tables of My calls and Chamados Abertos are views of it; filter params are the names
 * `GET /api/calls` reads, sortable ids its `sort` values (CALL_SORT).
 */
export const CALL_COLUMNS = defineColumns<CallSheetRow>()([
  {
    id: 'id',
    header: 'Ticket',
    width: 10,
    sortable: true,
    filter: { kind: 'number', param: 'ticket' },
    value: (r) => r.id,
    phone: true,
  },
  {
    id: 'nome_usuario',
    header: 'Nome',
    width: 32,
    sortable: true,
    filter: { kind: 'text', param: 'name' },
    value: (r) => r.nome_usuario,
  },
  {
    id: 'matricula',
    header: 'Matrícula',
    width: 12,
    filter: { kind: 'text' },
    value: (r) => r.matricula_usuario,
  },
  { id: 'setor', header: 'Setor', width: 24, filter: { kind: 'text' }, value: (r) => r.setor_usuario },
  {
    id: 'dep',
    header: 'Departamento',
    width: 26,
    sortable: true,
    filter: {
      kind: 'select',
      options: DEPARTMENTS.map((d) => ({ value: d, label: DEPARTMENT_LABEL[d] })),
      orgLabel: (d, org) => departmentLabel(d, org.sectors),
    },
    value: (r, cx) => departmentLabel(r.dep, cx.sectors),
    phone: true,
  },
  { id: 'problema', header: 'Problema', width: 22, value: (r) => r.problema },
  {
    id: 'filial',
    header: 'Unidade',
    width: 10,
    sortable: true,
    // The branches from GET /api/org (orgFilterOptions); the label people read now (decision 0116).
    filter: { kind: 'select', options: [], org: 'branches' },
    value: (r, cx) => branchLabelOf(cx.branches, r.filial),
  },
  {
    id: 'data',
    header: 'Data e hora',
    width: 20,
    sortable: true,
    filter: { kind: 'dateRange', params: { from: 'from', to: 'to' } },
    value: (r) => formatDateTime(r.data),
  },
  {
    id: 'status',
    header: 'Status',
    width: 20,
    sortable: true,
    filter: { kind: 'select', options: CALL_STATUS_FILTER_OPTIONS },
    value: (r) => callStatusLabel(r.status),
    phone: true,
    badge: true,
  },
  {
    id: 'nome_suporte',
    header: 'Atendente',
    width: 28,
    filter: { kind: 'text', param: 'attendant' },
    value: (r) => r.nome_suporte,
  },
  { id: 'descricao', header: 'Descrição', width: 60, value: (r) => r.descricao ?? null },
]);

/** My calls' results table (spec §2: Ticket, Nome, Matrícula, Departamento, Data e hora, Status). */
export const MY_CALLS_TABLE = pickColumns(CALL_COLUMNS, [
  'id',
  'nome_usuario',
  'matricula',
  'dep',
  'data',
  'status',
]);

/** My calls' search form (spec §2: ticket, attendant, support sector, request dates, requester). */
export const MY_CALLS_SEARCH = pickColumns(
  CALL_COLUMNS,
  ['id', 'nome_suporte', 'dep', 'data', 'nome_usuario'],
  {
    nome_suporte: 'Nome do atendente',
    dep: 'Setor de suporte',
    data: 'Data da solicitação',
    nome_usuario: 'Nome do solicitante',
  },
);

/**
 * Chamados Abertos: one column per filter of spec §2. Suporte is the call's department and Setor
 * the requester's (spec's "department" filter), so that neither is called "Departamento" here
 * while My calls uses that word for the support department.
 */
export const OPEN_CALLS_TABLE = pickColumns(
  CALL_COLUMNS,
  ['id', 'dep', 'nome_usuario', 'filial', 'matricula', 'setor', 'problema', 'data', 'status'],
  { dep: 'Suporte' },
);
