import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers over 1 kB go compressed to a client that accepts it (decision 0113; bench:web, the
 * bytes of every list screen on a 1.6 Mbit/s phone). Only the routes whose endpoint describes a
 * JSON reply ask for it (route.ts): files, spreadsheets and other streams go as they are, with their
 * lengths and byte ranges. Brotli at quality 4 costs about what gzip does per answer.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
