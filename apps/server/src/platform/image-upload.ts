import { IMAGE_WIDTHS } from '@intranet/contracts';
import type { Storage } from '../storage/storage.ts';
import { isValidKey } from '../storage/storage.ts';
import { isResizable, removeImageVariants } from './image-variants.ts';
import type { ReceivedForm } from './uploads.ts';

/**
 * Moves the uploaded files under their keys, then runs the database change; when either fails the
 * files go. Files first (decision 0128): a process killed between the two leaves a file without
 * its row, which the orphan sweep removes, never a row without its file. Files the change made
 * obsolete (`obsolete` paths like "files/notices/x.jpg") are removed last, once nothing points to them.
 */
export async function commitWithFiles<T>(
  form: ReceivedForm | undefined,
  storage: Storage,
  change: () => Promise<{ result: T; obsolete?: (string | null | undefined)[] }>,
): Promise<T> {
  let outcome: { result: T; obsolete?: (string | null | undefined)[] };
  try {
    await form?.commit();
    outcome = await change();
  } catch (err) {
    await form?.discard();
    for (const f of form?.files ?? []) await storage.delete(f.key).catch(() => undefined);
    throw err;
  }
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
