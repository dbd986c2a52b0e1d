import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../test/harness.ts';

/**
 * The web build served by app.ts: the precompressed copies the build writes beside each file
 * (apps/web/vite.config.ts), chosen by Accept-Encoding, and the cache policy (hashed assets a year,
 * index.html revalidated).
 */

const INDEX = `<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('Intranet '.repeat(500))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Writes `content` with its .br and .gz copies, the way the build does. */
function writeCompressed(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe(`web build serving (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-web-dist-'));
    writeCompressed(path.join(webDist, 'index.html'), INDEX);
    writeCompressed(path.join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('a hashed asset asked with Accept-Encoding %s comes as %s, cached a year', async (accept, encoding) => {
    const res = await get('/assets/index-AbC123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decode(encoding, res.rawPayload)).toBe(SCRIPT);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it.each(['/', '/login', '/setusers', '/tecnologia%20de%20informacao'])(
    'the page %s answers index.html, compressed, revalidated on every visit',
    async (url) => {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode('br', res.rawPayload)).toBe(INDEX);
    },
  );

  it('a hashed asset goes without the headers only a document uses; the page keeps them', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'etag',
      'last-modified',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    const page = await get('/login', 'br');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers.etag).toBeTruthy();
  });

  it('index.html revalidates with its ETag: an unchanged page answers 304 without a body', async () => {
    const first = await get('/login', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a file outside assets/ (the favicon) is not cached without revalidation', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    // No .br copy of it: sent as it is.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('unknown api paths still answer 404 JSON, not the web app', async () => {
    const res = await get('/api/nao-existe', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
  });
});
