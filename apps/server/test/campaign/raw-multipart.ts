/** One part of a hand-built multipart body: a text field, or a file when `filename` is set. */
export interface RawPart {
  name: string;
  /** A Buffer lets a name carry bytes that are not UTF-8. */
  filename?: string | Buffer;
  type?: string;
  data: Buffer | string;
}

const BOUNDARY = 'campanhaXYZ0123456789';

/**
 * A multipart/form-data body written byte by byte, so that it can hold what FormData cannot:
 * empty files, names in invalid UTF-8, a body cut short.
 */
export function rawMultipart(parts: RawPart[], options: { cutAt?: number; closed?: boolean } = {}) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`)];
    if (p.filename !== undefined) {
      disposition.push(Buffer.from('; filename="'), Buffer.from(p.filename), Buffer.from('"'));
    }
    chunks.push(...disposition, Buffer.from('\r\n'));
    if (p.filename !== undefined)
      chunks.push(Buffer.from(`Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (options.closed !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(chunks);
  return {
    payload: options.cutAt === undefined ? body : body.subarray(0, options.cutAt),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
