import { pendenciasCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './pendencias.service.ts';
import { PendenciasStreams } from './pendencias.stream.ts';

export async function pendenciasRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const streams = new PendenciasStreams(ctx.live, (sessionId) => service.sessionStillOpen(ctx, sessionId));
  app.addHook('preClose', () => streams.closeAll());

  route(app, calls.list, {
    handler: async (request) => service.listPendencias(ctx, currentUser(request), request.query),
  });

  route(app, calls.count, {
    handler: async (request) => service.countPendencias(ctx, currentUser(request)),
  });

  route(app, calls.stream, {
    handler: async (request, reply) =>
      service.openStream(ctx, streams, currentUser(request), request.sessionId, reply, request.method),
  });

  route(app, calls.seeInvitation, {
    handler: async (request) => service.seeInvitation(ctx, currentUser(request), request.params.id),
  });
}
