import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import type { FileRule } from './endpoint.ts';

/**
 * The one image a staff form carries (notices, banners, app icons, the profile photo): JPEG, PNG or
 * WEBP by its bytes, at most 3 MB, in the field "file" (spec §5, §9).
 */
export const IMAGE_FILE = {
  field: 'file',
  maxFiles: 1,
  maxBytes: LIMITS.imageMaxBytes,
  mimes: LIMITS.imageMimeTypes,
  invalidTypeMessage: MSG.imageInvalidType,
  tooLargeMessage: MSG.imageTooLarge,
} as const satisfies FileRule;
