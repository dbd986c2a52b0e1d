import { setupCalls as calls, SETUP_MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './setup.service.ts';

export async function setupRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  route(app, calls.checkSetup, {
    handler: async (request) => {
      await service.checkSetup(db, request.params.token);
      return { success: true as const, message: '' };
    },
  });

  route(app, calls.finishSetup, {
    handler: async (request) => {
      await service.finishSetup(db, request.params.token, request.body);
      return { success: true as const, message: SETUP_MSG.done };
    },
  });
}
