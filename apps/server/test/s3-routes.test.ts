import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@intranet/contracts';
import { tinyMp4 } from '@intranet/contracts/testing/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createFolder, GESTOR, upload } from '../src/modules/folders/folders.routes.fixture.ts';
import { patchUpload, postUpload, TUS } from '../src/modules/operations/operations.fixtures.ts';
import { sweepStaleUploads } from '../src/modules/operations/operations.uploads.ts';
import { variantKey } from '../src/platform/image-variants.ts';
import { buildSiblingApp, buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

/** With STORAGE=s3 the files of real routes live in the bucket, and come back from it by range. */
describe(`the app with STORAGE=s3 on an S3-compatible server (${TEST_DIALECT})`, () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await buildTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores a folder upload in the bucket and serves it whole, by HEAD and by byte range', async () => {
    const content = '0123456789abcdefghij';
    const folder = await createFolder(t.as(GESTOR), 'Na nuvem');
    const res = await upload(t.as(GESTOR), folder, 'relatório.txt', content);
    expect(res.statusCode, res.body).toBe(200);
    const fileName: string = res.json().files[0].file_name;

    expect(await s3.keys()).toContain(`folders/${fileName}`);
    expect((await s3.keys()).filter((k) => k.startsWith('.tmp/'))).toEqual([]);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

    const whole = await t.as(GESTOR)({ method: 'GET', url: `/api/download/${fileName}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(content);
    const head = await t.as(GESTOR)({ method: 'HEAD', url: `/api/download/${fileName}` });
    expect(head.headers['content-length']).toBe(String(content.length));
    const part = await t.as(GESTOR)({
      method: 'GET',
      url: `/api/download/${fileName}`,
      headers: { range: 'bytes=5-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('56789');
    expect(part.headers['content-range']).toBe(`bytes 5-9/${content.length}`);
    const tail = await t.as(GESTOR)({
      method: 'GET',
      url: `/api/download/${fileName}`,
      headers: { range: 'bytes=-3' },
    });
    expect(tail.body).toBe('hij');
  });

  it('makes and keeps the smaller copies of a photo in the bucket', async () => {
    const banner = 'banners/demo-banner-boas-vindas.jpg';
    expect(await s3.keys()).toContain(banner);
    const small = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/files/${banner}?w=320` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await s3.keys()).toContain(variantKey(banner, 320));
  });

  it('keeps a resumable upload in the bucket: begun on one server, finished on another, then attached', async () => {
    const video = tinyMp4(4000);
    const created = await postUpload(
      t.as(DEMO.juridico),
      { ot: '700009', slot: '1', filename: 'doca.mp4' },
      video.length,
    );
    expect(created.statusCode, created.body).toBe(201);
    const url = String(created.headers.location);
    const id = url.split('/').pop() ?? '';
    const first = await patchUpload(t.as(DEMO.juridico), url, 0, video.subarray(0, 1500));
    expect(first.statusCode, first.body).toBe(204);
    expect(await s3.keys()).toContain(`${id}.info`);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    const other = await buildSiblingApp(t, { env: s3.env });
    try {
      const member = other.as(DEMO.juridico);
      expect((await member({ method: 'HEAD', url, headers: TUS })).headers['upload-offset']).toBe('1500');
      const last = await patchUpload(member, url, 1500, video.subarray(1500));
      expect(last.statusCode, last.body).toBe(200);
      const { attachment } = last.json();
      const name = attachment.filepath.split('/').pop();
      const keys = await s3.keys();
      expect(keys).toContain(`operation/${name}`);
      expect(keys.filter((k) => k.startsWith(id) || k.startsWith('.tmp/'))).toEqual([]);
      // The first app read this upload before; it knows it is gone all the same.
      expect((await t.as(DEMO.juridico)({ method: 'HEAD', url, headers: TUS })).statusCode).toBe(404);

      const part = await member({
        method: 'GET',
        url: `/api/${attachment.filepath}`,
        headers: { range: 'bytes=100-199' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
      expect(part.rawPayload.equals(Buffer.from(video.subarray(100, 200)))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('sweeps an unfinished upload older than a day out of the bucket', async () => {
    const member = t.as(DEMO.juridico);
    const created = await postUpload(member, { ot: '700010', slot: '1', filename: 'velho.mp4' }, 4000);
    expect(created.statusCode, created.body).toBe(201);
    const url = String(created.headers.location);
    const id = url.split('/').pop() ?? '';
    expect((await patchUpload(member, url, 0, tinyMp4(4000).subarray(0, 1000))).statusCode).toBe(204);
    const config = loadConfig({ DATA_DIR: t.dataDir, ...s3.env });
    expect(await sweepStaleUploads(config)).toBe(0);

    await s3.ageUploads(25);
    expect(await sweepStaleUploads(config)).toBeGreaterThan(0);
    expect((await s3.keys()).filter((k) => k.startsWith(id))).toEqual([]);
    expect((await member({ method: 'HEAD', url, headers: TUS })).statusCode).toBe(404);
  });
});

/** The object store stopped: what needs it answers 503 with the store's message; the rest works. */
it(`STORAGE=s3 with its server gone answers 503 "O armazenamento de arquivos não respondeu" to a download and an upload, never 500 or 400 (${TEST_DIALECT})`, async () => {
  const s3 = await startTestS3();
  const t = await buildTestApp({ env: s3.env });
  try {
    const folder = await createFolder(t.as(GESTOR), 'Antes da queda');
    const stored = await upload(t.as(GESTOR), folder, 'antes.txt', 'guardado');
    expect(stored.statusCode, stored.body).toBe(200);
    const fileName: string = stored.json().files[0].file_name;
    await s3.close();

    const download = await t.as(GESTOR)({ method: 'GET', url: `/api/download/${fileName}` });
    expect(download.statusCode, download.body).toBe(503);
    expect(download.json()).toEqual({ error: MSG.storageUnavailable });
    expect(download.headers['retry-after']).toBe('5');

    const sent = await upload(t.as(GESTOR), folder, 'depois.txt', 'perdido');
    expect(sent.statusCode, sent.body).toBe(503);
    expect(sent.json()).toEqual({ error: MSG.storageUnavailable });
    // Nothing half-written: the listing has the file of before only.
    const listing = await t.as(GESTOR)({ method: 'GET', url: `/api/get-items?selectID=${folder}` });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().files.map((f: { name: string }) => f.name)).toEqual(['antes.txt']);
  } finally {
    await t.close();
  }
});
