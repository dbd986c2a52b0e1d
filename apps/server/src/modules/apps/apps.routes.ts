import {
  appDeletedReply,
  appIdParams,
  appListQuery,
  appListReply,
  appSavedReply,
  appSectorsBody,
  canManageApps,
  MSG,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/errors.ts';
import { receiveImageForm } from '../../platform/image-upload.ts';
import * as service from './apps.service.ts';

export async function appsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;

  // Everyone lists the apps of their sectors; administrators list all (scoped in SQL).
  app.get('/api/apps', {
    schema: { querystring: appListQuery, response: { 200: appListReply } },
    handler: async (request) => service.listApps(db, currentUser(request), request.query),
  });

  // Multipart name, address, setores (JSON list), optional image file.
  app.post('/api/apps', {
    schema: { response: { 201: appSavedReply } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      authorize(canManageApps(user));
      const form = await receiveImageForm(request, storage, 'apps');
      const saved = await service.createApp(db, storage, user, form);
      return reply.status(201).send({ success: true as const, message: MSG.appCreated, app: saved });
    },
  });

  app.put('/api/apps/:id', {
    schema: { params: appIdParams, response: { 200: appSavedReply } },
    handler: async (request) => {
      const user = currentUser(request);
      authorize(canManageApps(user));
      const form = await receiveImageForm(request, storage, 'apps');
      const saved = await service.updateApp(db, storage, user, request.params.id, form);
      return { success: true as const, message: MSG.appUpdated, app: saved };
    },
  });

  app.put('/api/apps/:id/sectors', {
    schema: { params: appIdParams, body: appSectorsBody, response: { 200: appSavedReply } },
    handler: async (request) => {
      const saved = await service.setAppSectors(
        db,
        currentUser(request),
        request.params.id,
        request.body.setores,
      );
      return { success: true as const, message: MSG.appSectorsSaved, app: saved };
    },
  });

  app.delete('/api/apps/:id', {
    schema: { params: appIdParams, response: { 200: appDeletedReply } },
    handler: async (request) => {
      await service.deleteApp(db, storage, currentUser(request), request.params.id);
      return { success: true as const, message: MSG.appDeleted };
    },
  });
}
