import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from './harness.ts';
import { multipart } from './images.ts';

interface UploadRoute {
  method: 'POST' | 'PUT';
  url: string;
  as: string;
  fields: Record<string, string | number>;
}

/** Every route that takes a file, with fields that would otherwise be accepted. */
const UPLOAD_ROUTES: UploadRoute[] = [
  { method: 'POST', url: '/api/apps', as: DEMO.admin, fields: { name: 'App', address: 'https://x.com.br' } },
  { method: 'PUT', url: '/api/apps/1', as: DEMO.admin, fields: { name: 'App', address: 'https://x.com.br' } },
  { method: 'POST', url: '/api/insert-Text', as: DEMO.admin, fields: { text: 'Aviso', position: 0 } },
  { method: 'PUT', url: '/api/notices/1', as: DEMO.admin, fields: { text: 'Aviso', position: 0 } },
  { method: 'POST', url: '/api/attach-banner', as: DEMO.admin, fields: {} },
  { method: 'POST', url: '/api/changePictureProfile', as: DEMO.colaborador, fields: {} },
  // selectedFolderId: a folder made in beforeAll.
  { method: 'POST', url: '/api/files', as: DEMO.admin, fields: {} },
  {
    method: 'POST',
    url: '/api/insertCall',
    as: DEMO.juridico,
    fields: {
      problem: 'Computador',
      descript: 'Não liga.',
      dep: 'Tecnologia de Informacao',
      filial: 'Matriz',
    },
  },
  { method: 'POST', url: '/api/calls/2/answers', as: DEMO.juridico, fields: { msg: 'Segue anexo.' } },
];

describe(`an empty file part on every upload route (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let address: string;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await buildTestApp();
    // Over a real socket: the empty part hung there, not through app.inject.
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const folder = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/create-folder',
      payload: { folderName: 'Envios', parentFolderId: 1, isPrivate: 0 },
    });
    expect(folder.statusCode, folder.body).toBe(200);
    const filesRoute = UPLOAD_ROUTES.find((r) => r.url === '/api/files')!;
    filesRoute.fields.selectedFolderId = folder.json<{ lastInsertedId: number }>().lastInsertedId;
  });
  afterAll(() => t.close());

  const tokenOf = async (matricula: string) => {
    let token = tokens.get(matricula);
    if (!token) {
      token = await t.login(matricula);
      tokens.set(matricula, token);
    }
    return token;
  };

  const send = async (route: UploadRoute, type: string) => {
    const token = await tokenOf(route.as);
    const res = await fetch(`${address}${route.url}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}` },
      body: multipart(route.fields, { bytes: Buffer.alloc(0), name: 'vazio.png', type }),
      signal: AbortSignal.timeout(5000),
    });
    return { status: res.status, body: await res.text() };
  };

  const auditRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(UPLOAD_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers 400 "arquivo vazio" within 5 s',
    async (title, route) => {
      // Signing in writes audit rows: do it first.
      await tokenOf(route.as);
      await t.as(route.as)({ method: 'GET', url: '/api/get-sessionData' });
      const before = await auditRows();
      for (const type of ['image/png', 'application/pdf', 'application/octet-stream']) {
        const res = await send(route, type);
        expect(res.status, `${title} ${type}: ${res.body}`).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ error: MSG.uploadEmpty });
        const injected = await t.as(route.as)({
          method: route.method,
          url: route.url,
          payload: multipart(route.fields, { bytes: Buffer.alloc(0), name: 'vazio.png', type }),
        });
        expect(injected.statusCode, `${title} ${type} (inject): ${injected.body}`).toBe(400);
        expect(injected.json()).toEqual({ error: MSG.uploadEmpty });
      }
      expect(await auditRows()).toBe(before);
    },
    40_000,
  );
});
