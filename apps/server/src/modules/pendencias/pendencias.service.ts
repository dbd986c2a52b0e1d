import {
  PENDENCIAS_MSG,
  type PendenciasActor,
  pendenciaLine,
  type pendenciasListQuery,
  type SessionUser,
} from '@intranet/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import { hrActor } from '../hr/hr.approvers.ts';
import { directsPurchases } from '../purchases/purchases.queries.ts';
import * as q from './pendencias.queries.ts';
import type { PendenciasStreams } from './pendencias.stream.ts';

/**
 * The person as every kind of pendência decides: purchases' director flag, HR's desks, today. The
 * director is read from the desks HR's actor loaded (bench:pendencias: two statements fewer).
 */
export async function pendenciasActor(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
): Promise<PendenciasActor> {
  const hr = await hrActor(ctx.db, user);
  return { ...hr, diretor: directsPurchases(hr.desks, user.userId, hr.today) };
}

/** Minhas pendências: a page of what waits for the caller, newest first (every member has his own). */
export async function listPendencias(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  query: z.output<typeof pendenciasListQuery>,
) {
  const actor = await pendenciasActor(ctx, user);
  const { page, pageSize } = query;
  // A first page is read by keyset too, so that it answers the cursor of the next one.
  const cursor = query.cursor ?? (page > 1 ? undefined : '');
  const found = await q.listInbox(ctx.db, actor, { page, pageSize, cursor });
  return {
    rows: found.rows.map((r) => pendenciaLine(q.toPendenciaRow(r))),
    total: found.total,
    totalCapped: found.totalCapped,
    page,
    pageSize,
    nextCursor: found.nextCursor,
  };
}

/** The bell's number. */
export async function countPendencias(ctx: AppContext, user: SessionUser) {
  return q.countInbox(ctx.db, await pendenciasActor(ctx, user));
}

/** Ver o convite: the caller's invitation leaves his pendências (404 for an event he is not invited to). */
export async function seeInvitation(ctx: AppContext, user: SessionUser, eventId: number) {
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const seen = await q.markInvitationSeen(tx, user.userId, eventId, nowIso());
    if (!seen) throw notFound(PENDENCIAS_MSG.invitationNotFound);
    record({
      action: 'event.invitation.seen',
      entity: 'event',
      entityId: eventId,
      summary: `Convite visto: ${seen.title}`,
    });
  });
  announcePendencias(ctx, { kind: 'event', userIds: [user.userId] });
  return { success: true as const, message: PENDENCIAS_MSG.invitationSeen };
}

/**
 * Opens the caller's live stream: 429 past his streams' quota; the actor is read once, so a change
 * of his roles or desks is seen when the browser reconnects.
 */
export async function openStream(
  ctx: AppContext,
  streams: PendenciasStreams,
  user: SessionUser,
  sessionId: number | null,
  reply: FastifyReply,
  method: string,
): Promise<FastifyReply> {
  if (!streams.hasRoom(user.userId)) throw new HttpError(429, PENDENCIAS_MSG.tooManyStreams);
  // HEAD asks whether the stream would open: its headers, and no stream.
  if (method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send();
  const actor = await pendenciasActor(ctx, user);
  await streams.ready();
  streams.open(reply, actor, sessionId);
  return reply;
}

/** Whether a stream's session is still open (not ended, not expired). */
export const sessionStillOpen = (ctx: AppContext, sessionId: number) =>
  q.sessionStillOpen(ctx.db, sessionId, nowIso());
