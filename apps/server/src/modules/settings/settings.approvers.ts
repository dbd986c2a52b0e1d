import {
  APPROVAL_STAGE_USES,
  APPROVERS_MSG,
  type ApproverStageBody,
  type ApproverStageRow,
  canManageCompanySettings,
  HR_APPROVAL_ROLE_LABEL,
  HR_APPROVAL_ROLES,
  HR_SUBSTITUTE_MSG,
  type HrApprovalRole,
  type SessionUser,
  substituteOnDuty,
  toDateOnly,
} from '@intranet/contracts';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest } from '../../platform/errors.ts';
import * as dq from '../hr/hr.approvers.queries.ts';

/**
 * The Aprovadores screen (issue 34, decision 0115): per approval stage, who approves and his
 * substitute with the days he acts. The HR workflow (hr.desks.ts) and the purchases director
 * (purchases.service.ts#actorFromDesks) read the same two tables.
 */
export async function listApproverStages(ctx: AppContext, user: SessionUser): Promise<ApproverStageRow[]> {
  authorize(canManageCompanySettings(user));
  const desks = await dq.loadDesks(ctx.db);
  const today = toDateOnly(new Date());
  const person = (p: dq.DeskPerson | null | undefined) =>
    p ? { userId: p.userId, name: p.name, matricula: p.matricula } : null;
  return HR_APPROVAL_ROLES.map((role) => {
    const d = desks[role];
    const approver = person(d?.approver);
    return {
      role,
      label: HR_APPROVAL_ROLE_LABEL[role],
      uses: APPROVAL_STAGE_USES[role],
      approver,
      substitute: person(d?.substitute),
      from: d?.from ?? null,
      to: d?.to ?? null,
      onDuty: d ? substituteOnDuty(d, today) : false,
      warning: approver ? null : APPROVERS_MSG.noApprover,
    };
  });
}

const named = (u: { nome: string; matricula: string }) => `${u.nome} (${u.matricula})`;

/** Sets a stage's approver, substitute and period at once, in one audited transaction. */
export async function setApproverStage(
  ctx: AppContext,
  user: SessionUser,
  role: HrApprovalRole,
  b: ApproverStageBody,
): Promise<string> {
  authorize(canManageCompanySettings(user));
  const label = HR_APPROVAL_ROLE_LABEL[role];
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const approver = b.approverId === null ? undefined : await dq.findUser(tx, b.approverId);
    if (b.approverId !== null && approver?.active !== 1) throw badRequest(APPROVERS_MSG.approverNotFound);
    const substitute = b.substituteId === null ? undefined : await dq.findUser(tx, b.substituteId);
    if (b.substituteId !== null && substitute?.active !== 1)
      throw badRequest(HR_SUBSTITUTE_MSG.substituteNotFound);
    if (approver) await dq.saveApprover(tx, role, approver.id);
    else await dq.removeApprover(tx, role);
    if (substitute) {
      await dq.saveSubstitute(tx, role, {
        user_id: substitute.id,
        date_from: b.from,
        date_to: b.to,
        updated_by: user.userId,
        updated_at: nowIso(),
      });
    } else {
      await dq.removeSubstitute(tx, role);
    }
    const period = b.from && b.to ? ` de ${b.from} a ${b.to}` : '';
    record({
      action: 'settings.approvers.set',
      entity: 'approver_stage',
      entityId: role,
      summary:
        `Etapa ${label}: aprovador ${approver ? named(approver) : 'nenhum'}; ` +
        `substituto ${substitute ? `${named(substitute)}${period}` : 'nenhum'}`,
    });
    return APPROVERS_MSG.saved;
  });
}
