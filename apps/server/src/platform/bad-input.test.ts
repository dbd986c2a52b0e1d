import fs from 'node:fs';
import path from 'node:path';
import { MSG, OPERATION_UPLOAD_PATH } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { ENGLISH } from '../../test/portuguese.ts';

const PASSWORD = 'intranet123';
const TEN_KB = 'x'.repeat(10 * 1024);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

interface BadCase {
  name: string;
  method: Method;
  url: string;
  /** Signed in as this demo user (the Administrador when omitted); null: no session (public routes). */
  as?: string | null;
  payload?: unknown;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  expect?: number;
  /** The exact message, when the spec or the contracts fix it. */
  message?: string;
}

function expectPortugueseError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = res.json<{ error?: unknown }>();
  expect(typeof body.error, label).toBe('string');
  const error = body.error as string;
  expect(error.trim().length, label).toBeGreaterThan(0);
  expect(error, label).not.toMatch(ENGLISH);
}

const json = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

/** Malformed bodies every JSON route must refuse before its handler runs. */
const MALFORMED_BODIES = [
  {
    name: 'invalid JSON',
    ...json('{"a":'),
    expect: 400,
    message: 'O corpo da requisição não é um JSON válido.',
  },
  { name: 'empty JSON body', ...json(''), expect: 400, message: 'O corpo da requisição está vazio.' },
  {
    name: 'XML body',
    payload: '<a>1</a>',
    headers: { 'content-type': 'application/xml' },
    expect: 415,
    message: 'Tipo de conteúdo não suportado.',
  },
  {
    name: 'urlencoded form',
    payload: 'a=1&b=2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expect: 415,
    message: 'Tipo de conteúdo não suportado.',
  },
];

/** Wrong shapes for a JSON body whose fields are all strings: each must be refused with 400. */
function wrongShapes(fields: Record<string, string>): { name: string; payload: unknown }[] {
  const keys = Object.keys(fields);
  const out: { name: string; payload: unknown }[] = [
    { name: 'no body', payload: undefined },
    { name: 'empty object', payload: {} },
    { name: 'JSON array', payload: [fields] },
    { name: 'JSON null', payload: 'null' },
    { name: 'JSON string', payload: '"texto"' },
    { name: 'text/plain body', payload: new URLSearchParams(fields).toString() },
  ];
  for (const key of keys) {
    const { [key]: _dropped, ...rest } = fields;
    out.push({ name: `missing ${key}`, payload: rest });
    out.push({ name: `${key} as a number`, payload: { ...fields, [key]: 123456 } });
    out.push({ name: `${key} as an array`, payload: { ...fields, [key]: [fields[key]] } });
    out.push({ name: `${key} as an object`, payload: { ...fields, [key]: { v: fields[key] } } });
    out.push({ name: `${key} as null`, payload: { ...fields, [key]: null } });
    out.push({ name: `${key} empty`, payload: { ...fields, [key]: '' } });
    out.push({ name: `${key} of 10 kB`, payload: { ...fields, [key]: TEN_KB } });
  }
  return out;
}

type ExactCase = Omit<BadCase, 'method' | 'url' | 'as'>;

/** Exact cases of one JSON route, then every wrong shape of its valid body, then malformed bodies. */
function jsonRouteCases(
  method: Method,
  url: string,
  as: string | null,
  valid: Record<string, string>,
  exact: ExactCase[] = [],
): BadCase[] {
  const shapes: BadCase[] = wrongShapes(valid).map((s) => {
    const textual = typeof s.payload === 'string';
    const plain = s.name === 'text/plain body';
    return {
      name: s.name,
      method,
      url,
      as,
      payload: s.payload,
      headers: plain
        ? { 'content-type': 'text/plain' }
        : textual
          ? { 'content-type': 'application/json' }
          : undefined,
    };
  });
  const malformed: BadCase[] = MALFORMED_BODIES.map((m) => ({ ...m, method, url, as }));
  return [...exact.map((e) => ({ ...e, method, url, as })), ...shapes, ...malformed];
}

