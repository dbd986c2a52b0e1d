import { statfs } from 'node:fs/promises';
import { MSG } from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** The disk is full, or would be below its floor after an upload: 507 Insufficient Storage. */
export const insufficientStorage = () => new HttpError(507, MSG.serverDiskFull);

/** The bytes a request says it brings (Content-Length), or undefined when it does not say. */
export function declaredBytes(request: Pick<FastifyRequest, 'headers'>): number | undefined {
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * Throws 507 when writing `incoming` more bytes under `directory` would leave less than
 * `floorBytes` free for the people who are not the ones uploading (the database, the logs).
 * A file system that cannot tell its free space (statfs fails) is not a reason to refuse.
 */
export async function assertDiskRoom(directory: string, floorBytes: number, incoming: number): Promise<void> {
  let free: number;
  try {
    const stats = await statfs(directory);
    free = stats.bavail * stats.bsize;
  } catch {
    return;
  }
  if (free - incoming < floorBytes) throw insufficientStorage();
}

/**
 * Refuses every multipart upload (photos, attachments, spreadsheets) with 507 before a byte of
 * it is read when its declared size would take the disk of DATA_DIR below the floor.
 */
export function registerDiskFloor(app: FastifyInstance, options: { directory: string; floorBytes: number }) {
  app.addHook('preHandler', async (request) => {
    if (request.isMultipart())
      await assertDiskRoom(options.directory, options.floorBytes, declaredBytes(request) ?? 0);
  });
}
