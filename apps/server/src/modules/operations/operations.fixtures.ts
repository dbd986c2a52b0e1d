import fs from 'node:fs';
import path from 'node:path';
import { OPERATION_UPLOAD_PATH } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/database.ts';
import { uploadDirectory } from './operations.uploads.ts';

/** Tests' tus requests (protocol 1.0.0) through app.inject, as the web's tus-js-client sends them. */

export const TUS = { 'tus-resumable': '1.0.0' };

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** tus Upload-Metadata: `key base64(value)` pairs. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST: asks for an upload of `length` bytes; answers tus's answer (201 with its Location). */
export const postUpload = (who: Inject, fields: Record<string, string>, length: number) =>
  who({
    method: 'POST',
    url: OPERATION_UPLOAD_PATH,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': tusMetadata(fields) },
  });

/** PATCH: sends `bytes` at `offset` of the upload at `url`. */
export const patchUpload = (who: Inject, url: string, offset: number, bytes: Uint8Array) =>
  who({
    method: 'PATCH',
    url,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from(bytes),
  });

/**
 * Makes an unfinished upload look created `hours` ago, to tus (its info file) and to the quota
 * (its row), as if the clock had moved on.
 */
export async function ageUpload(db: Db, dataDir: string, url: string, hours: number): Promise<void> {
  const id = url.split('/').pop() ?? '';
  const infoFile = path.join(uploadDirectory(dataDir), `${id}.json`);
  const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
  const created = new Date(Date.now() - hours * 3600_000).toISOString();
  info.creation_date = created;
  fs.writeFileSync(infoFile, JSON.stringify(info));
  await db.updateTable('operation_uploads').set({ created_at: created }).where('id', '=', id).execute();
}
