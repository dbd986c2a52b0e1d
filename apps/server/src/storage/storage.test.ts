import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createConfiguredStorage } from './configured-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** One driver under test: a fresh, empty store and every name it holds (temporary ones included). */
interface Driver {
  storage: Storage;
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

function localDriver(): Driver {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-storage-'));
  return {
    storage: createLocalStorage(root),
    async leftovers() {
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    },
    async close() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function s3Driver(): Driver {
  const storage = createConfiguredStorage(loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env }));
  return {
    storage,
    leftovers: () => s3.keys(),
    async close() {
      for (const key of await s3.keys()) await storage.delete(key).catch(() => undefined);
    },
  };
}

function bytes(n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = i % 251;
  return out;
}

async function store(storage: Storage, key: string, content: Buffer | string): Promise<void> {
  const temp = await storage.writeTemp(Readable.from([Buffer.from(content)]));
  await temp.commit(key);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that gives some bytes and then fails, as a client that drops mid-upload. */
function failingSource(before: Buffer): Readable {
  return new Readable({
    read() {
      if (this.readableLength === 0 && !this.destroyed) {
        this.push(before);
        setImmediate(() => this.destroy(new Error('conexão perdida')));
      }
    },
  });
}

describe.each([
  { name: 'local disk', make: localDriver },
  { name: 'S3-compatible (s3rver over HTTP)', make: s3Driver },
])('Storage on $name', ({ make }) => {
  let d: Driver;
  beforeEach(() => {
    d = make();
  });
  afterEach(() => d.close());

  it('writes to a temporary place, commits under the key, reads it back and stats it', async () => {
    const temp = await d.storage.writeTemp(Readable.from([Buffer.from('olá, '), Buffer.from('mundo')]));
    expect(temp.size).toBe(Buffer.byteLength('olá, mundo'));
    expect(await d.storage.stat('tickets/a.txt')).toBeUndefined();
    await temp.commit('tickets/a.txt');
    expect(await text(await d.storage.read('tickets/a.txt'))).toBe('olá, mundo');
    const stat = await d.storage.stat('tickets/a.txt');
    expect(stat?.size).toBe(temp.size);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    expect(await d.leftovers()).toEqual([path.join('tickets', 'a.txt')]);
  });

  it('reads a byte range (end inclusive) and a large file written in parts', async () => {
    await store(d.storage, 'notices/a.txt', '0123456789');
    expect(await text(await d.storage.read('notices/a.txt', { start: 2, end: 6 }))).toBe('23456');
    const large = bytes(6 * 1024 * 1024 + 17);
    await store(d.storage, 'folders/large.bin', large);
    expect((await d.storage.stat('folders/large.bin'))?.size).toBe(large.length);
    const start = 5 * 1024 * 1024 - 3;
    const middle = await readAll(await d.storage.read('folders/large.bin', { start, end: start + 9 }));
    expect(middle).toEqual(large.subarray(start, start + 10));
    // toEqual walks a 6 MiB buffer byte by byte for minutes; equals compares it at once.
    expect((await readAll(await d.storage.read('folders/large.bin'))).equals(large)).toBe(true);
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    await store(d.storage, 'hr/a.pdf', 'x');
    await d.storage.delete('hr/a.pdf');
    expect(await d.storage.stat('hr/a.pdf')).toBeUndefined();
    await expect(d.storage.read('hr/a.pdf')).rejects.toThrow();
    await d.storage.delete('hr/a.pdf');
    expect(await d.leftovers()).toEqual([]);
  });

  it('discards a temporary file without leaving anything', async () => {
    const temp = await d.storage.writeTemp(Readable.from([Buffer.from('descartado')]));
    await temp.discard();
    expect(await d.leftovers()).toEqual([]);
  });

  it('rejects a failing source and leaves nothing behind', async () => {
    await expect(d.storage.writeTemp(failingSource(bytes(1024)))).rejects.toThrow('conexão perdida');
    await expect(d.storage.writeTemp(failingSource(bytes(6 * 1024 * 1024)))).rejects.toThrow(
      'conexão perdida',
    );
    expect(await d.leftovers()).toEqual([]);
  });

  it('lists the stored files with their sizes, by prefix, without temporary ones', async () => {
    const listed = async (prefix?: string) => {
      const out: string[] = [];
      for await (const o of d.storage.list(prefix)) out.push(`${o.key}:${o.size}`);
      return out.sort();
    };
    expect(await listed()).toEqual([]);
    await store(d.storage, 'tickets/a.txt', 'abc');
    await store(d.storage, 'tickets/sub/b.txt', '');
    await store(d.storage, 'folders/c.bin', bytes(1000));
    const pending = await d.storage.writeTemp(Readable.from([Buffer.from('ainda não')]));
    expect(await listed()).toEqual(['folders/c.bin:1000', 'tickets/a.txt:3', 'tickets/sub/b.txt:0']);
    expect(await listed('tickets/')).toEqual(['tickets/a.txt:3', 'tickets/sub/b.txt:0']);
    expect(await listed('tick')).toEqual(['tickets/a.txt:3', 'tickets/sub/b.txt:0']);
    expect(await listed('tickets/sub/')).toEqual(['tickets/sub/b.txt:0']);
    expect(await listed('hr/')).toEqual([]);
    await pending.discard();
  });

  it('refuses keys it did not generate, before touching anything', async () => {
    await store(d.storage, 'tickets/keep.txt', 'fica');
    const temp = await d.storage.writeTemp(Readable.from([Buffer.from('x')]));
    for (const key of [
      '../fora.txt',
      'tickets/../../fora.txt',
      '/abs/x.txt',
      'semPasta',
      '.tmp/x',
      'a/b c',
    ]) {
      await expect(temp.commit(key)).rejects.toThrow('chave de armazenamento inválida');
      await expect(d.storage.read(key)).rejects.toThrow('chave de armazenamento inválida');
      await expect(d.storage.stat(key)).rejects.toThrow('chave de armazenamento inválida');
      await expect(d.storage.delete(key)).rejects.toThrow('chave de armazenamento inválida');
    }
    await temp.discard();
    expect(await d.leftovers()).toEqual([path.join('tickets', 'keep.txt')]);
  });
});

describe('STORAGE settings', () => {
  it('names in Portuguese each setting STORAGE=s3 is missing', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID: obrigatório quando STORAGE=s3\n {2}S3_SECRET_ACCESS_KEY: obrigatório quando STORAGE=s3/,
    );
    expect(() => loadConfig({ STORAGE: 'nuvem' })).toThrow('STORAGE deve ser local ou s3');
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });
});
