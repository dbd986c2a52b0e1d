import {
  canManageEmployees,
  type EmployeeDetail,
  type employeeFields,
  type hrCalls,
  MSG,
  type SessionUser,
  vacationAccrual,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, conflict, notFound } from '../../platform/errors.ts';
import { activeOrgNames, checkBranchId, checkSectorName } from '../org/org.names.ts';
import { employeesSpreadsheet } from './hr.export.ts';
import { hiringLinkFor, tieHiring } from './hr.links.ts';
import * as q from './hr.queries.ts';
import { toEmployeeSheetRow } from './hr.rows.ts';

/** Employees (Gestão de Funcionários): their records, for the HR team. */

export function authorizeEmployees(user: SessionUser): void {
  authorize(canManageEmployees(user), MSG.noPageAccess);
}

type EmployeeInput = z.output<typeof employeeFields>;

/** The record's columns of the form's fields (the form and the import, hr.employees.import.ts). */
export const employeeColumns = (b: EmployeeInput) => ({
  name: b.name,
  birth_date: b.birthDate,
  registration: b.Registration,
  date_admission: b.DateAdmission,
  branch: b.branch,
  email: b.email,
  cpf: b.cpf,
  rg: b.rg,
  pis: b.pis,
  tell: b.tell,
  food_voucher: b.foodVoucher,
  health_insurance: b.healthInsurance,
  transport_type_id: b.transportTypeId,
  wage_id: b.WageId,
  work_time_id: b.workTimeId,
  contract_type_id: b.contractTypeId,
  role: b.role,
  sector: b.sector,
});

/**
 * The employee's sector and Unidade as the database has them: active rows, or the ones his record
 * already names (deactivated since); a Portuguese 400 naming the field otherwise (decision 0116).
 */
async function checkedOrg(
  db: DbOrTx,
  b: EmployeeInput,
  current?: { sector: string; branch: number },
): Promise<EmployeeInput> {
  const org = await activeOrgNames(db);
  return {
    ...b,
    sector: checkSectorName(org, b.sector, { keep: current ? [current.sector] : [] }),
    branch: checkBranchId(org, b.branch, { field: 'Unidade', keep: current?.branch }),
  };
}

async function refuseClash(db: DbOrTx, b: EmployeeInput, exceptId?: number) {
  const clash = await q.findEmployeeClash(db, b.Registration, b.cpf, exceptId);
  if (!clash) return;
  const reason =
    clash.registration === b.Registration ? MSG.employeeDuplicateRegistration : MSG.employeeDuplicateCpf;
  throw conflict(MSG.formNotSent(reason));
}

/**
 * Two saves with the same matrícula or CPF at once both pass the check; the unique columns stop the
 * second, which then answers as the check does (never a 500).
 */
async function clashAnswered<T>(
  ctx: AppContext,
  b: EmployeeInput,
  exceptId: number | undefined,
  save: () => Promise<T>,
) {
  try {
    return await save();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await refuseClash(ctx.db, b, exceptId);
    throw conflict(MSG.formNotSent(MSG.employeeDuplicateRegistration));
  }
}

export async function createEmployee(
  ctx: AppContext,
  user: SessionUser,
  typed: EmployeeInput & { hireRequestId?: number | null },
): Promise<number> {
  authorizeEmployees(user);
  const b = await checkedOrg(ctx.db, typed);
  await refuseClash(ctx.db, b);
  const now = nowIso();
  const accrual = vacationAccrual(b.DateAdmission, [])!;
  return clashAnswered(ctx, b, undefined, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      const id = await q.insertEmployee(tx, {
        ...employeeColumns(b),
        last_date_vacation: null,
        sale_vacation: accrual.saleVacation,
        current_year_vacation: 0,
        date_dismissal: null,
        dismissal_id: null,
        created_at: now,
        updated_at: now,
      });
      record({
        action: 'hr.employee.create',
        entity: 'hr_employee',
        entityId: id,
        summary: `Funcionário ${b.name} cadastrado`,
      });
      if (typed.hireRequestId) await tieHiring(tx, user, typed.hireRequestId, { id, name: b.name }, record);
      return id;
    }),
  );
}

export async function updateEmployee(ctx: AppContext, user: SessionUser, id: number, typed: EmployeeInput) {
  authorizeEmployees(user);
  const current = await q.findEmployee(ctx.db, id);
  if (!current) throw notFound(MSG.employeeNotFound);
  const b = await checkedOrg(ctx.db, typed, current);
  await refuseClash(ctx.db, b, id);
  const now = nowIso();
  await clashAnswered(ctx, b, id, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      // His row first: the accrual below is computed from the vacations as they are when it is written.
      await q.lockEmployee(tx, id, now);
      const vacations = await q.listVacations(tx, id);
      // A new admission date moves the due date of the vacation.
      const accrual = vacationAccrual(
        b.DateAdmission,
        vacations.map((v) => ({ dateStart: v.DateStart, dateEnd: v.DateEnd, days: v.RequestedPeriod })),
      );
      await tx
        .updateTable('hr_employees')
        .set({
          ...employeeColumns(b),
          ...(accrual ? { sale_vacation: accrual.saleVacation } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      record({
        action: 'hr.employee.update',
        entity: 'hr_employee',
        entityId: id,
        summary: `Funcionário ${b.name} atualizado`,
      });
    }),
  );
}

export async function employeeDetail(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<EmployeeDetail> {
  authorizeEmployees(user);
  const e = await q.findEmployee(ctx.db, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  const [vacations, hiringLink] = await Promise.all([
    q.listVacations(ctx.db, id),
    hiringLinkFor(ctx.db, user, id),
  ]);
  return { ...toEmployeeSheetRow(e), vacations, hiringLink };
}

/** The employee, to who manages employees (his vacations and absences start here). */
export async function loadEmployee(ctx: AppContext, user: SessionUser, id: number) {
  authorizeEmployees(user);
  const e = await q.findEmployee(ctx.db, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  return e;
}

export async function listEmployees(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof hrCalls.listEmployees.query>,
) {
  authorizeEmployees(user);
  const { sort, dir, page, pageSize, ...filters } = query;
  const result = await q.listEmployees(ctx.db, filters, { sort, dir, page, pageSize });
  return { rows: result.rows, total: result.total, totalCapped: result.totalCapped, page, pageSize };
}

/** Every employee as funcionarios.xlsx. */
export function exportEmployees(ctx: AppContext, user: SessionUser, log: FastifyBaseLogger) {
  authorizeEmployees(user);
  return { name: 'funcionarios.xlsx', stream: employeesSpreadsheet(ctx.db, log) };
}
