import type { FastifyInstance } from 'fastify';
import rangeParser from 'range-parser';
import { z } from 'zod';
import { isValidKey } from '../storage/storage.ts';
import type { AppContext } from './context.ts';
import { HttpError, notFound } from './errors.ts';

/**
 * Files every signed-in employee may see (profile photos, notice images, banners, app icons),
 * served at /api/files/<key>. Module files with their own rules (folders, tickets, HR) have
 * their own routes.
 */
export const STAFF_FILE_PREFIXES = ['profile', 'notices', 'banners', 'apps'] as const;

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export function fileUrlPath(key: string): string {
  return `files/${key}`;
}

export async function filesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/*',
    config: { cookieAuth: true },
    schema: { params: z.object({ '*': z.string().max(300) }) },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const prefix = key.split('/')[0] as (typeof STAFF_FILE_PREFIXES)[number];
      if (!isValidKey(key) || !STAFF_FILE_PREFIXES.includes(prefix))
        throw notFound('Arquivo não encontrado.');
      const stat = await ctx.storage.stat(key);
      if (!stat) throw notFound('Arquivo não encontrado.');
      const ext = key.split('.').pop()?.toLowerCase() ?? '';
      reply
        .header('Content-Type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
        .header('Accept-Ranges', 'bytes')
        .header('Last-Modified', stat.modifiedAt.toUTCString())
        // Keys are never reused (uuid names), so a file may be cached for long.
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff');
      const rangeHeader = request.headers.range;
      // Only byte ranges exist for files; a range in any other unit is ignored (RFC 9110 §14.2).
      if (rangeHeader?.trim().toLowerCase().startsWith('bytes=')) {
        const ranges = rangeParser(stat.size, rangeHeader, { combine: true });
        if (ranges === -1) {
          reply.header('Content-Range', `bytes */${stat.size}`);
          throw new HttpError(416, 'Intervalo solicitado inválido.');
        }
        if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
          const { start, end } = ranges[0];
          reply
            .status(206)
            .header('Content-Range', `bytes ${start}-${end}/${stat.size}`)
            .header('Content-Length', end - start + 1);
          if (request.method === 'HEAD') return reply.send();
          return reply.send(await ctx.storage.read(key, { start, end }));
        }
      }
      reply.header('Content-Length', stat.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await ctx.storage.read(key));
    },
  });
}
