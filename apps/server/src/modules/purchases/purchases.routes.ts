import { purchasesCalls as calls, PURCHASE_MSG as MSG_PURCHASE } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { bodyOrFormReader, formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { sendXlsx } from '../../platform/xlsx-stream.ts';
import * as comments from './purchases.comments.ts';
import * as quotes from './purchases.quotes.ts';
import * as service from './purchases.service.ts';
import * as steps from './purchases.steps.ts';

const PREFIX = 'purchases';

export async function purchasesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.open, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.open.multipart, PREFIX);
      const id = await service.openRequest(ctx, request.log, currentUser(request), read);
      return { success: true as const, id, message: MSG_PURCHASE.sent };
    },
  });

  route(app, calls.list, {
    handler: async (request) => service.listRequests(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportList, {
    handler: async (request, reply) =>
      sendXlsx(reply, await service.exportRequests(ctx, currentUser(request), request.query, request.log)),
  });

  route(app, calls.waitingCount, {
    handler: async (request) => service.waitingCount(ctx, currentUser(request)),
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
      const read = bodyOrFormReader(request, ctx.storage, calls.transition.multipart, PREFIX);
      await steps.firePurchaseTransition(ctx, request.log, currentUser(request), request.params.id, read);
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
      const read = formReader(request, ctx.storage, calls.insertCotacao.multipart, PREFIX);
      return { success: true as const, id: await quotes.insertQuote(ctx, currentUser(request), read) };
    },
  });

  route(app, calls.updateCotac, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.updateCotac.multipart, PREFIX);
      await quotes.updateQuote(ctx, currentUser(request), read);
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
      const read = bodyOrFormReader(request, ctx.storage, calls.addComment.multipart, PREFIX);
      await comments.addComment(ctx, request.log, currentUser(request), request.params.id, read);
      return { success: true as const, message: MSG_PURCHASE.commentSent };
    },
  });
}
