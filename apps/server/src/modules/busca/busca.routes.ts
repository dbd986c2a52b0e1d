import { buscaCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './busca.service.ts';

export async function buscaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.search, {
    handler: async (request) => service.search(ctx, currentUser(request), request.query),
  });
}
