import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dir } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type ByteRange,
  isValidKey,
  type ListedObject,
  type Storage,
  type StoredObject,
  type TempFile,
} from './storage.ts';

/** Files under `root/<key>`; temporary files under `root/.tmp` on the same disk so rename is atomic. */
export function createLocalStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** The files under `root/<dir>`; folders starting with a dot (`.tmp`) hold no stored file. */
  async function* walk(dir: string, prefix: string): AsyncGenerator<ListedObject> {
    let entries: Dir;
    try {
      entries = await fs.opendir(path.join(root, ...dir.split('/')));
    } catch (err) {
      const { code } = err as NodeJS.ErrnoException;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw err;
    }
    for await (const item of entries) {
      if (item.name.startsWith('.')) continue;
      const key = dir ? `${dir}/${item.name}` : item.name;
      if (item.isDirectory()) {
        // Only into folders that can hold keys starting with the prefix.
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) yield* walk(key, prefix);
      } else if (item.isFile() && key.startsWith(prefix) && isValidKey(key)) {
        const s = await fs.stat(path.join(root, ...key.split('/'))).catch(() => undefined);
        if (s?.isFile()) yield { key, size: s.size, modifiedAt: s.mtime };
      }
    }
  }

  return {
    async writeTemp(source: Readable): Promise<TempFile> {
      await fs.mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, randomUUID());
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(source, createWriteStream(tmpPath, { flags: 'wx' }));
      } catch (err) {
        await fs.rm(tmpPath, { force: true });
        throw err;
      }
      return {
        size,
        async commit(key) {
          const target = pathOf(key);
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.rename(tmpPath, target);
        },
        async discard() {
          await fs.rm(tmpPath, { force: true });
        },
      };
    },

    async read(key: string, range?: ByteRange): Promise<Readable> {
      const file = pathOf(key);
      await fs.access(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async stat(key: string): Promise<StoredObject | undefined> {
      const file = pathOf(key);
      try {
        const s = await fs.stat(file);
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
      } catch {
        return undefined;
      }
    },

    async delete(key: string): Promise<void> {
      await fs.rm(pathOf(key), { force: true });
    },

    list(prefix = ''): AsyncIterable<ListedObject> {
      if (prefix.includes('..')) throw new Error(`prefixo de armazenamento inválido: ${prefix}`);
      return walk('', prefix);
    },

    async sweepTemporary(before: Date): Promise<number> {
      const names = await fs.readdir(tmpDir).catch(() => []);
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const s = await fs.stat(file).catch(() => undefined);
        if (!s?.isFile() || s.mtime >= before) continue;
        await fs.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
