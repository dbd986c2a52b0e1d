import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Db } from '../../db/database.ts';
import { hashFile } from './backup.hash.ts';
import { MANIFEST_NAME, type Manifest } from './backup.manifest.ts';

/** Every row of every table (but Kysely's own), each row as sorted-key JSON, rows sorted: for comparing databases. */
export async function tableContents(db: Db, tables: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((r) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
    );
    out.set(table, lines.sort());
  }
  return out;
}

/** sha256 of every stored file under a data folder's files/, by key. */
export async function storedFileSums(dataDir: string): Promise<Map<string, string>> {
  const root = path.join(dataDir, 'files');
  const sums = new Map<string, string>();
  if (!fs.existsSync(root)) return sums;
  const names = (await fsp.readdir(root, { recursive: true, withFileTypes: true })).filter(
    (d) => d.isFile() && !path.relative(root, d.parentPath).split(path.sep)[0]?.startsWith('.'),
  );
  for (const d of names) {
    const file = path.join(d.parentPath, d.name);
    sums.set(path.relative(root, file).split(path.sep).join('/'), (await hashFile(file)).sha256);
  }
  return sums;
}

/**
 * A copy of an archive with its manifest or one entry's bytes changed (what a newer version or a
 * damaged disk would leave), for the refusal tests.
 */
export async function alteredArchive(
  source: string,
  target: string,
  change: { manifest?: (m: Manifest) => Manifest; entry?: { name: string; bytes: Buffer } },
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const reading = pipeline(fs.createReadStream(source), createGunzip(), extract);
  const writing = pipeline(pack, createGzip(), fs.createWriteStream(target));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    let body: Buffer = Buffer.concat(chunks);
    const name = entry.header.name;
    if (name === MANIFEST_NAME && change.manifest)
      body = Buffer.from(JSON.stringify(change.manifest(JSON.parse(body.toString('utf8')) as Manifest)));
    if (name === change.entry?.name) body = change.entry.bytes;
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: body.length }, body, (err) => (err ? reject(err) : resolve())),
    );
  }
  await reading;
  pack.finalize();
  await writing;
}
