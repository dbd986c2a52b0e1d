import { z } from 'zod';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { HR_APPROVAL_ROLE_LABEL, HR_APPROVAL_ROLES, type HrApprovalRole } from '../hr/hr.desks.ts';
import { HR_SUBSTITUTE_MSG, substitutePeriodRefusal } from '../hr/hr.substitutes.ts';
import { HR_STAGES } from '../hr/hr.workflow.ts';
import { bodyId } from '../ids.ts';
import { PURCHASE_STATUS, purchaseStatusLabel } from '../purchases/purchases.workflow.ts';

/** The Aprovadores screen's messages (issue 34, decision 0115). */
export const APPROVERS_MSG = {
  noApprover:
    'Nenhum aprovador definido: as solicitações nesta etapa aguardam e aparecem para os administradores.',
  approverInvalid: 'Escolha o aprovador (um usuário) ou deixe em branco.',
  approverNotFound: 'Aprovador não encontrado entre os usuários ativos.',
  saved: 'Aprovadores salvos.',
} as const;

/**
 * Where each approval stage acts, by the workflows' own stage labels: the HR stages it decides and,
 * for the director, the purchases stage "Aguardando aprovação Diretor" (one company director
 * approves both: decision 0115). The purchases stages before it are the sectors' (Compras, the
 * requester's managers), never a named person.
 */
export const APPROVAL_STAGE_USES: Record<HrApprovalRole, string[]> = Object.fromEntries(
  HR_APPROVAL_ROLES.map((role) => [
    role,
    [
      ...HR_STAGES.filter((s) => s.by === role).map((s) => `Recursos Humanos: ${s.label}`),
      ...(role === 'diretor' ? [`Compras: ${purchaseStatusLabel(PURCHASE_STATUS.aprovacaoDiretor)}`] : []),
    ],
  ]),
) as Record<HrApprovalRole, string[]>;

export const approverStageParams = z.object({
  role: z.enum(HR_APPROVAL_ROLES, { error: HR_SUBSTITUTE_MSG.roleUnknown }),
});

/** A day, or nothing (the form's empty date input sends ''). */
const optionalDay = z.preprocess((v) => (v === '' ? null : v), dateOnlySchema.nullable()).default(null);

/**
 * PUT /api/settings/approvers/:role and the screen's form: who approves the stage (null: nobody),
 * his substitute (null: none) and the days the substitute decides instead of him.
 */
export const approverStageBody = z
  .object({
    approverId: bodyId(APPROVERS_MSG.approverInvalid).nullable(),
    substituteId: bodyId(HR_SUBSTITUTE_MSG.substituteInvalid).nullable(),
    from: optionalDay,
    to: optionalDay,
  })
  .superRefine((b, ctx) => {
    const issue = (message: string, field: 'substituteId' | 'from') =>
      ctx.addIssue({ code: 'custom', message, path: [field] });
    if (b.substituteId !== null && b.approverId === null)
      return issue(HR_SUBSTITUTE_MSG.noApprover, 'substituteId');
    if (b.substituteId !== null && b.substituteId === b.approverId)
      return issue(HR_SUBSTITUTE_MSG.substituteIsApprover, 'substituteId');
    const period = substitutePeriodRefusal(b);
    if (period) issue(period, 'from');
  });
export type ApproverStageBody = z.output<typeof approverStageBody>;

const person = z.object({ userId: z.number(), name: z.string(), matricula: z.string() });

/** GET /api/settings/approvers: one row per approval stage. */
export const approverStageRow = z.object({
  role: z.enum(HR_APPROVAL_ROLES),
  label: z.string(),
  /** The workflow stages it decides ("Recursos Humanos: Análise Diretor", "Compras: …"). */
  uses: z.array(z.string()),
  approver: person.nullable(),
  substitute: person.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Today is within the period: the substitute decides instead of the approver. */
  onDuty: z.boolean(),
  /** The screen's warning when nobody approves the stage; null when someone does. */
  warning: z.string().nullable(),
});
export type ApproverStageRow = z.infer<typeof approverStageRow>;

export const approverStageLabel = (role: HrApprovalRole) => HR_APPROVAL_ROLE_LABEL[role];
