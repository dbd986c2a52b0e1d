import { LIMITS, MSG } from '@intranet/contracts';
import type { FastifyRequest } from 'fastify';
import { isValidKey, type Storage } from '../storage/storage.ts';
import { type ReceivedForm, receiveMultipart } from './uploads.ts';

/** Staff images (notices, banners, apps): JPEG, PNG or WEBP by content, at most 3 MB (spec §5). */
export function receiveImageForm(
  request: FastifyRequest,
  storage: Storage,
  prefix: string,
): Promise<ReceivedForm> {
  return receiveMultipart(request, storage, {
    prefix,
    maxBytes: LIMITS.imageMaxBytes,
    allowedMimes: LIMITS.imageMimeTypes,
    invalidTypeMessage: MSG.imageInvalidType,
    tooLargeMessage: MSG.imageTooLarge,
  });
}

/**
 * Runs the database change, then moves the uploaded files into place; on failure drops them.
 * Files the change made obsolete (`obsolete` paths like "files/notices/x.jpg") are removed last,
 * once nothing points to them any more.
 */
export async function commitWithFiles<T>(
  form: ReceivedForm | undefined,
  storage: Storage,
  change: () => Promise<{ result: T; obsolete?: (string | null | undefined)[] }>,
): Promise<T> {
  let outcome: { result: T; obsolete?: (string | null | undefined)[] };
  try {
    outcome = await change();
  } catch (err) {
    await form?.discard();
    throw err;
  }
  await form?.commit();
  for (const path of outcome.obsolete ?? []) await removeStoredFile(storage, path);
  return outcome.result;
}

/** Deletes a staff file by its public path ("files/<key>"); anything else is ignored. */
export async function removeStoredFile(storage: Storage, path: string | null | undefined): Promise<void> {
  const key = path?.startsWith('files/') ? path.slice('files/'.length) : undefined;
  if (!key || !isValidKey(key)) return;
  try {
    await storage.delete(key);
  } catch {
    // A missing file is already gone; the row no longer points to it either way.
  }
}
