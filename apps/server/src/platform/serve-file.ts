import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { Storage } from '../storage/storage.ts';
import { HttpError, notFound } from './errors.ts';

export interface StoredFileResponse {
  key: string;
  contentType: string;
  /** Sent as an attachment under this name (RFC 6266 / RFC 5987); when absent, media is inline. */
  downloadName?: string;
  cacheControl?: string;
  notFoundMessage?: string;
}

/** RFC 5987 ext-value: UTF-8, percent-encoded, with the characters encodeURIComponent keeps but attr-char forbids. */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="ascii fallback"; filename*=UTF-8''…` for any display name. */
export function attachmentDisposition(name: string): string {
  const fallback =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'arquivo';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

/**
 * The byte ranges of a Range header, as range-parser reads them, except that a suffix longer than
 * the file means the whole file (RFC 9110 §14.1.3: range-parser finds it unsatisfiable). A suffix
 * of zero stays unsatisfiable.
 */
export function byteRanges(size: number, header: string): ReturnType<typeof rangeParser> {
  const [unit = '', specs = ''] = header.split(/=(.*)/s);
  const whole = specs
    .split(',')
    .map((spec) => {
      const suffix = /^\s*-\s*(\d+)\s*$/.exec(spec)?.[1];
      return suffix !== undefined && Number(suffix) > size ? `0-${size - 1}` : spec;
    })
    .join(',');
  return rangeParser(size, `${unit}=${whole}`, { combine: true });
}

/**
 * Streams a stored file with HEAD (size only) and single byte ranges (206 / 416), in constant
 * memory whatever its size.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileResponse,
): Promise<FastifyReply> {
  const stat = await storage.stat(file.key);
  if (!stat) throw notFound(file.notFoundMessage ?? 'Arquivo não encontrado.');
  reply
    .header('Content-Type', file.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Last-Modified', stat.modifiedAt.toUTCString())
    .header('Cache-Control', file.cacheControl ?? 'private, no-cache')
    .header('X-Content-Type-Options', 'nosniff');
  // A stored file opened in a tab runs nothing as the intranet (no script, no form, no plugin), and
  // only media display inline: anything else (a PDF) downloads, under its key's name if no other.
  reply.header('Content-Security-Policy', 'sandbox');
  const inline = /^(image|video|audio)\//.test(file.contentType);
  const downloadName = file.downloadName ?? (inline ? undefined : file.key.split('/').pop());
  if (downloadName) reply.header('Content-Disposition', attachmentDisposition(downloadName));
  const rangeHeader = request.headers.range;
  // Only byte ranges exist for files; a range in any other unit is ignored (RFC 9110 §14.2).
  if (rangeHeader?.trim().toLowerCase().startsWith('bytes=')) {
    const ranges = byteRanges(stat.size, rangeHeader);
    if (ranges === -1) {
      reply.header('Content-Range', `bytes */${stat.size}`);
      throw new HttpError(416, 'Intervalo solicitado inválido.');
    }
    if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
      const { start, end } = ranges[0];
      reply
        .status(206)
        .header('Content-Range', `bytes ${start}-${end}/${stat.size}`)
        .header('Content-Length', end - start + 1);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await storage.read(file.key, { start, end }));
    }
  }
  reply.header('Content-Length', stat.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.read(file.key));
}
