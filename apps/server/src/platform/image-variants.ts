import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_FORMATS, type ImageFormat } from '@intranet/contracts';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.ts';

/** Photos that have smaller WebP copies; a GIF (maybe animated) or an icon is served as stored. */
const RESIZABLE = /\.(jpe?g|png|webp)$/i;

/** Where the copy of `key` at `width` lives: a prefix no file route serves directly. */
export const variantKey = (key: string, width: number, format: ImageFormat = 'webp') =>
  `variants/${key}.w${width}.${format}`;

export const isResizable = (key: string) => RESIZABLE.test(key);

// One libvips thread per image and two images at a time: a burst of first visits after an upload
// must not take the CPU from the requests the server is answering.
sharp.concurrency(1);
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, Promise<void>>();

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function render(
  storage: Storage,
  key: string,
  width: number,
  format: ImageFormat,
  target: string,
): Promise<void> {
  const resized = sharp({ failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  // Qualities chosen by eye on the demo photos: no visible loss at the size they are shown.
  const resize =
    format === 'avif' ? resized.avif({ quality: 40, effort: 2 }) : resized.webp({ quality: 70, effort: 6 });
  const out = new PassThrough();
  const [written, piped] = await Promise.allSettled([
    storage.writeTemp(out),
    storage.read(key).then((source) => pipeline(source, resize, out)),
  ]);
  if (piped.status === 'rejected') {
    if (written.status === 'fulfilled') await written.value.discard();
    throw piped.reason;
  }
  if (written.status === 'rejected') throw written.reason;
  await written.value.commit(target);
}

/**
 * The key of a WebP or AVIF copy of the stored photo `key`, at most `width` pixels wide, made on first
 * request and kept (stored files are never rewritten: their keys are new uuids). Undefined when the
 * original is missing.
 */
export async function imageVariant(
  storage: Storage,
  key: string,
  width: number,
  format: ImageFormat,
): Promise<string | undefined> {
  const target = variantKey(key, width, format);
  if (await storage.stat(target)) return target;
  if (!(await storage.stat(key))) return undefined;
  let making = inFlight.get(target);
  if (!making) {
    making = withSlot(() => render(storage, key, width, format, target)).finally(() =>
      inFlight.delete(target),
    );
    inFlight.set(target, making);
  }
  await making;
  return target;
}

/** Removes every copy of a photo (when the photo itself goes). */
export async function removeImageVariants(
  storage: Storage,
  key: string,
  widths: readonly number[],
): Promise<void> {
  for (const width of widths) {
    for (const format of IMAGE_FORMATS) {
      try {
        await storage.delete(variantKey(key, width, format));
      } catch {
        // Never made, or already gone.
      }
    }
  }
}
