import { usersCalls as calls, IMPORT_MSG, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendXlsx } from '../../platform/xlsx-stream.ts';
import { exportUsers } from './users.export.ts';
import { cancelUsersImport, commitUsersImport, previewUsersImport } from './users.import.ts';
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

  route(app, calls.exportList, {
    handler: async (request, reply) =>
      sendXlsx(reply, exportUsers(db, currentUser(request), request.query, request.log)),
  });

  route(app, calls.importPreview, {
    handler: async (request) =>
      previewUsersImport(
        ctx,
        currentUser(request),
        formReader(request, ctx.storage, calls.importPreview.multipart, 'user-imports'),
      ),
  });

  route(app, calls.importCommit, {
    handler: async (request) => commitUsersImport(ctx, currentUser(request), request.params.id, request.log),
  });

  route(app, calls.importCancel, {
    handler: async (request) => {
      await cancelUsersImport(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: IMPORT_MSG.cancelled };
    },
  });

  // Reference data every form needs (sectors and branches of spec §3).
  route(app, calls.sectors, { handler: async () => service.listSectors(db) });
  route(app, calls.branches, { handler: async () => service.listBranches(db) });
}
