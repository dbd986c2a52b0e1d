import {
  type employeeVacationBody,
  employeeVacationEnd,
  MSG,
  type SessionUser,
  toDateOnly,
  vacationAccrual,
  type vacationUpdateBody,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso, type Tx } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { authorizeEmployees, loadEmployee } from './hr.employees.ts';
import { vacationsSpreadsheet } from './hr.export.ts';
import * as q from './hr.queries.ts';

/**
 * Vacations of an employee. A change locks the employee's row first and reads it again under the
 * lock (his vacations, admission date, dismissal).
 */

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
  b: z.output<typeof employeeVacationBody>,
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
  b: z.output<typeof vacationUpdateBody>,
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

/** The vacations between two dates as ferias.xlsx. */
export function exportVacations(
  ctx: AppContext,
  user: SessionUser,
  from: string,
  to: string,
  log: FastifyBaseLogger,
) {
  authorizeEmployees(user);
  return { name: 'ferias.xlsx', stream: vacationsSpreadsheet(ctx.db, from, to, log) };
}
