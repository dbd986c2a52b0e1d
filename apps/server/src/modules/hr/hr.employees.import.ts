import {
  canManageEmployees,
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportField,
  type ImportedEmployee,
  MSG,
  readEmployeeImportRow,
  type SessionUser,
  vacationAccrual,
} from '@intranet/contracts';
import { type DbOrTx, nowIso, type Tx } from '../../db/database.ts';
import { auditMany } from '../../platform/audit.ts';
import { authorize } from '../../platform/errors.ts';
import * as sheet from '../../platform/sheet-import.ts';
import { type ActiveOrgNames, activeOrgNames, checkBranchName, checkSectorName } from '../org/org.names.ts';
import * as q from './hr.employees.import.queries.ts';
import { employeeColumns } from './hr.employees.ts';

/**
 * The employees import (decision 0117): a line is an employee by matrícula. A new matrícula is
 * added, a known one rewritten with the form's fields (his vacations stay; a new admission date
 * moves the due date as an edit does), one as stored left alone.
 */

const HEADER_OF_COLUMN: Record<string, string> = Object.fromEntries(
  EMPLOYEE_IMPORT_COLUMNS.map((c) => [c.field, c.header.toLowerCase()]),
);
const FIELD_OF_COLUMN: Record<keyof ReturnType<typeof employeeColumns>, EmployeeImportField> = {
  name: 'name',
  birth_date: 'birthDate',
  registration: 'Registration',
  date_admission: 'DateAdmission',
  branch: 'branch',
  email: 'email',
  cpf: 'cpf',
  rg: 'rg',
  pis: 'pis',
  tell: 'tell',
  food_voucher: 'foodVoucher',
  health_insurance: 'healthInsurance',
  transport_type_id: 'transportTypeId',
  wage_id: 'WageId',
  work_time_id: 'workTimeId',
  contract_type_id: 'contractTypeId',
  role: 'role',
  sector: 'sector',
};

/** What an update changes, by the columns' headers; empty when the line repeats the record. */
function changesOf(old: q.StoredEmployee, b: ImportedEmployee): string[] {
  const next = employeeColumns(b);
  return (Object.keys(next) as (keyof typeof next)[])
    .filter((k) => (old[k] ?? null) !== (next[k] ?? null))
    .map((k) => HEADER_OF_COLUMN[FIELD_OF_COLUMN[k]] ?? k);
}

/** A name check's refusal as the line's reason (org.names.ts answers the stored name or throws a 400). */
function orgChecks(org: ActiveOrgNames) {
  return {
    sector: (typed: string, errors: string[]) =>
      sheet.lineCheck(() => checkSectorName(org, typed), '', errors),
    branch: (typed: string, errors: string[]) =>
      sheet.lineCheck(
        () => {
          const name = checkBranchName(org, typed, { field: 'Unidade' });
          return org.branches.find((b) => b.name === name)?.id ?? 0;
        },
        0,
        errors,
      ),
  };
}

async function planEmployees(
  db: DbOrTx,
  rows: sheet.CheckedRow<ImportedEmployee>[],
): Promise<sheet.LinePlan[]> {
  const stored = await q.employeesByRegistrationOrCpf(
    db,
    rows.map((r) => r.values.Registration),
    rows.map((r) => r.values.cpf),
  );
  const byRegistration = new Map(stored.map((e) => [e.registration, e]));
  const byCpf = new Map(stored.map((e) => [e.cpf, e]));
  return rows.map(({ values: b }): sheet.LinePlan => {
    const cpfOwner = byCpf.get(b.cpf);
    if (cpfOwner && cpfOwner.registration !== b.Registration)
      return sheet.cpfTakenPlan(cpfOwner.registration);
    const old = byRegistration.get(b.Registration);
    if (!old) return { action: 'add', detail: null };
    return sheet.updatePlan(changesOf(old, b));
  });
}

async function writeEmployees(
  tx: Tx,
  rows: sheet.CheckedRow<ImportedEmployee>[],
  plans: sheet.LinePlan[],
  user: SessionUser,
): Promise<never[]> {
  const now = nowIso();
  const adds = sheet.plannedValues(rows, plans, 'add');
  const updates = sheet.plannedValues(rows, plans, 'update');
  const added = await q.insertEmployees(
    tx,
    adds.map((b) => ({
      ...employeeColumns(b),
      last_date_vacation: null,
      sale_vacation: vacationAccrual(b.DateAdmission, [])?.saleVacation ?? b.DateAdmission,
      current_year_vacation: 0,
      date_dismissal: null,
      dismissal_id: null,
      created_at: now,
      updated_at: now,
    })),
  );
  const updated = await q.updateEmployees(
    tx,
    updates.map(employeeColumns),
    (dateAdmission, vacations) => vacationAccrual(dateAdmission, vacations)?.saleVacation,
    now,
  );
  await auditMany(tx, [
    ...added.map((e) => ({
      userId: user.userId,
      action: 'hr.employee.create',
      entity: 'hr_employee',
      entityId: e.id,
      summary: `Funcionário ${e.name} cadastrado pela importação`,
    })),
    ...updated.map((e) => ({
      userId: user.userId,
      action: 'hr.employee.update',
      entity: 'hr_employee',
      entityId: e.id,
      summary: `Funcionário ${e.name} atualizado pela importação`,
    })),
  ]);
  return [];
}

export const employeesImport: sheet.SheetImport<
  EmployeeImportField,
  ImportedEmployee,
  ActiveOrgNames,
  never
> = {
  kind: 'employee-imports',
  prefix: 'employee-imports',
  columns: EMPLOYEE_IMPORT_COLUMNS,
  authorize: (user) => authorize(canManageEmployees(user), MSG.noPageAccess),
  known: activeOrgNames,
  reader: (org) => {
    const checks = orgChecks(org);
    return (cells) => {
      const row = readEmployeeImportRow(cells, checks);
      return row.ok ? { ok: true, values: row.employee } : row;
    };
  },
  label: (cells) => ({ key: cells.Registration ?? '', name: cells.name ?? '' }),
  unique: [
    { header: 'Matrícula', of: (b) => b.Registration },
    { header: 'CPF', of: (b) => b.cpf },
  ],
  plan: (db, rows) => planEmployees(db, rows),
  write: (tx, rows, plans, user) => writeEmployees(tx, rows, plans, user),
  summary: (fileName, c) => ({
    action: 'hr.employee.import',
    entity: 'hr_employee',
    summary: sheet.importSummary('funcionários', fileName, c),
  }),
};

/** POST /api/employees/import (the preview), …/:id/commit (one transaction) and DELETE …/:id. */
export const {
  preview: previewEmployeesImport,
  commit: commitEmployeesImport,
  cancel: cancelEmployeesImport,
} = sheet.sheetImportCalls(employeesImport);
