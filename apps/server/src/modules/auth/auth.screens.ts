import { type SessionData, type SessionUser, screensOf } from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';
import { hrActor } from '../hr/hr.approvers.ts';
import { directsPurchases } from '../purchases/purchases.queries.ts';

/**
 * GET get-sessionData: the session user with the screens he may open, each decided by the rule its
 * own calls apply (contracts home/screens.policy.ts) with the facts only the server has: which HR
 * stage he approves or substitutes, whether he is the purchases' director.
 */
export async function sessionData(ctx: AppContext, user: SessionUser): Promise<SessionData> {
  // The purchases' director is read from the same desks: one query (bench:users, get-sessionData).
  const hr = await hrActor(ctx.db, user);
  return {
    ...user,
    screens: screensOf({ ...hr, diretor: directsPurchases(hr.desks, user.userId, hr.today) }),
  };
}
