import { usersCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  route(app, calls.list, {
    handler: async (request) => service.listUsers(db, currentUser(request), request.query),
  });

  route(app, calls.create, {
    handler: async (request) => {
      const userId = await service.createUser(db, currentUser(request), request.body);
      return { success: true as const, message: MSG.userCreated, userId };
    },
  });

  route(app, calls.update, {
    handler: async (request) => {
      await service.updateUser(db, currentUser(request), request.body);
      return { success: true as const, message: MSG.dataUpdated };
    },
  });

  route(app, calls.resetPassword, {
    handler: async (request) => {
      await service.resetPassword(db, currentUser(request), request.body.userId, request.body.senha);
      return { success: true as const, message: MSG.passwordChanged };
    },
  });

  route(app, calls.drop, {
    handler: async (request) => {
      await service.dropUser(db, currentUser(request), request.body.userId);
      return { success: true as const, message: MSG.userDeleted, error: null };
    },
  });

  // Reference data every form needs (sectors and branches of spec §3).
  route(app, calls.sectors, { handler: async () => service.listSectors(db) });
  route(app, calls.branches, { handler: async () => service.listBranches(db) });
}
