import { IMAGE_FORMATS, IMAGE_WIDTHS, platformCalls } from '@intranet/contracts';
import type { ImgHTMLAttributes } from 'react';
import { callUrl } from '../api/call.ts';
import { storedFileUrl } from './image-check.ts';

interface StoredPictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** The stored photo's path ("files/banners/…"). */
  path: string;
  /** How wide the photo shows, as the `sizes` attribute says it (e.g. "(min-width: 48em) 220px, 100vw"). */
  sizes: string;
}

/**
 * A stored photo (banner, notice image): the browser picks the smallest copy that fills `sizes` on
 * its screen, AVIF when it reads it, else WebP; the photo as uploaded only without `<picture>`.
 * A phone on a slow network never downloads a 1,600 px JPEG to show it 390 px wide.
 */
export function StoredPicture({ path, sizes, ...img }: StoredPictureProps) {
  const key = path.replace(/^\/*files\//, '');
  const srcSet = (f: (typeof IMAGE_FORMATS)[number]) =>
    IMAGE_WIDTHS.map(
      (w) => `${callUrl(platformCalls.staffFile, { params: { '*': key }, query: { w, f } })} ${w}w`,
    ).join(', ');
  return (
    // `display: contents`: the <img> lays out as if <picture> were not there (its class styles it).
    <picture style={{ display: 'contents' }}>
      {IMAGE_FORMATS.map((f) => (
        <source key={f} type={`image/${f}`} srcSet={srcSet(f)} sizes={sizes} />
      ))}
      <img {...img} src={storedFileUrl(path)} alt={img.alt ?? ''} />
    </picture>
  );
}
