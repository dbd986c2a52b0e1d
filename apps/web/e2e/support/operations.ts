import { OPERATION_UPLOAD_PATH } from '@intranet/contracts';
import { TINY_PNG_BASE64 } from '@intranet/contracts/testing/media';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiToken } from './session.ts';

/** A photo for an OT's fourth slot, sent by `user` as the upload screen sends it (tus). */
export async function sendOtPhoto(request: APIRequestContext, user: string, ot: string, filename: string) {
  const token = await apiToken(request, user);
  const png = Buffer.from(TINY_PNG_BASE64, 'base64');
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await request.post(OPERATION_UPLOAD_PATH, {
    headers: {
      ...tus,
      'upload-length': String(png.length),
      'upload-metadata': `ot ${b64(ot)},slot ${b64('4')},filename ${b64(filename)}`,
    },
  });
  expect(created.status()).toBe(201);
  const sent = await request.patch(created.headers().location ?? '', {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: png,
  });
  expect(sent.status()).toBe(200);
}
