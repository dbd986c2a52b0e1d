import { type HrActor, hrWaitingStages } from '@intranet/contracts';
import type { ExpressionBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type ReqEb = ExpressionBuilder<Database, 'hr_requests'>;

/**
 * The user is a party to the request (hr.desks.ts#isHrParty): he opened it, it was recorded as
 * about him, or its employee has his CPF now (hr.approvers.queries.ts#subjectIdsOf).
 */
function partyTo(eb: ReqEb, userId: number) {
  return eb.or([
    eb('hr_requests.requester_id', '=', userId),
    eb.and([
      eb('hr_requests.subject_user_id', 'is not', null),
      eb('hr_requests.subject_user_id', '=', userId),
    ]),
    eb.exists(
      eb
        .selectFrom('hr_employees')
        .innerJoin('users', 'users.cpf', 'hr_employees.cpf')
        .select('users.id')
        .whereRef('hr_employees.id', '=', 'hr_requests.employee_id')
        .where('users.id', '=', userId),
    ),
  ]);
}

/**
 * What waits for the user's decision (hr.policy.ts#awaitsHrDecisionOf) in SQL: a request at one of
 * his stages (hrWaitingStages) that he is no party to. hr.waiting.test.ts compares the two on a
 * generated population.
 */
export function waitingFilter(eb: ReqEb, actor: HrActor) {
  const stages = hrWaitingStages(actor);
  if (stages.length === 0) return eb.lit(false);
  return eb.and([
    eb.or(
      stages.map((s) =>
        s.whenPartyOf === null
          ? eb('hr_requests.status', '=', s.status)
          : eb.and([eb('hr_requests.status', '=', s.status), partyTo(eb, s.whenPartyOf)]),
      ),
    ),
    eb.not(partyTo(eb, actor.userId)),
  ]);
}

/** The home's count: up to `cap` + 1 rows, never more. */
export async function countWaiting(db: DbOrTx, actor: HrActor, cap: number) {
  const rows = await db
    .selectFrom('hr_requests')
    .select('hr_requests.id')
    .where((eb) => waitingFilter(eb, actor))
    .limit(cap + 1)
    .execute();
  return { count: Math.min(rows.length, cap), capped: rows.length > cap };
}
