import { LIMITS } from '@intranet/contracts';

/** A real 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A Windows executable header: what a renamed .exe starts with. */
export const FAKE_EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(512, 1),
]);

/** A PNG signature followed by padding past the 3 MB limit (typed as PNG, refused by size). */
export const OVERSIZED_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(LIMITS.imageMaxBytes + 1024, 0)]);

/** A multipart form with text fields and, optionally, one file. */
export function multipart(
  fields: Record<string, string | number>,
  file?: { bytes: Buffer; name: string; type?: string; field?: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file)
    form.append(file.field ?? 'file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  return form;
}
