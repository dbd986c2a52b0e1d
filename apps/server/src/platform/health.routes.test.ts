import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../test/harness.ts';

describe(`health (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database in use, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: TEST_DIALECT });
  });

  it('sends the security headers and a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown api paths with 404 JSON in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
  });
});
