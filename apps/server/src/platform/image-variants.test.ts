import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { variantKey } from './image-variants.ts';

const BANNER = 'banners/demo-banner-boas-vindas.jpg';

describe(`smaller WebP copies of stored photos (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.as(DEMO.juridico)({ method: 'GET', url });

  it('serves a photo as WebP at most the asked width, smaller than the upload, and keeps the copy', async () => {
    const original = await get(`/api/files/${BANNER}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');

    const small = await get(`/api/files/${BANNER}?w=640`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toContain('immutable');
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length / 3);
    expect(await t.storage.stat(variantKey(BANNER, 640))).toBeDefined();

    const again = await get(`/api/files/${BANNER}?w=640`);
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
  });

  it('serves an AVIF copy when asked, smaller still', async () => {
    const webp = await get(`/api/files/${BANNER}?w=1280`);
    const avif = await get(`/api/files/${BANNER}?w=1280&f=avif`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    const meta = await sharp(avif.rawPayload).metadata();
    expect(meta.format).toBe('heif');
    expect(meta.width).toBe(1280);
    expect(avif.rawPayload.length).toBeLessThan(webp.rawPayload.length);
    expect((await get(`/api/files/${BANNER}?w=1280&f=gif`)).statusCode).toBe(400);
  });

  it('never makes a photo larger than it was uploaded', async () => {
    const res = await get(`/api/files/${BANNER}?w=1600`);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    const notice = await t.db
      .selectFrom('notices')
      .select('img')
      .where('img', 'is not', null)
      .executeTakeFirstOrThrow();
    const key = notice.img!.replace(/^files\//, '');
    const [width] = [(await sharp((await get(`/api/files/${key}`)).rawPayload).metadata()).width!];
    const big = await get(`/api/files/${key}?w=1600`);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(Math.min(width, 1600));
  });

  it('answers range requests on a copy, like on any stored file', async () => {
    const res = await t.as(DEMO.juridico)({
      method: 'GET',
      url: `/api/files/${BANNER}?w=320`,
      headers: { range: 'bytes=0-11' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('refuses a width that is not offered, and a missing photo stays 404', async () => {
    const odd = await get(`/api/files/${BANNER}?w=641`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toMatch(/[a-zà-ú]/i);
    const missing = await get('/api/files/banners/nao-existe.jpg?w=640');
    expect(missing.statusCode).toBe(404);
    expect(await t.storage.stat(variantKey('banners/nao-existe.jpg', 640))).toBeUndefined();
  });

  it('keeps the copies out of reach by their own key', async () => {
    await get(`/api/files/${BANNER}?w=320`);
    const direct = await get(`/api/files/${variantKey(BANNER, 320)}`);
    expect(direct.statusCode).toBe(404);
  });

  it('removes the copies with the photo', async () => {
    const list = await t.as(DEMO.admin)({ method: 'GET', url: '/api/attach-banner' });
    const banner = list.json().find((b: { path: string }) => b.path.endsWith('demo-banner-resultados.jpg'));
    const key = banner.path.replace(/^files\//, '');
    expect((await get(`/api/files/${key}?w=960`)).statusCode).toBe(200);
    expect((await get(`/api/files/${key}?w=320&f=avif`)).statusCode).toBe(200);
    expect(await t.storage.stat(variantKey(key, 960))).toBeDefined();
    expect(await t.storage.stat(variantKey(key, 320, 'avif'))).toBeDefined();
    const del = await t.as(DEMO.admin)({
      method: 'DELETE',
      url: '/api/attach-banner',
      payload: { id: banner.id },
    });
    expect(del.statusCode).toBe(200);
    expect(await t.storage.stat(key)).toBeUndefined();
    expect(await t.storage.stat(variantKey(key, 960))).toBeUndefined();
    expect(await t.storage.stat(variantKey(key, 320, 'avif'))).toBeUndefined();
  });
});
