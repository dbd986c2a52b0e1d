import {
  type Absences,
  canManageEmployees,
  canSeeMedicalLeave,
  type EmployeeDetail,
  type employeeFields,
  employeeVacationEnd,
  leaveDays,
  MSG,
  type SessionUser,
  toDateOnly,
  vacationAccrual,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type DbOrTx, nowIso, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as q from './hr.queries.ts';

/**
 * Employees, their vacations and medical leave. A change that depends on the employee's row (his
 * vacations, admission date, dismissal) locks it first and reads it again under the lock.
 */

// Employees ---------------------------------------------------------------------------------------

export function authorizeEmployees(user: SessionUser): void {
  authorize(canManageEmployees(user), MSG.noPageAccess);
}

type EmployeeInput = z.output<typeof employeeFields>;

const employeeColumns = (b: EmployeeInput) => ({
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

export async function createEmployee(ctx: AppContext, user: SessionUser, b: EmployeeInput): Promise<number> {
  authorizeEmployees(user);
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
      return id;
    }),
  );
}

export async function updateEmployee(ctx: AppContext, user: SessionUser, id: number, b: EmployeeInput) {
  authorizeEmployees(user);
  const current = await q.findEmployee(ctx.db, id);
  if (!current) throw notFound(MSG.employeeNotFound);
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
  return { ...toEmployeeSheetRow(e), vacations: await q.listVacations(ctx.db, id) };
}

export function toEmployeeSheetRow(e: q.EmployeeRecord): Omit<EmployeeDetail, 'vacations'> {
  return {
    id: e.id,
    name: e.name,
    Registration: e.registration,
    role: e.role,
    sector: e.sector,
    branch: e.branch,
    DateAdmission: e.date_admission,
    DismissalId: e.dismissal_id,
    dateDismissal: e.date_dismissal,
    birthDate: e.birth_date,
    email: e.email,
    cpf: e.cpf,
    rg: e.rg,
    pis: e.pis,
    tell: e.tell,
    foodVoucher: e.food_voucher,
    healthInsurance: e.health_insurance,
    transportTypeId: e.transport_type_id,
    WageId: e.wage_id,
    workTimeId: e.work_time_id,
    contractTypeId: e.contract_type_id,
    statusEmployee: e.status_employee,
    lastDateVacation: e.last_date_vacation,
    saleVacation: e.sale_vacation,
    currentYearVacation: e.current_year_vacation,
  };
}

// Vacations ---------------------------------------------------------------------------------------

async function loadEmployee(ctx: AppContext, user: SessionUser, id: number) {
  authorizeEmployees(user);
  const e = await q.findEmployee(ctx.db, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  return e;
}

export async function listVacations(ctx: AppContext, user: SessionUser, employeeId: number) {
  await loadEmployee(ctx, user, employeeId);
  return q.listVacations(ctx.db, employeeId);
}

/**
 * Locks the employee's row for the rest of the transaction and reads it again: what a vacation
 * change checks (dismissal, admission date, the other vacations) is then what it writes against.
 */
async function lockedEmployee(tx: Tx, id: number, now: string): Promise<q.EmployeeRecord> {
  await q.lockEmployee(tx, id, now);
  const e = await q.findEmployee(tx, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  return e;
}

/** Writes the accrual fields from every vacation of the employee (refused over 30 days a period). */
async function saveAccrual(tx: Tx, e: q.EmployeeRecord, now: string, failure: string): Promise<void> {
  const vacations = await q.listVacations(tx, e.id);
  const accrual = vacationAccrual(
    e.date_admission,
    vacations.map((v) => ({ dateStart: v.DateStart, dateEnd: v.DateEnd, days: v.RequestedPeriod })),
  );
  if (!accrual) throw badRequest(failure);
  await tx
    .updateTable('hr_employees')
    .set({
      last_date_vacation: accrual.lastDateVacation,
      sale_vacation: accrual.saleVacation,
      current_year_vacation: accrual.currentYearVacation,
      updated_at: now,
    })
    .where('id', '=', e.id)
    .execute();
}

export async function scheduleVacation(
  ctx: AppContext,
  user: SessionUser,
  employeeId: number,
  b: { dateStart: string; dateEnd: string; requestedPeriod: number },
): Promise<void> {
  const found = await loadEmployee(ctx, user, employeeId);
  if (found.dismissal_id !== null) throw badRequest(MSG.vacationScheduleError(MSG.employeeDismissed));
  const now = nowIso();
  if (b.dateStart < toDateOnly(now)) throw badRequest(MSG.vacationStartDate);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    // The employee's row is locked first: two schedules for him run one after the other, and the
    // second sees the first's vacation; a dismissal approved meanwhile is seen too (PostgreSQL row
    // lock; SQLite has one writer).
    const e = await lockedEmployee(tx, employeeId, now);
    if (e.dismissal_id !== null) throw badRequest(MSG.vacationScheduleError(MSG.employeeDismissed));
    if (await q.overlappingVacation(tx, employeeId, b.dateStart, b.dateEnd))
      throw conflict(MSG.vacationScheduleError(MSG.employeeVacationOverlap));
    const { id } = await tx
      .insertInto('hr_vacations')
      .values({
        employee_id: employeeId,
        date_start: b.dateStart,
        date_end: b.dateEnd,
        requested_period: b.requestedPeriod,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveAccrual(tx, e, now, MSG.vacationScheduleError(MSG.vacationOverPeriod));
    record({
      action: 'hr.vacation.schedule',
      entity: 'hr_vacation',
      entityId: id,
      summary: `Férias de ${e.name}: ${b.dateStart} a ${b.dateEnd} (${b.requestedPeriod} dias)`,
    });
  });
}

export async function updateVacation(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  b: { days: number; DateEnd: string },
): Promise<void> {
  authorizeEmployees(user);
  const v = await q.findVacation(ctx.db, id);
  if (!v) throw notFound(MSG.vacationNotFound);
  if (employeeVacationEnd(v.date_start, b.days) !== b.DateEnd) throw badRequest(MSG.vacationUpdateError);
  await loadEmployee(ctx, user, v.employee_id);
  const now = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const e = await lockedEmployee(tx, v.employee_id, now);
    const before = (await q.findVacation(tx, id)) ?? v;
    if (await q.overlappingVacation(tx, e.id, v.date_start, b.DateEnd, id))
      throw conflict(`${MSG.vacationUpdateError} ${MSG.employeeVacationOverlap}`);
    await tx
      .updateTable('hr_vacations')
      .set({ requested_period: b.days, date_end: b.DateEnd, updated_at: now })
      .where('id', '=', id)
      .execute();
    await saveAccrual(tx, e, now, `${MSG.vacationUpdateError}: ${MSG.vacationOverPeriod}`);
    record({
      action: 'hr.vacation.update',
      entity: 'hr_vacation',
      entityId: id,
      summary: `Férias de ${e.name}: ${before.requested_period} → ${b.days} dias`,
    });
  });
}

