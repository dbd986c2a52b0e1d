import { formatDate, formatDateTime } from '../dates.ts';
import { defineColumns } from '../lists/columns.ts';
import { branchLabelById } from '../sectors/sectors.names.ts';
import type { EmployeeDetail, EmployeeRow, Vacation } from './hr.employees.schemas.ts';
import type { MedicalLeave } from './hr.leave.schemas.ts';
import { EMPLOYEE_ROLES, optionLabel, TRANSPORT_TYPES, WORK_TIMES } from './hr.options.ts';
import type { HrRequestRow } from './hr.schemas.ts';
import { HR_PROGRESS_OPTIONS, HR_REQUEST_TYPE_LABEL, HR_REQUEST_TYPES, hrStageInfo } from './hr.workflow.ts';

/** The HR request lists (Atendimento RH, Minhas Solicitações) and solicitacoes_rh.xlsx. */
export const HR_REQUEST_COLUMNS = defineColumns<HrRequestRow>()([
  {
    id: 'Id',
    header: 'Nº',
    width: 8,
    sortable: true,
    phone: true,
    filter: { kind: 'number' },
    value: (r) => r.Id,
  },
  {
    id: 'typeRequest',
    header: 'Tipo',
    width: 14,
    sortable: true,
    filter: {
      kind: 'select',
      options: HR_REQUEST_TYPES.map((t) => ({ value: t, label: HR_REQUEST_TYPE_LABEL[t] })),
    },
    value: (r) => HR_REQUEST_TYPE_LABEL[r.typeRequest],
  },
  {
    id: 'requesterName',
    header: 'Solicitante',
    width: 30,
    sortable: true,
    filter: { kind: 'text' },
    value: (r) => r.requesterName,
  },
  { id: 'requesterSetor', header: 'Setor', width: 22, value: (r) => r.requesterSetor },
  {
    id: 'employeeName',
    header: 'Funcionário / Cargo',
    width: 30,
    phone: true,
    filter: { kind: 'text' },
    value: (r) => r.employeeName ?? optionLabel(EMPLOYEE_ROLES, r.roleId),
  },
  {
    id: 'Date',
    header: 'Data',
    width: 20,
    sortable: true,
    filter: { kind: 'dateRange', params: { from: 'from', to: 'to' } },
    value: (r) => formatDateTime(r.Date),
  },
  { id: 'stage', header: 'Etapa', width: 20, value: (r) => hrStageInfo(r.status).label },
  {
    id: 'status',
    header: 'Status',
    width: 18,
    sortable: true,
    phone: true,
    filter: {
      kind: 'select',
      param: 'progress',
      options: HR_PROGRESS_OPTIONS.map((p) => ({ value: p, label: p })),
    },
    value: (r) => r.progress,
  },
]);

const dismissedName = (r: Pick<EmployeeRow, 'name' | 'DismissalId'>) =>
  r.DismissalId ? `${r.name} (D)` : r.name;

/** The employee list; a dismissed employee shows '(D)' after the name (spec §3). */
export const EMPLOYEE_COLUMNS = defineColumns<EmployeeRow>()([
  {
    id: 'Registration',
    header: 'Matrícula',
    width: 10,
    sortable: true,
    phone: true,
    value: (r) => r.Registration,
  },
  { id: 'name', header: 'Nome', width: 40, sortable: true, phone: true, value: dismissedName },
  { id: 'role', header: 'Cargo', width: 30, value: (r) => optionLabel(EMPLOYEE_ROLES, r.role) },
  { id: 'sector', header: 'Setor', width: 24, value: (r) => r.sector },
  { id: 'branch', header: 'Unidade', width: 10, value: (r, cx) => branchLabelById(cx.branches, r.branch) },
  {
    id: 'DateAdmission',
    header: 'Admissão',
    width: 12,
    sortable: true,
    value: (r) => formatDate(r.DateAdmission),
  },
]);

/** funcionarios.xlsx: the list plus the record's contact and benefit fields. */
export const EMPLOYEE_SHEET_COLUMNS = defineColumns<Omit<EmployeeDetail, 'vacations' | 'hiringLink'>>()([
  ...EMPLOYEE_COLUMNS,
  { id: 'workTimeId', header: 'Horário', width: 16, value: (r) => optionLabel(WORK_TIMES, r.workTimeId) },
  {
    id: 'transportTypeId',
    header: 'Transporte',
    width: 18,
    value: (r) => optionLabel(TRANSPORT_TYPES, r.transportTypeId),
  },
  { id: 'email', header: 'E-mail', width: 30, value: (r) => r.email },
  { id: 'tell', header: 'Telefone', width: 14, value: (r) => r.tell },
  { id: 'saleVacation', header: 'Férias vencem em', width: 14, value: (r) => formatDate(r.saleVacation) },
  { id: 'dateDismissal', header: 'Demissão', width: 12, value: (r) => formatDate(r.dateDismissal) },
]);

export type VacationSheetRow = Vacation & { name: string; Registration: string; sector: string };
export const VACATION_SHEET_COLUMNS = defineColumns<VacationSheetRow>()([
  { id: 'Registration', header: 'Matrícula', width: 10, value: (r) => r.Registration },
  { id: 'name', header: 'Nome', width: 40, value: (r) => r.name },
  { id: 'sector', header: 'Setor', width: 24, value: (r) => r.sector },
  { id: 'DateStart', header: 'Início', width: 12, value: (r) => formatDate(r.DateStart) },
  { id: 'DateEnd', header: 'Fim', width: 12, value: (r) => formatDate(r.DateEnd) },
  { id: 'RequestedPeriod', header: 'Dias', width: 8, value: (r) => r.RequestedPeriod },
]);

export const LEAVE_SHEET_COLUMNS = defineColumns<MedicalLeave>()([
  { id: 'registration', header: 'Matrícula', width: 10, value: (r) => r.registration },
  { id: 'name', header: 'Nome', width: 40, value: (r) => r.name },
  { id: 'hubUnit', header: 'Unidade', width: 10, value: (r, cx) => branchLabelById(cx.branches, r.hubUnit) },
  { id: 'shift', header: 'Turno', width: 16, value: (r) => optionLabel(WORK_TIMES, r.shift) },
  { id: 'start_date', header: 'Início', width: 12, value: (r) => formatDate(r.start_date) },
  { id: 'end_date', header: 'Fim', width: 12, value: (r) => formatDate(r.end_date) },
  { id: 'total_days', header: 'Dias', width: 8, value: (r) => r.total_days },
  { id: 'cid_code', header: 'CID', width: 10, value: (r) => r.cid_code },
  { id: 'medical_unit', header: 'Unidade médica', width: 30, value: (r) => r.medical_unit },
  { id: 'doctor_name', header: 'Médico', width: 30, value: (r) => r.doctor_name },
  { id: 'doctor_crm', header: 'CRM', width: 12, value: (r) => r.doctor_crm },
  { id: 'note', header: 'Observação', width: 40, value: (r) => r.note },
]);
