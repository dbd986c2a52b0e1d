import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { NO_ROUTE } from './metrics.ts';

const TOKEN = 'segredo-do-prometheus-123';

/** The value of one sample of the exposition text, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string | number>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2]!.split(',');
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe(`GET /metrics (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    bare = await buildTestApp({ seedDemo: false });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 404 without METRICS_TOKEN, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG.apiNotFound });
    }
  });

  it('answers 401 without the token or with a wrong one (a session token is no metrics token)', async () => {
    const session = await t.token(DEMO.admin);
    for (const authorization of [
      undefined,
      'Bearer errado',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${session}`,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: MSG.unauthenticated });
    }
  });

  it('gives Prometheus text to the token: a request moves its counter, labelled by the route pattern', async () => {
    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('text/plain');
    const series = { method: 'GET', route: '/api/purchases/:id', status_code: 401 };
    const counted = sample(before.body, 'intranet_http_requests_total', series);

    await t.app.inject({ method: 'GET', url: '/api/purchases/123' });
    await t.app.inject({ method: 'GET', url: '/api/purchases/456' });
    await t.app.inject({ method: 'GET', url: '/api/nada-aqui/789' });

    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, 'intranet_http_requests_total', series)).toBe(counted + 2);
    expect(
      sample(after, 'intranet_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/purchases/:id',
      }),
    ).toBeGreaterThanOrEqual(2);
    // Never the URL as sent: an unknown path counts under one label.
    expect(after).not.toContain('/api/purchases/123');
    expect(after).not.toContain('nada-aqui');
    expect(
      sample(after, 'intranet_http_requests_total', { route: NO_ROUTE, status_code: 404 }),
    ).toBeGreaterThan(0);
    // Node's own metrics, and PostgreSQL's pool where there is one.
    expect(after).toContain('process_resident_memory_bytes');
    if (TEST_DIALECT === 'postgres') {
      expect(after).toMatch(/^intranet_db_pool_connections\{state="total"\} [1-9]/m);
    } else {
      expect(after).not.toContain('intranet_db_pool_connections');
    }
  });
});
