import { once } from 'node:events';
import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import type { Storage, TempFile } from '../storage/storage.ts';

/**
 * Checked rows kept between two requests (an import's preview and its commit) without holding them
 * in memory: one JSON line each, streamed to a temporary file of the storage, then kept under a key
 * (`keep`) or dropped (`discard`). Read back in batches with `readSpool`.
 */
export class RowSpool<T> {
  private readonly out = new PassThrough();
  private readonly temp: Promise<TempFile>;

  constructor(storage: Storage) {
    this.temp = storage.writeTemp(this.out);
    // A failed write surfaces on keep(); until then nobody awaits it.
    this.temp.catch(() => undefined);
  }

  async write(rows: readonly T[]): Promise<void> {
    if (rows.length === 0) return;
    const text = `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  /** Ends the file and keeps it under `key`. */
  async keep(key: string): Promise<void> {
    this.out.end();
    await (await this.temp).commit(key);
  }

  async discard(): Promise<void> {
    this.out.end();
    await this.temp.then((t) => t.discard()).catch(() => undefined);
  }
}

/** The rows a RowSpool kept under `key`, `batchSize` at a time, in the order written. */
export async function* readSpool<T>(storage: Storage, key: string, batchSize: number): AsyncGenerator<T[]> {
  const lines = readline.createInterface({
    input: await storage.read(key),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: T[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(JSON.parse(line) as T);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
