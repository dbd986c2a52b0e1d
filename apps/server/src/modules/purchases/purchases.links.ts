import {
  canSeePurchase,
  inReceivedList,
  RECORD_HREF,
  RECORD_LINK_LABEL,
  type RecordLink,
  type SessionUser,
} from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';
import * as q from './purchases.queries.ts';
import { actorOf, factsOf } from './purchases.service.ts';

/**
 * The link to a purchase request from another record's detail (a materials call; decision 0121): only
 * for who may open the request (canSeePurchase, the rule of its own detail), else null. It opens from
 * the received list when the request is in his, from his own requests otherwise.
 */
export async function purchaseLinkFor(
  ctx: AppContext,
  user: SessionUser,
  requestId: number | null,
): Promise<RecordLink | null> {
  if (requestId === null) return null;
  const record = await q.findPurchase(ctx.db, requestId);
  if (!record) return null;
  const [actor, { facts }] = await Promise.all([actorOf(ctx, user), factsOf(ctx.db, record)]);
  if (!canSeePurchase(actor, facts)) return null;
  return {
    id: record.id,
    label: RECORD_LINK_LABEL.purchase(record.id),
    href: RECORD_HREF.purchase(record.id, inReceivedList(actor, facts)),
  };
}
