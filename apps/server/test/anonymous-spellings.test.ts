import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@intranet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { buildTestApp, TEST_DIALECT, type TestApp } from './harness.ts';

/** A concrete path for a route pattern: 1 for every `:param`, x for the wildcard. */
const samplePath = (url: string) =>
  url
    .split('/')
    .map((s) => (s === '*' ? 'x' : s.startsWith(':') ? '1' : s))
    .join('/');

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
const isLetter = (c: string) => /[a-z]/i.test(c);

/** Every other way of writing a path that a router might still take for the same route. */
function spellings(path: string): string[] {
  const segments = path.split('/');
  const out = new Set<string>();
  // One letter percent-encoded, the first of each segment in turn (/%61pi/…, /api/%67et-infoText…).
  segments.forEach((segment, i) => {
    const at = [...segment].findIndex(isLetter);
    if (at < 0) return;
    const encoded = segment.slice(0, at) + encodeChar(segment[at]!) + segment.slice(at + 1);
    out.add(segments.map((s, j) => (j === i ? encoded : s)).join('/'));
  });
  // Every letter encoded, lower- and upper-case hex.
  out.add([...path].map((c) => (isLetter(c) ? encodeChar(c) : c)).join(''));
  out.add([...path].map((c) => (isLetter(c) ? encodeChar(c).toUpperCase() : c)).join(''));
  // Case.
  out.add(path.toUpperCase());
  out.add(segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('/'));
  out.add(path.replace('/api/', '/API/'));
  // Slashes.
  out.add(`/${path}`);
  out.add(path.replace('/api/', '/api//'));
  out.add(path.replaceAll('/', '//'));
  out.add(`${path}/`);
  out.add(`${path}//`);
  // Matrix (;) parameters.
  out.add(`${path};a=b`);
  out.add(path.replace('/api/', '/api;a=b/'));
  out.add(`${path}/;a=b`);
  // Dot segments.
  out.add(path.replace('/api/', '/api/./'));
  out.add(path.replace('/api/', '/x/../api/'));
  out.add(path.replace('/api/', '/%2e/api/'));
  out.delete(path);
  return [...out];
}

describe(`anonymous calls under every spelling of a route's path (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    t = await buildTestApp();
    routes = t.app.registeredRoutes.filter((r) => r.access !== 'public');
  });
  afterAll(() => t.close());

  it('lists the routes under test, among them the ones the probe found open', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/get-infoText', 'GET /api/files/*', 'HEAD /api/files/*']),
    );
  });

  it('answers 401 or 404, never anything else, to each spelling without a session', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const url of spellings(samplePath(route.url))) {
        calls++;
        const res = await t.app.inject({ method: route.method as InjectOptions['method'], url });
        if (res.statusCode !== 401 && res.statusCode !== 404)
          wrong.push(`${route.method} ${url} (${route.url}): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(calls).toBeGreaterThan(routes.length * 10);
    expect(wrong).toEqual([]);
  });

  it('answers the encoded spellings the probe used with 401', async () => {
    for (const url of ['/%61pi/get-infoText', '/%61pi/files/banners/demo-banner-boas-vindas.jpg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
    }
  });
});

describe(`the web app's files beside the guarded API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Intranet</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1);');
    t = await buildTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('declares the static files public and serves them without a session', async () => {
    expect(t.app.registeredRoutes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', url: '/assets/app.js', access: 'public' }),
      ]),
    );
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
  });

  it('answers a page of the web app with index.html, and any spelling of /api with the JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/chamados/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Intranet</title>');
    for (const url of ['/api/nao-existe', '/%61pi/nao-existe', '/API/nao-existe', '//api//x', '/api;a=b/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: MSG.apiNotFound });
    }
  });

  it('still refuses every guarded route under every spelling', async () => {
    const wrong: string[] = [];
    for (const route of t.app.registeredRoutes.filter((r) => r.access !== 'public')) {
      for (const url of [samplePath(route.url), ...spellings(samplePath(route.url))]) {
        const res = await t.app.inject({ method: route.method as InjectOptions['method'], url });
        if (res.statusCode !== 401 && res.statusCode !== 404)
          wrong.push(`${route.method} ${url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
