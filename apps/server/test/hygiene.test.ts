import net from 'node:net';
import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MESSAGES, FRAMEWORK_MESSAGES } from '../src/platform/errors.ts';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';
import { TINY_PNG } from './images.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Every error text the server means to send: the messages of contracts and of the platform. */
const OUR_MESSAGES = new Set<string>([
  ...Object.values(MSG).flatMap((m) => (typeof m === 'string' ? [m] : [])),
  ...Object.values(FRAMEWORK_MESSAGES),
  ...Object.values(CLIENT_ERROR_MESSAGES),
]);

/** Sends raw bytes and answers the status and the JSON body of the reply. */
function raw(port: number, text: string): Promise<{ status: number; body: string; head: string }> {
  return new Promise((resolve) => {
    let out = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (d) => {
      out += d.toString('utf8');
    });
    const done = () => {
      const [head = '', ...rest] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n'), head });
    };
    socket.on('close', done);
    socket.on('error', () => {});
    setTimeout(() => socket.destroy(), 4000);
  });
}

const request = (line: string, headers: string[] = [], body = '') =>
  `${line}\r\nHost: intranet\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;

describe(`security hygiene (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers every malformed request with one of our Portuguese messages', async () => {
    const cases: [string, string][] = [
      ['path too long for a parameter', request(`GET /api/folders/${'1'.repeat(300)}/summary HTTP/1.1`)],
      ['path longer than the header limit', request(`GET /api/${'a'.repeat(20_000)} HTTP/1.1`)],
      ['malformed percent-encoding', request('GET /api/get-items?x=1 HTTP/1.1'.replace('get-items', '%zz'))],
      ['malformed percent-encoding in a parameter', request('GET /api/folders/%zz/summary HTTP/1.1')],
      ['unknown method', request('FOO /api/health HTTP/1.1')],
      ['method with no route', request('PROPFIND /api/health HTTP/1.1')],
      ['OPTIONS', request('OPTIONS /api/login HTTP/1.1')],
      ['unknown path', request('GET /api/nao-existe HTTP/1.1')],
      ['header with a space in its name', request('GET /api/health HTTP/1.1', ['Bad Header: x'])],
      [
        'both Content-Length and Transfer-Encoding',
        request('POST /api/login HTTP/1.1', ['Content-Length: 3', 'Transfer-Encoding: chunked'], '0\r\n\r\n'),
      ],
      [
        'bad JSON',
        request('POST /api/login HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 5'], '{bad}'),
      ],
      [
        'empty JSON',
        request('POST /api/login HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 0']),
      ],
      [
        'wrong content type',
        request('POST /api/login HTTP/1.1', ['Content-Type: text/xml', 'Content-Length: 4'], '<a/>'),
      ],
      [
        'body too large',
        request(
          'POST /api/login HTTP/1.1',
          ['Content-Type: application/json', 'Content-Length: 2000000'],
          '{}',
        ),
      ],
      [
        'JSON with __proto__',
        request(
          'POST /api/login HTTP/1.1',
          ['Content-Type: application/json', 'Content-Length: 28'],
          '{"__proto__":{"a":1},"b":12}',
        ),
      ],
    ];
    const wrong: string[] = [];
    for (const [name, text] of cases) {
      const res = await raw(port, text);
      let error: unknown;
      try {
        error = (JSON.parse(res.body) as { error?: unknown }).error;
      } catch {
        error = res.body;
      }
      if (!(res.status >= 400 && res.status < 500) || typeof error !== 'string' || !OUR_MESSAGES.has(error))
        wrong.push(`${name}: ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('marks every JSON answer no-store, and leaves files their own caching', async () => {
    const admin = t.as(DEMO.admin);
    for (const url of [
      '/api/get-sessionData',
      '/api/users?isAlter=1',
      '/api/get-infoText',
      '/api/nao-existe',
    ]) {
      const res = await admin({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/get-infoText' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const banner = await admin({ method: 'GET', url: '/api/files/banners/demo-banner-boas-vindas.jpg' });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('sends no HSTS over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves a ticket PDF as a download in a sandbox, and images inline in a sandbox', async () => {
    const form = new FormData();
    form.append('problem', 'Impressora');
    form.append('descript', 'Segue o manual.');
    form.append('dep', 'Tecnologia de Informação');
    form.append('filial', 'Matriz');
    form.append('files', new Blob([TINY_PNG], { type: 'image/png' }), 'erro.png');
    form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'manual técnico.pdf');
    const opened = await t.as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall', payload: form });
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = await t.as(DEMO.juridico)({
      method: 'GET',
      url: `/api/getSingleCall?id=${opened.json<{ id: number }>().id}`,
    });
    const [png, pdf] = detail.json<{ attachments: { filepath: string }[] }>().attachments;
    const pdfRes = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${pdf!.filepath}` });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-security-policy']).toBe('sandbox');
    expect(pdfRes.headers['content-disposition']).toMatch(/^attachment; filename="manual tecnico.pdf"/);
    const pngRes = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${png!.filepath}` });
    expect(pngRes.headers['content-security-policy']).toBe('sandbox');
    expect(pngRes.headers['content-disposition']).toBeUndefined();
  });
});

describe(`HSTS behind HTTPS (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: '1' } });
  });
  afterAll(() => t.close());

  it('sends Strict-Transport-Security when COOKIE_SECURE is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
