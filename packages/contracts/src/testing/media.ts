/**
 * Tiny media files for tests: the bytes a container starts with (what file-type reads) followed
 * by `padding` bytes, so a test picks the size it needs (an upload big enough to cut halfway).
 */

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function concat(parts: (number[] | Uint8Array)[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** An MP4: an ftyp box (brand isom) and an mdat box holding `padding` bytes. */
export function tinyMp4(padding = 1024): Uint8Array {
  const ftyp = [...u32(24), ...ascii('ftypisom'), ...u32(0x200), ...ascii('isomiso2')];
  return concat([ftyp, [...u32(8 + padding), ...ascii('mdat')], new Uint8Array(padding)]);
}

/** A WebM: an EBML header with DocType "webm", then `padding` bytes. */
export function tinyWebm(padding = 1024): Uint8Array {
  const docType = [0x42, 0x82, 0x84, ...ascii('webm')];
  const header = [0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, ...docType];
  return concat([[0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header], new Uint8Array(padding)]);
}

/** A real 1x1 PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
