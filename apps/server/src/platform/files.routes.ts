import { platformCalls as calls, type ImageFormat } from '@intranet/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isValidKey } from '../storage/storage.ts';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';
import { imageVariant, isResizable } from './image-variants.ts';
import { route } from './route.ts';
import { sendStoredFile } from './serve-file.ts';

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
  avif: 'image/avif',
  gif: 'image/gif',
};

export function fileUrlPath(key: string): string {
  return `files/${key}`;
}

/** The WebP copy asked for by `w`, when the file is a photo; a copy that fails is logged and skipped. */
async function smallerCopy(
  ctx: AppContext,
  key: string,
  { w: width, f: format }: { w?: string; f?: ImageFormat },
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (!width || !isResizable(key)) return undefined;
  try {
    return await imageVariant(ctx.storage, key, Number(width), format ?? 'webp');
  } catch (err) {
    log.warn({ err, key, width }, 'cópia reduzida da imagem falhou; enviando a original');
    return undefined;
  }
}

export async function filesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // HEAD comes with GET (Fastify's exposeHeadRoutes): a player or a download manager asks the size.
  route(app, calls.staffFile, {
    handler: async (request, reply) => {
      const key = request.params['*'];
      const prefix = key.split('/')[0] as (typeof STAFF_FILE_PREFIXES)[number];
      if (!isValidKey(key) || !STAFF_FILE_PREFIXES.includes(prefix))
        throw notFound('Arquivo não encontrado.');
      const variant = await smallerCopy(ctx, key, request.query, request.log);
      const ext = (variant ?? key).split('.').pop()?.toLowerCase() ?? '';
      return sendStoredFile(request, reply, ctx.storage, {
        key: variant ?? key,
        contentType: MIME_BY_EXT[ext] ?? 'application/octet-stream',
        // Keys are never reused (uuid names), so a file may be cached for long.
        cacheControl: 'private, max-age=31536000, immutable',
      });
    },
  });
}
