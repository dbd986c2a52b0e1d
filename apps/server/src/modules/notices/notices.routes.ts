import {
  bannerList,
  bannerSavedReply,
  canManageNotices,
  deleteBannerBody,
  deletedReply,
  deleteNoticeBody,
  MSG,
  noticeIdParams,
  noticeList,
  noticeSavedReply,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, notFound } from '../../platform/errors.ts';
import { receiveImageForm } from '../../platform/image-upload.ts';
import * as q from './notices.queries.ts';
import * as service from './notices.service.ts';

export async function noticesRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;

  // Every member reads the notices of the home page; 404 means there are none (spec §7).
  app.get('/api/get-infoText', {
    schema: { response: { 200: noticeList } },
    handler: async () => {
      const notices = await q.listNotices(ctx.db);
      if (notices.length === 0) throw notFound(MSG.noNotices);
      return notices;
    },
  });

  // Multipart text, file, userName, position, setor (spec §7); the file is optional.
  app.post('/api/insert-Text', {
    schema: { response: { 201: noticeSavedReply } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      authorize(canManageNotices(user));
      const form = await receiveImageForm(request, storage, 'notices');
      const notice = await service.insertNotice(db, storage, user, form);
      return reply.status(201).send({ success: true as const, message: MSG.noticeInserted, notice });
    },
  });

  // Editing a notice: multipart text, position, optional new file, removeImage=1 to drop the image.
  app.put('/api/notices/:id', {
    schema: { params: noticeIdParams, response: { 200: noticeSavedReply } },
    handler: async (request) => {
      const user = currentUser(request);
      authorize(canManageNotices(user));
      const form = await receiveImageForm(request, storage, 'notices');
      const notice = await service.editNotice(db, storage, user, request.params.id, form);
      return { success: true as const, message: MSG.noticeUpdated, notice };
    },
  });

  app.delete('/api/deleteInfo', {
    schema: { body: deleteNoticeBody, response: { 200: deletedReply } },
    handler: async (request) => {
      await service.deleteNotice(db, storage, currentUser(request), request.body.itemId);
      return { success: true as const, message: MSG.noticeDeleted };
    },
  });

  app.get('/api/attach-banner', {
    schema: { response: { 200: bannerList } },
    handler: async () => q.listBanners(ctx.db),
  });

  app.post('/api/attach-banner', {
    schema: { response: { 201: bannerSavedReply } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      authorize(canManageNotices(user));
      const form = await receiveImageForm(request, storage, 'banners');
      const banner = await service.insertBanner(db, storage, user, form);
      return reply.status(201).send({ success: true as const, message: MSG.bannerSent, banner });
    },
  });

  app.delete('/api/attach-banner', {
    schema: { body: deleteBannerBody, response: { 200: deletedReply } },
    handler: async (request) => {
      await service.deleteBanner(db, storage, currentUser(request), request.body.id);
      return { success: true as const, message: MSG.bannerDeleted };
    },
  });
}
