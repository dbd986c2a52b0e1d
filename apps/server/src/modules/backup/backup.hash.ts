import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';

/** Where streamed bytes go: a file, a tar entry, a COPY … FROM STDIN (anything with write and drain). */
interface Sink {
  write(chunk: Buffer): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

export interface Digest {
  bytes: number;
  sha256: string;
  /** Newline bytes seen: the rows of a COPY text dump. */
  lines: number;
}

/** Copies a stream of bytes into a sink chunk by chunk (constant memory), hashing what passes. */
export async function hashedCopy(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  sink: Sink,
): Promise<Digest> {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
  }
  return { bytes, sha256: hash.digest('hex'), lines };
}

/** A file's sha256 and size, read as a stream. */
export async function hashFile(file: string): Promise<Digest> {
  const nowhere = { write: () => true, once: () => undefined };
  return hashedCopy(fs.createReadStream(file), nowhere);
}