const CASES: BadCase[] = [
  ...jsonRouteCases('POST', '/api/login', null, { username: DEMO.admin, password: PASSWORD }, [
    { name: 'no user', payload: { password: PASSWORD }, message: MSG.loginUserRequired },
    { name: 'blank user', payload: { username: '   ', password: 'x' }, message: MSG.loginUserRequired },
    { name: 'no password', payload: { username: DEMO.admin }, message: MSG.loginPasswordRequired },
    {
      name: 'user of 12 characters (spec: max 11)',
      payload: { username: '123456789012', password: 'x' },
      message: MSG.loginUserTooLong,
    },
    {
      name: 'a 2 MB body',
      payload: { username: DEMO.admin, password: 'x'.repeat(2 * 1024 * 1024) },
      expect: 413,
      message: 'O corpo da requisição é grande demais.',
    },
  ]),
  ...jsonRouteCases('POST', '/api/sendCode', null, { registration: DEMO.admin }),
  ...jsonRouteCases('POST', '/api/checkCode', null, { registration: DEMO.admin, code: '123456' }, [
    {
      name: 'code of 5 digits',
      payload: { registration: DEMO.admin, code: '12345' },
      message: MSG.recoveryCodeFormat,
    },
    {
      name: 'code of 7 digits',
      payload: { registration: DEMO.admin, code: '1234567' },
      message: MSG.recoveryCodeFormat,
    },
    {
      name: 'code with letters',
      payload: { registration: DEMO.admin, code: '12a456' },
      message: MSG.recoveryCodeFormat,
    },
    {
      name: 'code as a number',
      payload: { registration: DEMO.admin, code: 123456 },
      message: MSG.recoveryCodeFormat,
    },
  ]),
  ...jsonRouteCases(
    'PUT',
    '/api/updatepassword',
    null,
    { registration: DEMO.admin, password: 'novaSenha123' },
    [
      {
        name: 'password of 5 characters',
        payload: { registration: DEMO.admin, password: '12345' },
        message: MSG.passwordTooShort,
      },
    ],
  ),
  ...jsonRouteCases(
    'PUT',
    '/api/me/password',
    DEMO.admin,
    { oldPassword: PASSWORD, newPassword: 'novaSenha123' },
    [
      {
        name: 'new password of 5 characters',
        payload: { oldPassword: PASSWORD, newPassword: '12345' },
        message: MSG.passwordTooShort,
      },
    ],
  ),
  ...jsonRouteCases(
    'PUT',
    '/api/me',
    DEMO.admin,
    { email: 'carlos.mendes@rotasul.com.br', tell: '11987654321' },
    [
      {
        name: 'not an e-mail',
        payload: { email: 'carlos', tell: null },
        message: 'Informe um e-mail válido.',
      },
      // Empty or null clears a contact field (tested in auth.profile.test.ts): not bad input.
    ],
  ).filter((c) => !/^(email|tell) (empty|as null)$/.test(c.name)),
  ...jsonRouteCases('PUT', '/api/users/policy', DEMO.admin, {}, [
    { name: 'no policyAccepted', payload: {}, message: MSG.policyAcceptError },
    { name: 'policyAccepted 0', payload: { policyAccepted: 0 }, message: MSG.policyAcceptError },
    { name: 'policyAccepted "1" (text)', payload: { policyAccepted: '1' }, message: MSG.policyAcceptError },
    { name: 'policyAccepted of 10 kB', payload: { policyAccepted: TEN_KB } },
    { name: 'userId not a number', payload: { userId: 'abc', policyAccepted: 1 } },
    { name: 'userId negative', payload: { userId: -1, policyAccepted: 1 } },
    { name: 'userId of 10 kB', payload: { userId: TEN_KB, policyAccepted: 1 } },
  ]),

  // Found by the campaign (test/bad-input-campaign.test.ts): 500s on PostgreSQL.
  {
    name: 'NUL inside the user (PostgreSQL cannot hold it)',
    method: 'POST',
    url: '/api/login',
    as: null,
    payload: { username: '10\u000001', password: 'x' },
    message: MSG.invalidText,
  },
  {
    name: 'NUL inside a query value',
    method: 'GET',
    url: '/api/apps?search=a%00b',
    message: MSG.invalidText,
  },
  {
    name: 'an id past the 32-bit integer of the database',
    method: 'DELETE',
    url: '/api/deleteInfo',
    payload: { itemId: 2_147_483_648 },
    message: 'Aviso inválido.',
  },
  { name: 'a path id past the 32-bit integer', method: 'DELETE', url: '/api/apps/2147483648' },
  { name: 'a query id past the 32-bit integer', method: 'GET', url: '/api/getSingleCall?id=2147483648' },

  // Query strings (GET sends the payload as query, spec §7).
  { name: 'no password', method: 'GET', url: '/api/checkpassword', message: MSG.loginPasswordRequired },
  {
    name: 'empty password',
    method: 'GET',
    url: '/api/checkpassword',
    query: { password: '' },
    message: MSG.loginPasswordRequired,
  },
  { name: 'password of 10 kB', method: 'GET', url: '/api/checkpassword', query: { password: TEN_KB } },
  {
    name: 'password twice',
    method: 'GET',
    url: '/api/checkpassword',
    query: { password: [PASSWORD, PASSWORD] },
  },
  {
    name: 'userId not a number',
    method: 'GET',
    url: '/api/checkpassword',
    query: { password: PASSWORD, userId: 'abc' },
  },
  {
    name: 'userId of 10 kB',
    method: 'GET',
    url: '/api/checkpassword',
    query: { password: PASSWORD, userId: TEN_KB },
  },

  // Multipart photo upload.
  {
    name: 'JSON instead of multipart',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: { file: 'x' },
    expect: 415,
    message: 'O envio deve ser multipart/form-data.',
  },
  {
    name: 'text instead of multipart',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: 'foto',
    headers: { 'content-type': 'text/plain' },
    expect: 415,
    message: 'O envio deve ser multipart/form-data.',
  },
  {
    name: 'no body',
    method: 'POST',
    url: '/api/changePictureProfile',
    expect: 415,
    message: 'O envio deve ser multipart/form-data.',
  },
  ...MALFORMED_BODIES.slice(0, 2).map((m) => ({
    ...m,
    method: 'POST' as const,
    url: '/api/changePictureProfile',
  })),
  {
    name: 'multipart without a boundary',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: 'qualquer coisa',
    headers: { 'content-type': 'multipart/form-data' },
  },
  {
    name: 'multipart body cut inside the file',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload:
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    message: 'Não foi possível ler o arquivo enviado.',
  },
  {
    name: 'multipart body cut after 10 kB of the file',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: `--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n${TEN_KB}`,
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    message: 'Não foi possível ler o arquivo enviado.',
  },
  {
    name: 'an empty file (it hung: no answer at all)',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload:
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--XYZ--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    message: 'O arquivo enviado está vazio.',
  },
  {
    name: 'a NUL inside a form field',
    method: 'POST',
    url: '/api/insert-Text',
    payload: (() => {
      const f = new FormData();
      f.append('text', 'aviso\u0000oculto');
      return f;
    })(),
    message: MSG.invalidText,
  },
  {
    name: 'multipart with garbage between boundaries',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: '--XYZ\r\nlixo sem cabeçalhos\r\n--XYZ--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
  },
  {
    name: 'only a 10 kB text field',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: (() => {
      const f = new FormData();
      f.append('file', TEN_KB);
      return f;
    })(),
    message: MSG.fileMissing,
  },
  {
    name: 'two files',
    method: 'POST',
    url: '/api/changePictureProfile',
    payload: (() => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      const f = new FormData();
      f.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      f.append('file2', new Blob([png], { type: 'image/png' }), 'b.png');
      return f;
    })(),
  },

  // Staff files.
  { name: 'key of 10 kB', method: 'GET', url: `/api/files/banners/${TEN_KB}.jpg` },
  {
    name: 'path traversal (encoded)',
    method: 'GET',
    url: '/api/files/..%2F..%2Fetc%2Fpasswd',
    expect: 404,
    message: 'Arquivo não encontrado.',
  },
  {
    name: 'path traversal inside a prefix',
    method: 'GET',
    url: '/api/files/banners/..%2F..%2Ftest.sqlite',
    expect: 404,
  },
  { name: 'a prefix that is not a staff folder', method: 'GET', url: '/api/files/outbox/x.eml', expect: 404 },
  {
    name: 'an unknown file',
    method: 'GET',
    url: '/api/files/banners/nao-existe.jpg',
    expect: 404,
    message: 'Arquivo não encontrado.',
  },
  {
    name: 'a range outside the file',
    method: 'GET',
    url: '/api/files/banners/demo-banner-boas-vindas.jpg',
    headers: { range: 'bytes=99999999-' },
    expect: 416,
    message: 'Intervalo solicitado inválido.',
  },
];

