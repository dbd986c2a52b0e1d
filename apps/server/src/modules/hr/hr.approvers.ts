import {
  HR_APPROVAL_ROLE_LABEL,
  HR_APPROVAL_ROLES,
  HR_SUBSTITUTE_MSG,
  type HrActor,
  type HrApprovalRole,
  isAdmin,
  type SessionUser,
  type SubstituteBody,
  type SubstituteRow,
  substituteOnDuty,
  toDateOnly,
} from '@intranet/contracts';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest } from '../../platform/errors.ts';
import * as dq from './hr.approvers.queries.ts';

/** The session user with who decides each stage (as an administrator set it) and today's date. */
export async function hrActor(db: DbOrTx, user: SessionUser): Promise<HrActor & SessionUser> {
  return { ...user, desks: await dq.loadDesks(db), today: toDateOnly(new Date()) };
}

/** The approvers' substitutes are an administrator's to name (issue 31), never a sector member's. */
const authorizeSubstitutes = (user: SessionUser) => authorize(isAdmin(user));

export async function listSubstitutes(ctx: AppContext, user: SessionUser): Promise<SubstituteRow[]> {
  authorizeSubstitutes(user);
  const desks = await dq.loadDesks(ctx.db);
  const today = toDateOnly(new Date());
  const person = (p: dq.DeskPerson | null) =>
    p ? { userId: p.userId, name: p.name, matricula: p.matricula } : null;
  return HR_APPROVAL_ROLES.map((role) => {
    const d = desks[role];
    return {
      role,
      label: HR_APPROVAL_ROLE_LABEL[role],
      approver: person(d?.approver ?? null),
      substitute: person(d?.substitute ?? null),
      from: d?.from ?? null,
      to: d?.to ?? null,
      onDuty: d ? substituteOnDuty(d, today) : false,
    };
  });
}

const periodText = (b: SubstituteBody) =>
  b.from && b.to ? `de ${b.from} a ${b.to}` : 'sem período (só o que o aprovador não pode decidir)';

/** Names, changes or removes (substituteId null) the substitute of a stage; answers the message. */
export async function setSubstitute(
  ctx: AppContext,
  user: SessionUser,
  role: HrApprovalRole,
  b: SubstituteBody,
): Promise<string> {
  authorizeSubstitutes(user);
  const label = HR_APPROVAL_ROLE_LABEL[role];
  const now = nowIso();
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    if (b.substituteId === null) {
      await dq.removeSubstitute(tx, role);
      record({
        action: 'hr.substitute.remove',
        entity: 'hr_approver_substitute',
        entityId: role,
        summary: `Substituto da etapa ${label} removido`,
      });
      return HR_SUBSTITUTE_MSG.removed;
    }
    const substitute = await dq.findUser(tx, b.substituteId);
    if (substitute?.active !== 1) throw badRequest(HR_SUBSTITUTE_MSG.substituteNotFound);
    const approver = (await dq.loadDesks(tx))[role]?.approver;
    if (approver?.userId === substitute.id) throw badRequest(HR_SUBSTITUTE_MSG.substituteIsApprover);
    await dq.saveSubstitute(tx, role, {
      user_id: substitute.id,
      date_from: b.from,
      date_to: b.to,
      updated_by: user.userId,
      updated_at: now,
    });
    record({
      action: 'hr.substitute.set',
      entity: 'hr_approver_substitute',
      entityId: role,
      summary: `Substituto da etapa ${label}: ${substitute.nome} (${substitute.matricula}), ${periodText(b)}`,
    });
    return HR_SUBSTITUTE_MSG.saved;
  });
}
