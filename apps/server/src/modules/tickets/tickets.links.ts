import {
  type Actor,
  type CallFacts,
  canSeeCall,
  RECORD_HREF,
  RECORD_LINK_LABEL,
  type RecordLink,
} from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import * as q from './tickets.queries.ts';

export const callFacts = (call: q.CallRecord): CallFacts => ({
  userId: call.user_id,
  dep: call.dep,
  status: call.status,
  requestId: call.request_id,
});

/**
 * The link to a call from another record's detail (decision 0121): only for who may open the call
 * (canSeeCall, the rule of its own detail); anyone else gets null, not even its number.
 */
export async function callLinkFor(
  db: DbOrTx,
  user: Actor,
  callId: number | null,
): Promise<RecordLink | null> {
  if (callId === null) return null;
  const call = await q.findCall(db, callId);
  if (!call || !canSeeCall(user, callFacts(call))) return null;
  return {
    id: call.id,
    label: RECORD_LINK_LABEL.call(call.id),
    href: RECORD_HREF.call(call.id, call.user_id === user.userId),
  };
}
