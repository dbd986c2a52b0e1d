import {
  PENDENCIAS_COUNT_CAP,
  type PendenciaRow,
  type PendenciasActor,
  type TicketWait,
} from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { decodeCursor, type PageRequest, pagedQuery } from '../../platform/lists/index.ts';
import { inboxParts, type Line, type Reach } from './pendencias.kinds.queries.ts';

/**
 * Minhas pendências in SQL (decision 0118): the parts of pendencias.kinds.queries.ts under one
 * UNION ALL, read newest first by pagedQuery. A page reads each part only as far as the page can
 * use (after its cursor, a page's rows and one more), so the page sorts a few rows of each part
 * instead of everything that waits; the count reads the parts whole, up to the bell's cap.
 */

/** The parts as one table `p` (kind, id, since, wait, subject, extra, ref). */
function inbox(db: DbOrTx, u: PendenciasActor, reach?: Reach) {
  const [first, ...rest] = inboxParts(db, u, reach);
  const all = rest.reduce((union, next) => union.unionAll(next), first!);
  return db.selectFrom(all.as('p'));
}

export type InboxRow = Omit<Line, 'ref'>;

const LIST_SPEC = {
  select: (q: ReturnType<typeof inbox>) =>
    q.select(['p.kind', 'p.id', 'p.since', 'p.wait', 'p.subject', 'p.extra', 'p.ref']),
  sort: { since: ['p.since'] },
  tiebreak: 'p.ref',
} as const;

export type InboxPage = Omit<PageRequest<'since'>, 'count' | 'sort' | 'dir'>;

/**
 * How far a page reads each part: by keyset (a cursor, '' for the first page), the rows after the
 * cursor's and one more; by offset, every row up to the page's end.
 */
function reachOf(p: InboxPage): Reach {
  const page = Math.max(1, Math.trunc(p.page ?? 1) || 1);
  if (p.cursor === undefined) return { take: page * p.pageSize + 1 };
  const after = p.cursor ? decodeCursor(p.cursor, 2) : undefined;
  return { take: p.pageSize + 1, after: after && [String(after[0]), String(after[1])] };
}

/**
 * A page, newest first. No total: the page shows the bell's count (countInbox), which a second
 * reading of every part would only repeat.
 */
export function listInbox(db: DbOrTx, u: PendenciasActor, p: InboxPage) {
  return pagedQuery(
    inbox(db, u, reachOf(p)),
    LIST_SPEC,
    { ...p, sort: 'since', dir: 'desc', count: false },
    db,
  );
}

/** The bell's count: up to the cap and one more, never every row. */
export async function countInbox(db: DbOrTx, u: PendenciasActor, cap = PENDENCIAS_COUNT_CAP) {
  const rows = await inbox(db, u)
    .select('p.ref')
    .limit(cap + 1)
    .execute();
  return { count: Math.min(rows.length, cap), capped: rows.length > cap };
}

/** An inbox row as pendencias.lines.ts#pendenciaLine reads it. */
export function toPendenciaRow(r: InboxRow): PendenciaRow {
  const base = { id: r.id, since: r.since };
  switch (r.kind) {
    case 'ticket':
      return { ...base, kind: 'ticket', wait: r.wait as TicketWait, subject: r.subject ?? '' };
    case 'purchase':
      return { ...base, kind: 'purchase', status: Number(r.wait), subject: r.subject ?? '' };
    case 'hr':
      return { ...base, kind: 'hr', status: Number(r.wait), typeRequest: r.extra ?? '', subject: r.subject };
    case 'fine':
      return { ...base, kind: 'fine', auto: r.subject ?? '', plate: r.extra };
    default:
      return { ...base, kind: 'event', day: r.extra ?? '', subject: r.subject ?? '' };
  }
}

/** Marks the user's invitation to an event seen; false when he has none (or it was seen). */
export async function markInvitationSeen(db: DbOrTx, userId: number, eventId: number, now: string) {
  const found = await db
    .selectFrom('calendar_event_invitees as i')
    .innerJoin('calendar_events as e', 'e.id', 'i.event_id')
    .select(['i.seen_at', 'e.title'])
    .where('i.user_id', '=', userId)
    .where('i.event_id', '=', eventId)
    .where('e.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) return undefined;
  if (found.seen_at === null) {
    await db
      .updateTable('calendar_event_invitees')
      .set({ seen_at: now })
      .where('user_id', '=', userId)
      .where('event_id', '=', eventId)
      .execute();
  }
  return { title: found.title, alreadySeen: found.seen_at !== null };
}

/** Whether a session still stands: not ended (logout, a disabled user) and not expired. */
export async function sessionStillOpen(db: DbOrTx, sessionId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
