import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

export const healthReply = z.object({ status: z.literal('ok'), database: z.string() });

/** What GET /api/health/ready found of each dependency. */
export const readyState = z.enum(['ok', 'indisponível']);
export const readyReply = z.object({ status: z.literal('ok'), database: readyState, storage: readyState });

/** The reasons of a 503 from GET /api/health/ready, one per dependency that did not answer. */
export const READY_PROBLEMS = {
  database: 'O banco de dados não respondeu.',
  storage: 'O armazenamento de arquivos não respondeu.',
} as const;

/** A staff file's key under /api/files/: "<folder>/<generated name>", e.g. "banners/x.jpg". */
export const staffFileParams = z.object({ '*': z.string().max(300) });

/**
 * The widths (CSS pixels × density) in which a stored photo (banner, notice image, profile photo)
 * is also served, as WebP: the browser picks one through `srcset`, so a phone never downloads the
 * photo as uploaded.
 */
export const IMAGE_WIDTHS = ['320', '640', '960', '1280', '1600'] as const;

/** The formats of those copies: AVIF (about 40 % smaller) for browsers that take it, else WebP. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const staffFileQuery = z.object({
  w: z
    .enum(IMAGE_WIDTHS)
    .optional()
    .describe('A width of IMAGE_WIDTHS: the photo as WebP (or `f`), at most that wide.'),
  f: z.enum(IMAGE_FORMATS).optional().describe('With `w`: the format of the copy (webp unless said).'),
});

/** Calls of the platform itself, not of a module. */
export const platformCalls = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'The server answers and reaches its database.',
    reply: healthReply,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary:
      'The server reaches its database and its file storage (for a balancer); 503 with the reason in Portuguese when one does not answer.',
    reply: readyReply,
  }),
  staffFile: endpoint({
    method: 'GET',
    path: '/api/files/*',
    cookieAuth: true,
    summary:
      'A staff file (profile photo, notice image, banner, app icon) by its key (cookie session allowed); with `w`, a photo as WebP or AVIF (`f`) at most that wide.',
    params: staffFileParams,
    query: staffFileQuery,
  }),
};
