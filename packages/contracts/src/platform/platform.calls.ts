import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

export const healthReply = z.object({ status: z.literal('ok'), database: z.string() });

/** A staff file's key under /api/files/: "<folder>/<generated name>", e.g. "banners/x.jpg". */
export const staffFileParams = z.object({ '*': z.string().max(300) });

/** Calls of the platform itself, not of a module. */
export const platformCalls = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'The server answers and reaches its database.',
    reply: healthReply,
  }),
  staffFile: endpoint({
    method: 'GET',
    path: '/api/files/*',
    cookieAuth: true,
    summary:
      'A staff file (profile photo, notice image, banner, app icon) by its key (cookie session allowed).',
    params: staffFileParams,
  }),
};
