import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';

/** What a lenient parser reads as the number 2 (or 7, 1000, 1): none is a JSON number. */
const NOT_NUMBERS: unknown[] = ['2', '0x2', ' 7 ', '1e3', true, [2], '1', 2.5];

/** Every JSON body field that holds an id or another integer, in a payload that is otherwise valid. */
const BODY_FIELDS: {
  method: InjectOptions['method'];
  url: string;
  field: string;
  payload: Record<string, unknown>;
}[] = [
  { method: 'DELETE', url: '/api/deleteInfo', field: 'itemId', payload: {} },
  { method: 'DELETE', url: '/api/attach-banner', field: 'id', payload: {} },
  { method: 'DELETE', url: '/api/dropItem', field: 'id', payload: { tipo: 'pdf' } },
  { method: 'POST', url: '/api/renameFolder', field: 'itemId', payload: { itemName: 'Renomeada' } },
  { method: 'POST', url: '/api/renameFile', field: 'itemId', payload: { itemName: 'renomeado.pdf' } },
  { method: 'POST', url: '/api/create-folder', field: 'parentFolderId', payload: { folderName: 'Nova' } },
  {
    method: 'POST',
    url: '/api/check-folder-existence',
    field: 'parentFolderId',
    payload: { folderName: 'Nova' },
  },
  { method: 'POST', url: '/api/setPermitionFolder', field: 'itemId', payload: { privilegio: 1 } },
  { method: 'POST', url: '/api/setPermitionFolder', field: 'privilegio', payload: { itemId: 3 } },
  { method: 'POST', url: '/api/shareFolder', field: 'folderId', payload: { userId: 3 } },
  { method: 'POST', url: '/api/shareFolder', field: 'userId', payload: { folderId: 3 } },
  { method: 'POST', url: '/api/noShareFolder', field: 'userId', payload: { folderId: 3 } },
  { method: 'PUT', url: '/api/setCall', field: 'id', payload: { status: 1 } },
  { method: 'PUT', url: '/api/setCall', field: 'status', payload: { id: 1 } },
  {
    method: 'PUT',
    url: '/api/users',
    field: 'userId',
    payload: { setores: ['RH'], filiais: ['Matriz'], privilegio: 3, suport: 0 },
  },
  {
    method: 'PUT',
    url: '/api/users',
    field: 'privilegio',
    payload: { userId: 3, setores: ['RH'], filiais: ['Matriz'], suport: 0 },
  },
  {
    method: 'PUT',
    url: '/api/users',
    field: 'suport',
    payload: { userId: 3, setores: ['RH'], filiais: ['Matriz'], privilegio: 3 },
  },
  { method: 'PUT', url: '/api/users/password', field: 'userId', payload: { senha: 'nova-senha-1' } },
  { method: 'POST', url: '/api/dropUser', field: 'userId', payload: {} },
  { method: 'PUT', url: '/api/users/policy', field: 'userId', payload: { policyAccepted: 1 } },
  {
    method: 'POST',
    url: '/api/users',
    field: 'privilegio',
    payload: { nome: 'Novo', matricula: '4321', senha: 'senha-nova-1' },
  },
  {
    method: 'POST',
    url: '/api/calls/1/materials',
    field: 'qnt',
    payload: {},
  },
];

/** The payload with the field under test set to a value (materials nest it in an item). */
function withValue(entry: (typeof BODY_FIELDS)[number], value: unknown): Record<string, unknown> {
  if (entry.field === 'qnt') return { items: [{ item_name: 'Cabo', measure: 'unidades', qnt: value }] };
  return { ...entry.payload, [entry.field]: value };
}