describe(`bad input answers a Portuguese 4xx, never a 500 (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const call = async (c: BadCase) => {
    const as = c.as === undefined ? DEMO.admin : c.as;
    const opts: InjectOptions = {
      method: c.method,
      url: c.url,
      query: c.query,
      headers: { ...c.headers },
      payload: c.payload as InjectOptions['payload'],
    };
    return as ? t.as(as)(opts) : t.app.inject(opts);
  };

  it.each(CASES.map((c) => [`${c.method} ${c.url.slice(0, 60)}: ${c.name}`, c] as const))(
    '%s',
    async (label, c) => {
      const res = await call(c);
      expectPortugueseError(res, label);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(c.expect ?? 400);
      if (c.message) expect(res.json().error).toBe(c.message);
    },
  );

  it('changed nothing: the Administrador keeps password, contact, photo and session', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO.admin, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const data = await t.as(DEMO.admin)({ method: 'GET', url: '/api/get-sessionData' });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({
      email: 'carlos.mendes@rotasul.com.br',
      tell: '11987654321',
      pictureProfile: null,
      policyAccepted: 1,
    });
    const tmp = path.join(t.dataDir, 'files', '.tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'profile'))).toBe(false);
  });

  it('every registered mutation refuses malformed bodies before its handler', async () => {
    const wrong: string[] = [];
    // The resumable upload routes speak the tus protocol (raw bytes and Upload-* headers), not JSON:
    // operations.routes.test.ts sends them bad headers and bad bytes.
    const mutations = t.app.registeredRoutes.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.url.startsWith(OPERATION_UPLOAD_PATH),
    );
    expect(mutations.length).toBeGreaterThan(0);
    for (const route of mutations) {
      const url = route.url
        .split('/')
        .map((s) => (s === '*' ? 'x' : s.startsWith(':') ? '1' : s))
        .join('/');
      for (const m of MALFORMED_BODIES) {
        const opts: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          payload: m.payload,
          headers: m.headers,
        };
        const res = route.access === 'public' ? await t.app.inject(opts) : await t.as(DEMO.admin)(opts);
        const body = String(res.headers['content-type']).includes('json') ? res.json() : {};
        if (res.statusCode !== m.expect || body.error !== m.message || ENGLISH.test(String(body.error)))
          wrong.push(`${route.method} ${route.url} [${m.name}]: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
