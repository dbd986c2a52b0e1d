import { backupCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './backup.service.ts';

export async function backupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.status, {
    handler: async (request) => service.backupStatus(ctx, currentUser(request)),
  });
}
