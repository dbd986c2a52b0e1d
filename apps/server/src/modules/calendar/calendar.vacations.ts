import {
  CALENDAR_MSG,
  type CalendarVacation,
  canChangeVacation,
  canSeeVacation,
  formatDate,
  isOwnVacation,
  MSG,
  type SessionUser,
  type VacationChangeBody,
  vacationEnd,
} from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, conflict, forbidden, notFound } from '../../platform/errors.ts';
import * as q from './calendar.queries.ts';
import { toVacation } from './calendar.service.ts';

/**
 * Changing and deleting a saved vacation (issue 32). Each decides inside its transaction under the
 * employee's row lock, the lock scheduling takes, so a change and a new schedule of one person run one
 * after the other and the overlap check sees both.
 */

const period = (v: { date_start: string; date_end: string; vacation_days: number }) =>
  `${formatDate(v.date_start)} a ${formatDate(v.date_end)}, ${v.vacation_days} dias`;

/** The vacation, read under its employee's lock: 404 if the user may not see it, 403 if not his to change. */
async function loadChangeable(tx: DbOrTx, user: SessionUser, id: number) {
  const found = await q.findVacation(tx, id);
  if (!found) throw notFound(MSG.vacationNotFound);
  await lockRow(tx, 'users', found.user_id);
  const v = await q.findVacation(tx, id);
  if (!v) throw notFound(MSG.vacationNotFound);
  const vacationFacts = { userId: v.user_id, sector: v.user_sector };
  if (!canSeeVacation(user, vacationFacts)) throw notFound(MSG.vacationNotFound);
  if (isOwnVacation(user, vacationFacts)) throw forbidden(CALENDAR_MSG.vacationOwnChangeForbidden);
  authorize(canChangeVacation(user, vacationFacts));
  return v;
}

/** A new period for the same employee: 1 to 30 days, end = start + (days − 1), no overlap with his others. */
export async function changeVacation(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  body: VacationChangeBody,
): Promise<CalendarVacation> {
  const dateEnd = vacationEnd(body.dateStart, body.vacationDays);
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const v = await loadChangeable(tx, user, id);
    if ((await q.vacationsOf(tx, v.user_id, body.dateStart, dateEnd, id)).length > 0)
      throw conflict(MSG.vacationOverlap);
    const next = { date_start: body.dateStart, date_end: dateEnd, vacation_days: body.vacationDays };
    await q.updateVacationPeriod(tx, id, next);
    record({
      action: 'vacation.update',
      entity: 'calendar_vacation',
      entityId: id,
      summary: `Férias de ${v.user_name} (${v.user_registration}): ${period(next)} (antes ${period(v)})`,
    });
    return toVacation(user, { ...v, ...next });
  });
}

export async function deleteVacation(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const v = await loadChangeable(tx, user, id);
    await q.deleteVacation(tx, id);
    record({
      action: 'vacation.delete',
      entity: 'calendar_vacation',
      entityId: id,
      summary: `Férias de ${v.user_name} (${v.user_registration}) excluídas: ${period(v)}`,
    });
  });
}
