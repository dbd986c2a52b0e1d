import { IMAGE_WIDTHS } from '@intranet/contracts';
import type { Storage } from '../storage/storage.ts';
import { isValidKey } from '../storage/storage.ts';
import { isResizable, removeImageVariants } from './image-variants.ts';
import type { ReceivedForm } from './uploads.ts';

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
  if (isResizable(key)) await removeImageVariants(storage, key, IMAGE_WIDTHS.map(Number));
}
