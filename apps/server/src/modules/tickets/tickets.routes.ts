import { ticketsCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { receiveBodyOrForm } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { XLSX_MIME } from '../../platform/xlsx-stream.ts';
import { callsSpreadsheet } from './tickets.export.ts';
import * as q from './tickets.queries.ts';
import * as service from './tickets.service.ts';

export async function ticketsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.openCall, {
    handler: async (request) => {
      const user = currentUser(request);
      service.authorizeOpenCall(user);
      const { fields, form } = await receiveBodyOrForm(request, ctx.storage, calls.openCall.multipart, {
        prefix: 'calls',
      });
      const id = await service.openCall(ctx, user, fields, form);
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
    handler: async (request) => {
      const { sort, dir, page, pageSize, cursor, ...filters } = request.query;
      const user = currentUser(request);
      service.authorizeList(user, filters.scope);
      const found = await q.listCalls(ctx.db, user, filters, { sort, dir, page, pageSize, cursor });
      return { ...found, rows: found.rows.map(service.toRow) };
    },
  });

  route(app, calls.exportList, {
    // A plain link downloads it (cookie session): the browser streams the file to disk.
    handler: async (request, reply) => {
      const { sort, dir, page: _p, pageSize: _ps, cursor: _c, ...filters } = request.query;
      const user = currentUser(request);
      service.authorizeList(user, filters.scope);
      const name = filters.scope === 'open' ? 'dados.xlsx' : 'chamados.xlsx';
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(callsSpreadsheet(ctx.db, user, filters, { sort, dir }, request.log));
    },
  });

  route(app, calls.detail, {
    handler: async (request) => service.callDetail(ctx, currentUser(request), request.query.id),
  });

  route(app, calls.answer, {
    handler: async (request) => {
      const user = currentUser(request);
      const { fields, form } = await receiveBodyOrForm(request, ctx.storage, calls.answer.multipart, {
        prefix: 'calls',
        // A caller who may not answer this call stores no byte.
        beforeFile: async () => {
          await service.answerableCall(ctx, user, request.params.id);
        },
      });
      await service.answerCall(ctx, request.log, user, request.params.id, fields.msg, form);
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
      const user = currentUser(request);
      const { id, attachmentId } = request.params;
      await service.loadVisibleCall(ctx, user, id);
      const file = await q.findAttachment(ctx.db, id, attachmentId);
      if (!file) throw notFound('Arquivo não encontrado.');
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