/** Query strings and path parameters: digits are fine, nothing else is. */
const NOT_DIGITS = ['0x2', '%207%20', '1e3', 'true', '-1', '2.0', '', '%2B2'];
const QUERY_URLS: ((v: string) => string)[] = [
  (v) => `/api/getSingleCall?id=${v}`,
  (v) => `/api/getListMaterials?chamado_id=${v}`,
  (v) => `/api/get-accessFolder?folderId=${v}`,
  (v) => `/api/getUsers?folderId=${v}`,
  (v) => `/api/get-items?selectID=${v}`,
  (v) => `/api/users?isAlter=1&page=${v}`,
  (v) => `/api/users?isAlter=${v}`,
  (v) => `/api/apps?pageSize=${v}`,
  (v) => `/api/calls?page=${v}`,
  (v) => `/api/calls?status=${v}`,
  (v) => `/api/folders/${v}/summary`,
  (v) => `/api/calls/${v}/attachments/1`,
  (v) => `/api/checkpassword?password=x&userId=${v}`,
];

describe(`ids and integers are never coerced (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const auditRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    await t.as(DEMO.admin)({ method: 'GET', url: '/api/me' });
  });
  afterAll(() => t.close());

  it("refuses the probe's payloads and deletes nothing", async () => {
    const admin = t.as(DEMO.admin);
    const cases: [string, Record<string, unknown>][] = [
      ['/api/deleteInfo', { itemId: '0x2' }],
      ['/api/deleteInfo', { itemId: [2] }],
      ['/api/deleteInfo', { itemId: ' 2 ' }],
      ['/api/dropItem', { id: true, tipo: 'pdf' }],
      ['/api/attach-banner', { id: true }],
    ];
    for (const [url, payload] of cases) {
      const res = await admin({ method: 'DELETE', url, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    }
    const notice = await t.db.selectFrom('notices').select('id').where('id', '=', 2).executeTakeFirst();
    const banner = await t.db.selectFrom('banners').select('id').where('id', '=', 1).executeTakeFirst();
    const file = await t.db.selectFrom('folder_files').select('id').where('id', '=', 1).executeTakeFirst();
    expect({ notice, banner, file }).toEqual({ notice: { id: 2 }, banner: { id: 1 }, file: { id: 1 } });
  });

  it('answers 400 to each body integer sent as anything but a JSON number, and changes nothing', async () => {
    const admin = t.as(DEMO.admin);
    const before = await auditRows();
    const wrong: string[] = [];
    for (const entry of BODY_FIELDS) {
      for (const value of NOT_NUMBERS) {
        const res = await admin({ method: entry.method, url: entry.url, payload: withValue(entry, value) });
        if (res.statusCode !== 400)
          wrong.push(
            `${entry.method} ${entry.url} ${entry.field}=${JSON.stringify(value)}: ${res.statusCode}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('answers 400 to query and path integers that are not plain digits, and takes the digits', async () => {
    const admin = t.as(DEMO.admin);
    const wrong: string[] = [];
    for (const url of QUERY_URLS) {
      for (const value of NOT_DIGITS) {
        const res = await admin({ method: 'GET', url: url(value) });
        if (res.statusCode !== 400) wrong.push(`${url(value)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await admin({ method: 'GET', url: '/api/getSingleCall?id=1' })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/getSingleCall?id=001' })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/users?isAlter=1&page=1&pageSize=10' })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 to a multipart id that is not plain digits', async () => {
    const before = await auditRows();
    const form = new FormData();
    form.append('selectedFolderId', '0x3');
    form.append('file', new Blob([Buffer.from('conteúdo')], { type: 'text/plain' }), 'nota.txt');
    const res = await t.as(DEMO.admin)({ method: 'POST', url: '/api/files', payload: form });
    expect(res.statusCode, res.body).toBe(400);
    const notice = new FormData();
    notice.append('text', 'Aviso');
    notice.append('position', ' 1 ');
    const noticeRes = await t.as(DEMO.admin)({ method: 'POST', url: '/api/insert-Text', payload: notice });
    expect(noticeRes.statusCode, noticeRes.body).toBe(400);
    expect(await auditRows()).toBe(before);
  });
});