// Medical leave (LGPD) ----------------------------------------------------------------------------

export function authorizeMedicalLeave(user: SessionUser): void {
  authorize(canSeeMedicalLeave(user), MSG.noPageAccess);
}

/** Health data: every read is written to the audit log, in the same transaction as the read. */
export async function listMedicalLeave(ctx: AppContext, user: SessionUser, employeeId: number) {
  authorizeMedicalLeave(user);
  const e = await q.findEmployee(ctx.db, employeeId);
  if (!e) throw notFound(MSG.employeeNotFound);
  return readLeaves(ctx, user, e);
}

function readLeaves(ctx: AppContext, user: SessionUser, e: q.EmployeeRecord) {
  const employeeId = e.id;
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const rows = await q.listLeaves(tx, employeeId);
    record({
      action: 'hr.medicalLeave.read',
      entity: 'hr_employee',
      entityId: employeeId,
      summary: `Atestados de ${e.name} consultados (${rows.length})`,
    });
    return rows;
  });
}

/**
 * GET absences (spec §7): an employee's vacations and medical leave, for the HR team. The leave is
 * health data: null to who may not see it, and its read is audited like listMedicalLeave's.
 */
export async function absences(ctx: AppContext, user: SessionUser, employeeId: number): Promise<Absences> {
  const e = await loadEmployee(ctx, user, employeeId);
  const vacations = await q.listVacations(ctx.db, employeeId);
  if (!canSeeMedicalLeave(user)) return { vacations, medicalLeave: null };
  return { vacations, medicalLeave: await readLeaves(ctx, user, e) };
}

export async function createMedicalLeave(
  ctx: AppContext,
  user: SessionUser,
  b: {
    EmployeeId: number;
    hubUnit: number;
    shift: number;
    start_date: string;
    end_date: string;
    cid_code: string;
    medical_unit: string;
    doctor_name: string;
    doctor_crm: string;
    note: string;
  },
): Promise<number> {
  authorizeMedicalLeave(user);
  const e = await q.findEmployee(ctx.db, b.EmployeeId);
  if (!e) throw notFound(MSG.employeeNotFound);
  const now = nowIso();
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { id } = await tx
      .insertInto('hr_medical_leaves')
      .values({
        employee_id: b.EmployeeId,
        hub_unit: b.hubUnit,
        shift: b.shift,
        start_date: b.start_date,
        end_date: b.end_date,
        total_days: leaveDays(b.start_date, b.end_date),
        cid_code: b.cid_code,
        medical_unit: b.medical_unit,
        doctor_name: b.doctor_name,
        doctor_crm: b.doctor_crm,
        note: b.note,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The audit summary names no diagnosis: the log is read by more people than the record.
    record({
      action: 'hr.medicalLeave.create',
      entity: 'hr_medical_leave',
      entityId: id,
      summary: `Atestado de ${e.name} registrado`,
    });
    return id;
  });
}

/** The leave report is a read of health data too: audited. */
export async function auditLeaveReport(ctx: AppContext, user: SessionUser, from: string, to: string) {
  authorizeMedicalLeave(user);
  await auditedChange(ctx.db, user.userId, async (_tx, record) => {
    record({
      action: 'hr.medicalLeave.report',
      entity: 'hr_medical_leave',
      summary: `Relatório de atestados ${from} a ${to}`,
    });
  });
}
