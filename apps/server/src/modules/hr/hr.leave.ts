import { type Absences, canSeeMedicalLeave, leaveDays, MSG, type SessionUser } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, notFound } from '../../platform/errors.ts';
import { activeOrgNames, checkBranchId } from '../org/org.names.ts';
import { loadEmployee } from './hr.employees.ts';
import { leavesSpreadsheet } from './hr.export.ts';
import * as q from './hr.queries.ts';

/** Medical leave (LGPD): health data, every read and change written to the audit log. */

function authorizeMedicalLeave(user: SessionUser): void {
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
  // An active branch, or the employee's own (deactivated since): decision 0116.
  const hubUnit = checkBranchId(await activeOrgNames(ctx.db), b.hubUnit, {
    field: 'Unidade',
    keep: e.branch,
  });
  const now = nowIso();
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { id } = await tx
      .insertInto('hr_medical_leaves')
      .values({
        employee_id: b.EmployeeId,
        hub_unit: hubUnit,
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

/** The leave report (atestados.xlsx) is a read of health data too: audited. */
export async function leaveReport(
  ctx: AppContext,
  user: SessionUser,
  from: string,
  to: string,
  log: FastifyBaseLogger,
) {
  authorizeMedicalLeave(user);
  await auditedChange(ctx.db, user.userId, async (_tx, record) => {
    record({
      action: 'hr.medicalLeave.report',
      entity: 'hr_medical_leave',
      summary: `Relatório de atestados ${from} a ${to}`,
    });
  });
  return { name: 'atestados.xlsx', stream: leavesSpreadsheet(ctx.db, from, to, log) };
}
