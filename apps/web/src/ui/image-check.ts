import { type FileRule, IMAGE_FILE, platformCalls } from '@intranet/contracts';
import { callUrl } from '../api/call.ts';

/**
 * JPEG, PNG, WEBP, GIF or PDF by the first bytes, as the server decides (a renamed file is caught
 * here too: an .exe renamed .png is no image).
 */
function sniff(bytes: Uint8Array): string | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

/**
 * The call's message for a picked file (too big, or not of the accepted types by its bytes), or
 * null when it may be sent: the check the server makes, when the file is picked.
 */
export async function fileProblem(file: File, rule: FileRule): Promise<string | null> {
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  if (rule.mimes === 'any') return null;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = sniff(head);
  if (!type || !rule.mimes.includes(type)) return rule.invalidTypeMessage;
  return null;
}

/** The spec §5 message for a picked image, or null when it may be sent. */
export const imageProblem = (file: File): Promise<string | null> => fileProblem(file, IMAGE_FILE);

/** Where a stored staff file is served ("files/notices/…" → "/api/files/notices/…"). */
export const storedFileUrl = (path: string | null | undefined) =>
  path ? callUrl(platformCalls.staffFile, { params: { '*': path.replace(/^\/*files\//, '') } }) : undefined;
