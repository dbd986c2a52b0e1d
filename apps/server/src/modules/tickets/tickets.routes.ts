import { ticketsCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { bodyOrFormReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { sendXlsx } from '../../platform/xlsx-stream.ts';
import * as service from './tickets.service.ts';

export async function ticketsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.openCall, {
    handler: async (request) => {
      const read = bodyOrFormReader(request, ctx.storage, calls.openCall.multipart, 'calls');
      const id = await service.openCall(ctx, currentUser(request), read);
      return { success: true as const, id, message: MSG.ticketSent };
    },
  });

  route(app, calls.setStatus, {
    handler: async (request) => {
      const user = currentUser(request);
      await service.setCallStatus(ctx, request.log, user, request.body.id, request.body.status);
      return { success: true as const, message: MSG.ticketStatusChanged };
    },
  });

  route(app, calls.list, {
    handler: async (request) => service.listCalls(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportList, {
    handler: async (request, reply) =>
      sendXlsx(reply, await service.exportCalls(ctx, currentUser(request), request.query, request.log)),
  });

  route(app, calls.detail, {
    handler: async (request) => service.callDetail(ctx, currentUser(request), request.query.id),
  });

  route(app, calls.answer, {
    handler: async (request) => {
      const read = bodyOrFormReader(request, ctx.storage, calls.answer.multipart, 'calls');
      await service.answerCall(ctx, request.log, currentUser(request), request.params.id, read);
      return { success: true as const, message: MSG.answerSent };
    },
  });

  route(app, calls.insertMaterials, {
    handler: async (request) => {
      await service.insertMaterials(ctx, request.log, currentUser(request), request.params.id, request.body);
      return { success: true as const, message: MSG.materialsSent };
    },
  });

  route(app, calls.listMaterials, {
    handler: async (request) => service.listMaterials(ctx, currentUser(request), request.query.chamado_id),
  });

  route(app, calls.attachment, {
    // Opened by <img>/<a> with the cookie session; only who sees the call gets its files.
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await service.callAttachment(ctx, currentUser(request), id, attachmentId);
      // Images open inline; a PDF downloads under the name it was sent with.
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.storage_key,
        contentType: file.mime,
        downloadName: file.mime.startsWith('image/') ? undefined : file.original_name,
        cacheControl: 'private, max-age=3600',
      });
    },
  });
}
