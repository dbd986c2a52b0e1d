import { bannerList, MSG, noticeList } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as q from './notices.queries.ts';

export async function noticesRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Every member reads the notices of the home page; 404 means there are none (spec §7).
  app.get('/api/get-infoText', {
    schema: { response: { 200: noticeList } },
    handler: async () => {
      const notices = await q.listNotices(ctx.db);
      if (notices.length === 0) throw notFound(MSG.noNotices);
      return notices;
    },
  });

  app.get('/api/attach-banner', {
    schema: { response: { 200: bannerList } },
    handler: async () => q.listBanners(ctx.db),
  });
}
