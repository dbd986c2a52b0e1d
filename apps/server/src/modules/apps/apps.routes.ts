import { appsCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import * as service from './apps.service.ts';

export async function appsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Everyone lists the apps of their sectors; administrators list all (scoped in SQL).
  route(app, calls.list, {
    handler: async (request) => service.listApps(ctx, currentUser(request), request.query),
  });

  route(app, calls.create, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.create.multipart, 'apps');
      const saved = await service.createApp(ctx, currentUser(request), read);
      return { success: true as const, message: MSG.appCreated, app: saved };
    },
  });

  route(app, calls.update, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.update.multipart, 'apps');
      const saved = await service.updateApp(ctx, currentUser(request), request.params.id, read);
      return { success: true as const, message: MSG.appUpdated, app: saved };
    },
  });

  route(app, calls.setSectors, {
    handler: async (request) => {
      const user = currentUser(request);
      const saved = await service.setAppSectors(ctx, user, request.params.id, request.body.setores);
      return { success: true as const, message: MSG.appSectorsSaved, app: saved };
    },
  });

  route(app, calls.remove, {
    handler: async (request) => {
      await service.deleteApp(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: MSG.appDeleted };
    },
  });
}
