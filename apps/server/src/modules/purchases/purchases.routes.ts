import {
  purchasesCalls as calls,
  PURCHASE_MSG as MSG_PURCHASE,
  PURCHASE_WAITING_CAP,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { receiveBodyOrForm, receiveForm } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { XLSX_MIME } from '../../platform/xlsx-stream.ts';
import * as comments from './purchases.comments.ts';
import { purchasesSpreadsheet } from './purchases.export.ts';
import * as q from './purchases.queries.ts';
import * as quotes from './purchases.quotes.ts';
import * as service from './purchases.service.ts';
import * as steps from './purchases.steps.ts';

export async function purchasesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.open, {
    handler: async (request) => {
      const user = currentUser(request);
      service.authorizeOpen(await service.actorOf(ctx, user));
      const { fields, form } = await receiveForm(request, ctx.storage, calls.open.multipart, {
        prefix: 'purchases',
      });
      const id = await service.openRequest(ctx, request.log, user, fields, form);
      return { success: true as const, id, message: MSG_PURCHASE.sent };
    },
  });

  route(app, calls.list, {
    handler: async (request) => {
      const { sort, dir, page, pageSize, cursor, ...filters } = request.query;
      const actor = await service.actorOf(ctx, currentUser(request));
      service.authorizeList(actor, filters.scope);
      const result = await q.listPurchases(ctx.db, actor, filters, { sort, dir, page, pageSize, cursor });
      const { rows, total, totalCapped, nextCursor } = result;
      return { rows, total, totalCapped, page, pageSize, nextCursor };
    },
  });

  route(app, calls.exportList, {
    // A plain link downloads it (cookie session): the browser streams the file to disk.
    handler: async (request, reply) => {
      const { sort, dir, page: _p, pageSize: _ps, cursor: _c, ...filters } = request.query;
      const actor = await service.actorOf(ctx, currentUser(request));
      service.authorizeList(actor, filters.scope);
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', 'attachment; filename="solicitacoes.xlsx"')
        .header('Cache-Control', 'no-store');
      return reply.send(purchasesSpreadsheet(ctx.db, actor, filters, { sort, dir }, request.log));
    },
  });

  route(app, calls.waitingCount, {
    handler: async (request) => {
      const actor = await service.actorOf(ctx, currentUser(request));
      service.authorizeList(actor, 'received');
      return q.countWaiting(ctx.db, actor, PURCHASE_WAITING_CAP);
    },
  });

  route(app, calls.users, {
    handler: async (request) => service.pickerUsers(ctx, currentUser(request), request.query.q),
  });

  route(app, calls.pickupCandidates, {
    handler: async (request) =>
      service.pickupCandidates(ctx, currentUser(request), request.params.id, request.query.q),
  });

  route(app, calls.detail, {
    handler: async (request) => service.detail(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.transition, {
    handler: async (request) => {
      const user = currentUser(request);
      const { fields, form } = await receiveBodyOrForm(request, ctx.storage, calls.transition.multipart, {
        prefix: 'purchases',
        // Evidence goes only with Registrar Retirada, and a caller who may not see the request
        // stores no byte.
        beforeFile: (f) => steps.evidenceTarget(ctx, user, request.params.id, f.action),
      });
      await steps.firePurchaseTransition(ctx, request.log, user, request.params.id, fields, form);
      return { success: true as const, message: MSG_PURCHASE.moved };
    },
  });

  route(app, calls.selectQuote, {
    handler: async (request) => {
      await steps.selectQuote(ctx, currentUser(request), request.params.id, request.body);
      return { success: true as const, message: MSG_PURCHASE.quoteSelected };
    },
  });

  route(app, calls.setInQuote, {
    handler: async (request) => {
      const message = await steps.setInQuote(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.inQuote,
      );
      return { success: true as const, message };
    },
  });

  route(app, calls.requestMaterials, {
    handler: async (request) => {
      await steps.requestMaterials(ctx, currentUser(request), request.params.id, request.body.descript);
      return { success: true as const, message: MSG_PURCHASE.materialsRequested };
    },
  });

  route(app, calls.file, {
    // Opened by <img>/<a> with the cookie session; only who sees the request gets its files.
    handler: async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await service.loadFile(ctx, currentUser(request), id, fileId);
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.storage_key,
        contentType: file.mime,
        downloadName: file.mime.startsWith('image/') ? undefined : file.original_name,
        cacheControl: 'private, max-age=3600',
      });
    },
  });

  route(app, calls.dropRequest, {
    handler: async (request) => {
      await service.dropRequest(ctx, currentUser(request), request.body.params.id);
      return { success: true as const, message: MSG_PURCHASE.cancelled };
    },
  });

  route(app, calls.getQuote, {
    handler: async (request) => quotes.getQuotes(ctx, currentUser(request), request.query.ticket),
  });

  route(app, calls.insertCotacao, {
    handler: async (request) => {
      const user = currentUser(request);
      const { fields, form } = await receiveForm(request, ctx.storage, calls.insertCotacao.multipart, {
        prefix: 'purchases',
        // A caller who may not edit this request's quotes stores no byte.
        beforeFile: async (raw) => {
          const ticket = Number(raw.ticket);
          if (Number.isInteger(ticket) && ticket > 0) await quotes.quoteEditor(ctx, user, ticket);
        },
      });
      const { ticket, prazoEntrega, ...rest } = fields;
      const id = await quotes.insertQuote(ctx, user, ticket, { ...rest, prazo: prazoEntrega }, form);
      return { success: true as const, id };
    },
  });

  route(app, calls.updateCotac, {
    handler: async (request) => {
      const user = currentUser(request);
      const { fields, form } = await receiveForm(request, ctx.storage, calls.updateCotac.multipart, {
        prefix: 'purchases',
        beforeFile: async (raw) => {
          const reqId = Number(raw.req_id);
          if (Number.isInteger(reqId) && reqId > 0) await quotes.quoteEditor(ctx, user, reqId);
        },
      });
      const { quote_id, req_id, ...input } = fields;
      await quotes.updateQuote(ctx, user, req_id, quote_id, input, form);
      return { success: true as const, message: MSG_PURCHASE.quoteUpdated };
    },
  });

  route(app, calls.dropCotac, {
    handler: async (request) => {
      await quotes.dropQuote(ctx, currentUser(request), request.body.quote_id);
      return { success: true as const, message: MSG_PURCHASE.quoteDeleted };
    },
  });

  route(app, calls.comments, {
    handler: async (request) => comments.listComments(ctx, currentUser(request), request.query.request_id),
  });

  route(app, calls.addComment, {
    handler: async (request) => {
      const user = currentUser(request);
      const { fields, form } = await receiveBodyOrForm(request, ctx.storage, calls.addComment.multipart, {
        prefix: 'purchases',
        // A caller who may not comment on this request stores no byte.
        beforeFile: async () => {
          await comments.commentable(ctx, user, request.params.id);
        },
      });
      await comments.addComment(ctx, request.log, user, request.params.id, fields, form);
      return { success: true as const, message: MSG_PURCHASE.commentSent };
    },
  });
}
