import {
  answerBody,
  attachmentParams,
  callDetail,
  callIdParams,
  callListQuery,
  callListReply,
  canListOpenCalls,
  canOpenCall,
  insertCallBody,
  insertCallReply,
  MSG,
  material,
  materialsBody,
  materialsQuery,
  setCallBody,
  singleCallQuery,
  TICKET_ATTACHMENT,
} from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, notFound } from '../../platform/errors.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { type ReceivedForm, receiveMultipart } from '../../platform/uploads.ts';
import { callsSpreadsheet } from './tickets.export.ts';
import * as q from './tickets.queries.ts';
import * as service from './tickets.service.ts';

const okReply = z.object({ success: z.literal(true), message: z.string() });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Calls and answers come as JSON, or as multipart with the same fields plus files (images/PDF).
 * `refuseFirst` runs before a multipart body is read, so a refused caller stores no byte.
 */
async function readForm<T extends z.ZodType>(
  ctx: AppContext,
  request: FastifyRequest,
  schema: T,
  refuseFirst?: () => Promise<unknown>,
): Promise<{ body: z.output<T>; form?: ReceivedForm }> {
  if (!request.isMultipart()) {
    if (request.body == null) throw badRequest(MSG.fillAllFields);
    return { body: request.body as z.output<T> };
  }
  await refuseFirst?.();
  const form = await receiveMultipart(request, ctx.storage, {
    maxBytes: TICKET_ATTACHMENT.maxBytes,
    maxFiles: TICKET_ATTACHMENT.maxFiles,
    allowedMimes: TICKET_ATTACHMENT.mimes,
    invalidTypeMessage: MSG.ticketAttachmentType,
    tooLargeMessage: MSG.ticketAttachmentTooLarge,
    prefix: 'calls',
  });
  const parsed = schema.safeParse(form.fields);
  if (!parsed.success) {
    await form.discard();
    throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  }
  return { body: parsed.data, form };
}

export async function ticketsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/insertCall', {
    // JSON { problem, descript, dep, filial } (spec §7), or multipart with these fields and files.
    schema: { body: insertCallBody.nullish(), response: { 200: insertCallReply } },
    handler: async (request) => {
      const user = currentUser(request);
      authorize(canOpenCall(user));
      const { body, form } = await readForm(ctx, request, insertCallBody);
      const id = await service.openCall(ctx, user, body, form);
      return { success: true as const, id, message: MSG.ticketSent };
    },
  });

  app.put('/api/setCall', {
    schema: { body: setCallBody, response: { 200: okReply } },
    handler: async (request) => {
      const user = currentUser(request);
      await service.setCallStatus(ctx, request.log, user, request.body.id, request.body.status);
      return { success: true as const, message: MSG.ticketStatusChanged };
    },
  });

  app.get('/api/calls', {
    schema: { querystring: callListQuery, response: { 200: callListReply } },
    handler: async (request) => {
      const user = currentUser(request);
      const { sort, dir, page, pageSize, ...filters } = request.query;
      if (filters.scope === 'open') authorize(canListOpenCalls(user), MSG.noPageAccess);
      const { rows, total } = await q.listCalls(ctx.db, user, filters, { sort, dir, page, pageSize });
      return { rows: rows.map(service.toRow), total, page, pageSize };
    },
  });

  app.get('/api/calls/export', {
    // A plain link downloads it (cookie session): the browser streams the file to disk.
    config: { cookieAuth: true },
    schema: { querystring: callListQuery },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { sort: _s, dir: _d, page: _p, pageSize: _ps, ...filters } = request.query;
      if (filters.scope === 'open') authorize(canListOpenCalls(user), MSG.noPageAccess);
      const name = filters.scope === 'open' ? 'dados.xlsx' : 'chamados.xlsx';
      reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(callsSpreadsheet(ctx.db, user, filters, request.log));
    },
  });

  app.get('/api/getSingleCall', {
    schema: { querystring: singleCallQuery, response: { 200: callDetail } },
    handler: async (request) => service.callDetail(ctx, currentUser(request), request.query.id),
  });

  app.post('/api/calls/:id/answers', {
    // JSON { msg } or multipart with msg and files.
    schema: { params: callIdParams, body: answerBody.nullish(), response: { 200: okReply } },
    handler: async (request) => {
      const user = currentUser(request);
      const { body, form } = await readForm(ctx, request, answerBody, () =>
        service.answerableCall(ctx, user, request.params.id),
      );
      await service.answerCall(ctx, request.log, user, request.params.id, body.msg, form);
      return { success: true as const, message: MSG.answerSent };
    },
  });

  app.post('/api/calls/:id/materials', {
    schema: { params: callIdParams, body: materialsBody, response: { 200: okReply } },
    handler: async (request) => {
      await service.insertMaterials(ctx, request.log, currentUser(request), request.params.id, request.body);
      return { success: true as const, message: MSG.materialsSent };
    },
  });

  app.get('/api/getListMaterials', {
    schema: { querystring: materialsQuery, response: { 200: z.array(material) } },
    handler: async (request) => service.listMaterials(ctx, currentUser(request), request.query.chamado_id),
  });

  app.get('/api/calls/:id/attachments/:attachmentId', {
    // Opened by <img>/<a> with the cookie session; only who sees the call gets its files.
    config: { cookieAuth: true },
    schema: { params: attachmentParams },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { id, attachmentId } = request.params;
      await service.loadVisibleCall(ctx, user, id);
      const file = await q.findAttachment(ctx.db, id, attachmentId);
      if (!file) throw notFound('Arquivo não encontrado.');
      // Only images and PDF are accepted, so every attachment opens inline in the browser.
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.storage_key,
        contentType: file.mime,
        cacheControl: 'private, max-age=3600',
      });
    },
  });
}
