import { IMAGE_FILE, platformCalls } from '@intranet/contracts';
import { callUrl } from '../api/call.ts';

/** JPEG, PNG or WEBP by the first bytes, as the server decides (a renamed file is caught here too). */
function sniff(bytes: Uint8Array): string | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** The spec §5 message for a picked image, or null when it may be sent. */
export async function imageProblem(file: File): Promise<string | null> {
  if (file.size > IMAGE_FILE.maxBytes) return IMAGE_FILE.tooLargeMessage;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = sniff(head);
  if (!type || !(IMAGE_FILE.mimes as readonly string[]).includes(type)) return IMAGE_FILE.invalidTypeMessage;
  return null;
}

/** Where a stored staff file is served ("files/notices/…" → "/api/files/notices/…"). */
export const storedFileUrl = (path: string | null | undefined) =>
  path ? callUrl(platformCalls.staffFile, { params: { '*': path.replace(/^\/*files\//, '') } }) : undefined;
