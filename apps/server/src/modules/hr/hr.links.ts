import {
  canManageEmployees,
  canSeeHrRequest,
  HIRING_LINK_MSG,
  hrRequestAbilities,
  MSG,
  RECORD_HREF,
  RECORD_LINK_LABEL,
  type RecordLink,
  type SessionUser,
} from '@intranet/contracts';
import { type DbOrTx, nowIso, type Tx } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import type { AuditRecord } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { hrActor } from './hr.approvers.ts';
import * as q from './hr.queries.ts';
import { factsOf } from './hr.stages.ts';

/**
 * Links between HR requests and employees (decision 0121): a request's employee (the one a dismissal
 * is about, the one a hiring registered) for who manages employees; an employee's hiring for who may
 * open that request. Anyone else gets null, not even the other record's number.
 */
export async function employeeLinkFor(
  db: DbOrTx,
  user: SessionUser,
  employeeId: number | null,
): Promise<RecordLink | null> {
  if (employeeId === null || !canManageEmployees(user)) return null;
  const e = await q.findEmployee(db, employeeId);
  if (!e) return null;
  return {
    id: e.id,
    label: RECORD_LINK_LABEL.employee(e.name, e.registration),
    href: RECORD_HREF.employee(e.id),
  };
}

export async function hiringLinkFor(
  db: DbOrTx,
  user: SessionUser,
  employeeId: number,
): Promise<RecordLink | null> {
  const r = await db
    .selectFrom('hr_requests')
    .selectAll()
    .where('employee_id', '=', employeeId)
    .where('type_request', '=', 'admission')
    .orderBy('id')
    .executeTakeFirst();
  if (!r) return null;
  const [actor, facts] = await Promise.all([hrActor(db, user), factsOf(db, r)]);
  if (!canSeeHrRequest(actor, facts)) return null;
  return { id: r.id, label: RECORD_LINK_LABEL.hiring(r.id), href: RECORD_HREF.hrRequest(r.id) };
}

/**
 * 'Inserir Funcionário' of an approved hiring: the new employee is the one it created. Checked on the
 * request's locked row with the rule that offers the button (hrRequestAbilities#insertEmployee): a
 * request he may not see answers 404, one not approved or already tied to an employee 409.
 */
export async function tieHiring(
  tx: Tx,
  user: SessionUser,
  requestId: number,
  employee: { id: number; name: string },
  record: (entry: AuditRecord) => void,
): Promise<void> {
  await lockRow(tx, 'hr_requests', requestId);
  const r = await q.findRequest(tx, requestId);
  if (!r) throw notFound(MSG.hrRequestNotFound);
  const [actor, facts] = await Promise.all([hrActor(tx, user), factsOf(tx, r)]);
  if (!canSeeHrRequest(actor, facts)) throw notFound(MSG.hrRequestNotFound);
  if (r.type_request === 'admission' && r.employee_id !== null)
    throw conflict(MSG.formNotSent(HIRING_LINK_MSG.alreadyLinked));
  const may = hrRequestAbilities(actor, { ...facts, typeRequest: r.type_request, employeeId: r.employee_id });
  if (!may.insertEmployee) throw conflict(MSG.formNotSent(HIRING_LINK_MSG.notApproved));
  const tied = await tx
    .updateTable('hr_requests')
    .set({ employee_id: employee.id, updated_at: nowIso() })
    .where('id', '=', requestId)
    .where('employee_id', 'is', null)
    .executeTakeFirst();
  if (Number(tied.numUpdatedRows) !== 1) throw conflict(MSG.formNotSent(HIRING_LINK_MSG.alreadyLinked));
  record({
    action: 'hr.request.employee',
    entity: 'hr_request',
    entityId: requestId,
    summary: `Funcionário ${employee.name} cadastrado desta contratação`,
  });
}
