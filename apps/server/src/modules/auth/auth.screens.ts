import { type SessionData, type SessionUser, screensOf } from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';
import { hrActor } from '../hr/hr.approvers.ts';
import { actorFromDesks } from '../purchases/purchases.service.ts';

/**
 * GET get-sessionData: the session user with the screens he may open, each decided by the rule its
 * own calls apply (contracts home/screens.policy.ts) with the facts only the server has: which HR
 * stage he approves or substitutes, whether he is the purchases' director.
 */
export async function sessionData(ctx: AppContext, user: SessionUser): Promise<SessionData> {
  const hr = await hrActor(ctx.db, user);
  return { ...user, screens: screensOf({ ...hr, diretor: actorFromDesks(user, hr).diretor }) };
}
