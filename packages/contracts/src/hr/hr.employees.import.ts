import { readCpf } from '../cpf.ts';
import { formatDate } from '../dates.ts';
import { defineColumns } from '../lists/columns.ts';
import { type ImportColumn, readYesNo } from '../platform/sheet-import.ts';
import { normalizeName } from '../roles.ts';
import { EMPLOYEE_SHEET_COLUMNS } from './hr.columns.ts';
import { type EmployeeDetail, type EmployeeFields, employeeFields } from './hr.employees.schemas.ts';
import {
  CONTRACT_TYPES,
  EMPLOYEE_ROLES,
  type HrOption,
  optionLabel,
  TRANSPORT_TYPES,
  WAGE_TYPES,
  WORK_TIMES,
} from './hr.options.ts';

/**
 * The employees' spreadsheet (decision 0117): the employee form's fields, headed by the form's
 * labels, in the form's order. The import reads it and the export writes it, so that an exported
 * file imported again changes nothing.
 */
export const EMPLOYEE_IMPORT_COLUMNS = [
  { field: 'Registration', header: 'Matrícula', required: true },
  { field: 'name', header: 'Nome', required: true },
  { field: 'birthDate', header: 'Data de nascimento', aliases: ['Nascimento'], required: true },
  { field: 'DateAdmission', header: 'Data de admissão', aliases: ['Admissão'], required: true },
  { field: 'cpf', header: 'CPF', required: true },
  { field: 'rg', header: 'RG', required: true },
  { field: 'pis', header: 'PIS', required: true },
  { field: 'tell', header: 'Telefone', required: true },
  { field: 'email', header: 'E-mail' },
  { field: 'sector', header: 'Setor', required: true },
  { field: 'branch', header: 'Unidade', aliases: ['Filial'], required: true },
  { field: 'role', header: 'Cargo', required: true },
  { field: 'workTimeId', header: 'Horário', required: true },
  { field: 'contractTypeId', header: 'Contrato', required: true },
  { field: 'transportTypeId', header: 'Transporte', required: true },
  { field: 'WageId', header: 'Salário', required: true },
  { field: 'foodVoucher', header: 'Vale-refeição' },
  { field: 'healthInsurance', header: 'Plano de saúde' },
] as const satisfies readonly ImportColumn<keyof EmployeeFields>[];
export type EmployeeImportField = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['field'];

const HEADER = new Map<string, string>(EMPLOYEE_IMPORT_COLUMNS.map((c) => [c.field, c.header]));

/** An option typed by its label ("1º Turno", accents and case aside) or by its number. */
function optionId(options: readonly HrOption[], text: string): number | string {
  const key = normalizeName(text);
  const hit = options.find((o) => normalizeName(o.label) === key);
  if (hit) return hit.id;
  return /^\d+$/.test(key) ? Number(key) : text;
}

/** A day as a sheet holds it: `yyyy-MM-dd` (a date cell) or `dd/MM/yyyy` typed as text. */
export function readDay(text: string): string {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return br ? `${br[3]}-${br[2]?.padStart(2, '0')}-${br[1]?.padStart(2, '0')}` : text.trim();
}

/** The employee's values and the checks the server adds (sector and Unidade against the active rows). */
export interface EmployeeOrgCheck {
  sector(typed: string, errors: string[]): string;
  /** The branch's id (HR's Unidade) of a typed name or label. */
  branch(typed: string, errors: string[]): number;
}

export type ImportedEmployee = ReturnType<typeof employeeFields.parse>;
export type EmployeeImportRow = { ok: true; employee: ImportedEmployee } | { ok: false; reason: string };

/**
 * One line of the employees' sheet by the employee form's own schema (employeeFields): options by
 * their labels, Sim/Não for the benefits, dates as a sheet or a person writes them. A refusal names
 * each field by its column, in the columns' order.
 */
