import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { ADMIN, createFolder, GESTOR, upload } from '../modules/folders/folders.routes.fixture.ts';

/** Decision 0113: JSON answers compressed for clients that accept it; stored files as they are. */
describe(`compressed answers (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let fileName: string;
  const content = 'linha de texto que se repete\n'.repeat(200);

  beforeAll(async () => {
    t = await buildTestApp();
    const folder = await createFolder(t.as(GESTOR), 'Compressão');
    fileName = (await upload(t.as(GESTOR), folder, 'texto.txt', content)).json().files[0].file_name;
  });
  afterAll(() => t.close());

  /** A page of the demo's fines: 43 columns × 50 rows, well over the 1 kB threshold. */
  const fines = (headers: Record<string, string>) =>
    t.as(ADMIN)({ method: 'GET', url: '/api/fines?pageSize=50', headers });

  it('a list goes brotli or gzip as the client accepts, the same JSON as plain, and plain to a client that asks none', async () => {
    const plain = await fines({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await fines({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const fromBr = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(fromBr)).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await fines({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('an answer under 1 kB goes plain', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a stored text file goes as stored, its length and byte ranges intact', async () => {
    const whole = await t.as(GESTOR)({
      method: 'GET',
      url: `/api/download/${fileName}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toBe(content);
    const part = await t.as(GESTOR)({
      method: 'GET',
      url: `/api/download/${fileName}`,
      headers: { 'accept-encoding': 'gzip, br', range: 'bytes=0-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe('linha');
  });
});
