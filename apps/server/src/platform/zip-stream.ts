import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/** Resolves when `out` can take more, rejects when it was closed first (the download was cut). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('o destino da planilha foi fechado'));
  return new Promise((resolve, reject) => {
    const drain = () => {
      out.off('close', close);
      resolve();
    };
    const close = () => {
      out.off('drain', drain);
      reject(new Error('o destino da planilha foi fechado'));
    };
    out.once('drain', drain);
    out.once('close', close);
  });
}

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;
const DEFLATE = 8;
const MAX_32 = 0xffff_ffff;

/** The MS-DOS time and date fields of a zip header. */
function dosTime(d: Date): [number, number] {
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return [time, date];
}

/**
 * A zip archive written to `out` one deflated entry after the other, each as it is produced (sizes
 * and CRC in a data descriptor after the data, as streamed zips do), honouring `out`'s
 * backpressure: memory holds one chunk, whatever the archive's size. Compression runs on libuv's
 * thread pool, beside the code producing the next chunk. No ZIP64: an entry or archive past 4 GiB
 * is refused (an .xlsx of a few hundred thousand rows is a few hundred MB of XML).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp: [number, number];

  constructor(
    private readonly out: Writable,
    private readonly level: number,
  ) {
    this.stamp = dosTime(new Date());
  }

  /** A local file header without CRC and sizes (the caller sets them when it knows them). */
  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp[0], 10);
    header.writeUInt16LE(this.stamp[1], 12);
    header.writeUInt16LE(entry.name.length, 26);
    return header;
  }

  private async push(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await drained(this.out);
  }

  /** Starts an entry; its text goes through `write`, `end` closes it. One entry at a time. */
  async entry(path: string) {
    const name = Buffer.from(path);
    const entry: Entry = {
      name,
      flags: UTF8 | DESCRIPTOR,
      crc: 0,
      size: 0,
      compressed: 0,
      offset: this.offset,
    };
    await this.push(Buffer.concat([this.localHeader(entry), name]));

    const deflate = zlib.createDeflateRaw({ level: this.level });
    let failure: Error | undefined;
    deflate.on('error', (err) => {
      failure = err;
    });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        drained(this.out).then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const finished = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('close', () => (failure ? reject(failure) : resolve()));
      deflate.once('error', reject);
    });
    // Awaited by `end`; a failure before it (the download cut) reaches the writer through `write`.
    finished.catch(() => {});

    return {
      write: async (text: string) => {
        if (failure) throw failure;
        const bytes = Buffer.from(text);
        entry.crc = zlib.crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await drained(deflate);
      },
      end: async () => {
        deflate.end();
        await finished;
        if (entry.size > MAX_32 || entry.compressed > MAX_32 || this.offset > MAX_32) {
          throw new Error('planilha grande demais para um arquivo zip sem ZIP64');
        }
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.push(descriptor);
        this.entries.push(entry);
      },
    };
  }

  /**
   * One small entry, compressed at once: its sizes go in its header, with no data descriptor (the
   * streaming reader of the import, unzipper under exceljs, loses a small descriptor entry that
   * ends the archive, e.g. xl/workbook.xml).
   */
  async file(path: string, text: string): Promise<void> {
    const name = Buffer.from(path);
    const bytes = Buffer.from(text);
    const data = zlib.deflateRawSync(bytes, { level: this.level });
    const entry: Entry = {
      name,
      flags: UTF8,
      crc: zlib.crc32(bytes),
      size: bytes.length,
      compressed: data.length,
      offset: this.offset,
    };
    const header = this.localHeader(entry);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    await this.push(Buffer.concat([header, name, data]));
    this.entries.push(entry);
  }

  /** The central directory; then ends `out`. */
  async finish(): Promise<void> {
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(this.stamp[0], 12);
      h.writeUInt16LE(this.stamp[1], 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.push(Buffer.concat([directory, end]));
    this.out.end();
  }
}