export function readEmployeeImportRow(
  cells: Record<EmployeeImportField, string>,
  org: EmployeeOrgCheck,
): EmployeeImportRow {
  const errors: string[] = [];
  const cpf = cells.cpf ?? '';
  const values = {
    // funcionarios.xlsx marks a dismissed employee's name with "(D)" (spec §3): not part of the name.
    name: (cells.name ?? '').replace(/\s*\(D\)$/, ''),
    Registration: cells.Registration ?? '',
    birthDate: readDay(cells.birthDate ?? ''),
    DateAdmission: readDay(cells.DateAdmission ?? ''),
    cpf: readCpf(cpf) ?? cpf,
    rg: cells.rg ?? '',
    pis: cells.pis ?? '',
    tell: cells.tell ?? '',
    email: cells.email ?? '',
    sector: cells.sector ?? '',
    // The Unidade is the server's to check (an active branch's id): any valid id while the schema reads.
    branch: 1,
    role: optionId(EMPLOYEE_ROLES, cells.role ?? ''),
    workTimeId: optionId(WORK_TIMES, cells.workTimeId ?? ''),
    contractTypeId: optionId(CONTRACT_TYPES, cells.contractTypeId ?? ''),
    transportTypeId: optionId(TRANSPORT_TYPES, cells.transportTypeId ?? ''),
    WageId: optionId(WAGE_TYPES, cells.WageId ?? ''),
    foodVoucher: readYesNo(cells.foodVoucher ?? ''),
    healthInsurance: readYesNo(cells.healthInsurance ?? ''),
  };
  const parsed = employeeFields.safeParse(values);
  const fieldErrors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'branch' || field === 'sector' || fieldErrors.has(field)) continue;
      const typed = cells[field as EmployeeImportField];
      fieldErrors.set(
        field,
        `${HEADER.get(field) ?? field}: ${typed ? `"${typed}" — ` : ''}${issue.message}`,
      );
    }
  let sector = '';
  let branch = 0;
  for (const c of EMPLOYEE_IMPORT_COLUMNS) {
    if (c.field === 'sector') sector = org.sector(cells.sector ?? '', errors);
    else if (c.field === 'branch') branch = org.branch(cells.branch ?? '', errors);
    else {
      const message = fieldErrors.get(c.field);
      if (message) errors.push(message);
    }
  }
  if (!parsed.success && errors.length === 0)
    errors.push(parsed.error.issues[0]?.message ?? 'Valor inválido.');
  if (errors.length > 0 || !parsed.success) return { ok: false, reason: errors.join('; ') };
  return { ok: true, employee: { ...parsed.data, sector, branch } };
}

/**
 * funcionarios.xlsx: the list's sheet columns, then the import's fields it lacks, so that an
 * exported file imported again changes nothing (its extra columns are ignored by the import).
 */
export const EMPLOYEE_EXPORT_COLUMNS = defineColumns<Omit<EmployeeDetail, 'vacations' | 'hiringLink'>>()([
  ...EMPLOYEE_SHEET_COLUMNS,
  { id: 'birthDate', header: 'Data de nascimento', width: 14, value: (r) => formatDate(r.birthDate) },
  { id: 'cpf', header: 'CPF', width: 14, value: (r) => r.cpf },
  { id: 'rg', header: 'RG', width: 14, value: (r) => r.rg },
  { id: 'pis', header: 'PIS', width: 14, value: (r) => r.pis },
  {
    id: 'contractTypeId',
    header: 'Contrato',
    width: 14,
    value: (r) => optionLabel(CONTRACT_TYPES, r.contractTypeId),
  },
  { id: 'WageId', header: 'Salário', width: 12, value: (r) => optionLabel(WAGE_TYPES, r.WageId) },
  {
    id: 'foodVoucher',
    header: 'Vale-refeição',
    width: 12,
    value: (r) => (r.foodVoucher === 1 ? 'Sim' : 'Não'),
  },
  {
    id: 'healthInsurance',
    header: 'Plano de saúde',
    width: 12,
    value: (r) => (r.healthInsurance === 1 ? 'Sim' : 'Não'),
  },
]);
