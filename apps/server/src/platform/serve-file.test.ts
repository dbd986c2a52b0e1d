import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';

/** A stored file of the demo company (seed/demo-seed.ts), served by sendStoredFile. */
const URL = '/api/files/banners/demo-banner-boas-vindas.jpg';

describe(`stored files: suffix byte ranges (RFC 9110 §14.1.3) (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let whole: Buffer;
  const get = (range: string) => t.as(DEMO.gestorCompras)({ method: 'GET', url: URL, headers: { range } });

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.as(DEMO.gestorCompras)({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    whole = res.rawPayload;
    expect(whole.length).toBeGreaterThan(100);
  });
  afterAll(() => t.close());

  it('a suffix longer than the file answers the whole file as one range', async () => {
    for (const range of [
      `bytes=-${whole.length + 1}`,
      'bytes=-99999999999',
      'bytes= -99999999999999999999999',
    ]) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-${whole.length - 1}/${whole.length}`);
      expect(res.headers['content-length']).toBe(String(whole.length));
      expect(res.rawPayload.equals(whole)).toBe(true);
    }
    // Exactly the file's length, and a shorter one, as before.
    expect((await get(`bytes=-${whole.length}`)).rawPayload.equals(whole)).toBe(true);
    const tail = await get('bytes=-10');
    expect(tail.headers['content-range']).toBe(
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    );
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
  });

  it('a suffix of zero bytes is unsatisfiable: 416 in Portuguese', async () => {
    const res = await get('bytes=-0');
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect(res.json()).toEqual({ error: 'Intervalo solicitado inválido.' });
  });
});
