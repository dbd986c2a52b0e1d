import { noticesCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import * as service from './notices.service.ts';

export async function noticesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Every member reads the notices and banners of the home page.
  route(app, calls.list, { handler: async () => service.listNotices(ctx) });
  route(app, calls.page, {
    handler: async (request) => service.pageNotices(ctx, currentUser(request), request.query),
  });

  route(app, calls.insert, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.insert.multipart, 'notices');
      const notice = await service.insertNotice(ctx, currentUser(request), read);
      return { success: true as const, message: MSG.noticeInserted, notice };
    },
  });

  route(app, calls.edit, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.edit.multipart, 'notices');
      const notice = await service.editNotice(ctx, currentUser(request), request.params.id, read);
      return { success: true as const, message: MSG.noticeUpdated, notice };
    },
  });

  route(app, calls.remove, {
    handler: async (request) => {
      await service.deleteNotice(ctx, currentUser(request), request.body.itemId);
      return { success: true as const, message: MSG.noticeDeleted };
    },
  });

  route(app, calls.banners, { handler: async () => service.listBanners(ctx) });

  route(app, calls.insertBanner, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.insertBanner.multipart, 'banners');
      const banner = await service.insertBanner(ctx, currentUser(request), read);
      return { success: true as const, message: MSG.bannerSent, banner };
    },
  });

  route(app, calls.removeBanner, {
    handler: async (request) => {
      await service.deleteBanner(ctx, currentUser(request), request.body.id);
      return { success: true as const, message: MSG.bannerDeleted };
    },
  });
}
