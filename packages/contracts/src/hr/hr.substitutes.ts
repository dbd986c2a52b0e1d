import { z } from 'zod';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId } from '../ids.ts';
import { HR_APPROVAL_ROLES } from './hr.desks.ts';

/** The messages of the approvers' substitutes (beyond the spec: decision 0095). */
export const HR_SUBSTITUTE_MSG = {
  roleUnknown: 'Etapa de aprovação desconhecida (use juridico, diretor ou presidente).',
  substituteInvalid: 'Escolha o substituto (um usuário) ou deixe em branco para remover.',
  substituteNotFound: 'Substituto não encontrado entre os usuários ativos.',
  substituteIsApprover: 'O substituto deve ser outra pessoa, não o próprio aprovador da etapa.',
  periodIncomplete: 'Informe o início e o fim do período, ou nenhum dos dois.',
  periodOrder: 'O fim do período deve ser igual ou posterior ao início.',
  periodWithoutSubstitute: 'Sem substituto não há período: deixe as datas em branco.',
  noApprover: 'Esta etapa não tem aprovador definido: defina o aprovador antes do substituto.',
  saved: 'Substituto salvo.',
  removed: 'Substituto removido.',
} as const;

export const substituteParams = z.object({
  role: z.enum(HR_APPROVAL_ROLES, { error: HR_SUBSTITUTE_MSG.roleUnknown }),
});

const day = dateOnlySchema.nullable().default(null);

/**
 * Why a substitute's period is refused (both days or neither, in order, only with a substitute);
 * undefined when it is fine. The HR substitutes call and the Aprovadores screen check the same.
 */
export function substitutePeriodRefusal(b: {
  substituteId: number | null;
  from: string | null;
  to: string | null;
}): string | undefined {
  if (b.substituteId === null && (b.from !== null || b.to !== null))
    return HR_SUBSTITUTE_MSG.periodWithoutSubstitute;
  if ((b.from === null) !== (b.to === null)) return HR_SUBSTITUTE_MSG.periodIncomplete;
  if (b.from !== null && b.to !== null && b.to < b.from) return HR_SUBSTITUTE_MSG.periodOrder;
  return undefined;
}

/**
 * PUT /api/hr/substitutes/:role: the substitute (a user id, or null to remove him) and the days he
 * decides instead of the approver (both or neither; without them he decides only the requests the
 * approver may not).
 */
export const substituteBody = z
  .object({
    substituteId: bodyId(HR_SUBSTITUTE_MSG.substituteInvalid).nullable(),
    from: day,
    to: day,
  })
  .superRefine((b, ctx) => {
    const message = substitutePeriodRefusal(b);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['from'] });
  });
export type SubstituteBody = z.output<typeof substituteBody>;

const person = z.object({ userId: z.number(), name: z.string(), matricula: z.string() });

/** GET /api/hr/substitutes: one row per approval stage. */
export const substituteRow = z.object({
  role: z.enum(HR_APPROVAL_ROLES),
  label: z.string(),
  approver: person.nullable(),
  substitute: person.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Today is within the period: the substitute decides instead of the approver. */
  onDuty: z.boolean(),
});
export type SubstituteRow = z.infer<typeof substituteRow>;
