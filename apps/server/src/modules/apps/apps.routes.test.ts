import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { FAKE_EXE, multipart, OVERSIZED_PNG, TINY_PNG } from '../../../test/images.ts';

describe(`apps API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const names = async (who: string, search = '') =>
    (await t.as(who)({ method: 'GET', url: '/api/apps', query: { search } }))
      .json()
      .apps.map((a: { name: string }) => a.name);

  let appId = 0;

  it('adds an app with an image and sectors; a user of that sector sees it, another does not', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/apps',
      payload: multipart(
        {
          name: 'Portal de Rastreamento',
          address: 'https://rastreio.rotasul.com.br',
          setores: JSON.stringify(['Compras']),
        },
        { bytes: TINY_PNG, name: 'rastreio.png' },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { app, message } = res.json();
    expect(message).toBe(MSG.appCreated);
    expect(app).toMatchObject({
      name: 'Portal de Rastreamento',
      setores: ['Compras'],
      image: expect.stringMatching(/^files\/apps\/.+\.png$/),
    });
    appId = app.id;
    const img = await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/${app.image}` });
    expect(img.statusCode).toBe(200);

    expect(await names(DEMO.gestorCompras)).toContain('Portal de Rastreamento');
    expect(await names(DEMO.juridico)).not.toContain('Portal de Rastreamento');
    expect(await names(DEMO.admin)).toContain('Portal de Rastreamento');
    const mine = (await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/apps' })).json();
    expect(mine.canCreate).toBe(false);
    expect(mine.apps[0].abilities).toEqual({ update: false, delete: false, assignSectors: false });
  });

  it('searches by name on the server', async () => {
    await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/apps',
      payload: multipart({
        name: 'Folha de Ponto',
        address: 'http://ponto.local',
        setores: '["Recursos Humanos"]',
      }),
    });
    expect(await names(DEMO.admin, 'ponto')).toEqual(['Folha de Ponto']);
    expect(await names(DEMO.admin, 'RASTRE')).toEqual(['Portal de Rastreamento']);
    expect(await names(DEMO.juridico, 'ponto')).toEqual(['Folha de Ponto']);
  });

  it('assigns and removes sectors', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'PUT',
      url: `/api/apps/${appId}/sectors`,
      payload: { setores: ['Recursos Humanos', 'Operacao'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().app.setores).toEqual(['Operação', 'Recursos Humanos']);
    expect(await names(DEMO.juridico)).toContain('Portal de Rastreamento');
    expect(await names(DEMO.gestorCompras)).not.toContain('Portal de Rastreamento');
    const bad = await t.as(DEMO.admin)({
      method: 'PUT',
      url: `/api/apps/${appId}/sectors`,
      payload: { setores: ['Marketing'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Setores: "Marketing" não é um setor ativo.' });
  });

  it('edits an app and replaces its image; the old file leaves storage', async () => {
    const before = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/apps', query: { search: 'Rastre' } })
    ).json().apps[0];
    const res = await t.as(DEMO.admin)({
      method: 'PUT',
      url: `/api/apps/${appId}`,
      payload: multipart(
        { name: 'Rastreamento de Cargas', address: 'https://cargas.rotasul.com.br' },
        { bytes: TINY_PNG, name: 'novo.png' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().app).toMatchObject({
      name: 'Rastreamento de Cargas',
      setores: ['Operação', 'Recursos Humanos'],
    });
    expect(await t.storage.stat(before.image.replace('files/', ''))).toBeUndefined();
  });

  it.each([
    [{ name: '', address: 'https://a.b' }, 'Informe o nome do aplicativo.'],
    [{ name: 'X', address: 'javascript:alert(1)' }, 'Informe um endereço começando com http:// ou https://'],
    [{ name: 'X', address: 'https://a.b', setores: 'Compras' }, 'Lista de setores inválida.'],
  ])('refuses bad fields %j', async (fields, message) => {
    const res = await t.as(DEMO.admin)({ method: 'POST', url: '/api/apps', payload: multipart(fields) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('refuses a renamed .exe and an oversized image', async () => {
    const exe = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/apps',
      payload: multipart({ name: 'X', address: 'https://a.b' }, { bytes: FAKE_EXE, name: 'x.png' }),
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toBe(MSG.imageInvalidType);
    const big = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/apps',
      payload: multipart({ name: 'X', address: 'https://a.b' }, { bytes: OVERSIZED_PNG, name: 'x.png' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(MSG.imageTooLarge);
  });

  it.each([DEMO.gestorCompras, DEMO.juridico, DEMO.analistaRh])('refuses %s on every change', async (who) => {
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/apps',
        payload: multipart({ name: 'X', address: 'https://a.b' }),
      },
      {
        method: 'PUT' as const,
        url: `/api/apps/${appId}`,
        payload: multipart({ name: 'X', address: 'https://a.b' }),
      },
      { method: 'PUT' as const, url: `/api/apps/${appId}/sectors`, payload: { setores: [] } },
      { method: 'DELETE' as const, url: `/api/apps/${appId}` },
    ];
    for (const call of calls) {
      const res = await t.as(who)(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it('deletes an app, its sectors and its image', async () => {
    const before = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/apps', query: { search: 'Rastre' } })
    ).json().apps[0];
    const res = await t.as(DEMO.admin)({ method: 'DELETE', url: `/api/apps/${appId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.appDeleted);
    expect(await names(DEMO.admin, 'Rastre')).toEqual([]);
    expect(await names(DEMO.admin, 'Ponto')).toEqual(['Folha de Ponto']);
    expect(await t.storage.stat(before.image.replace('files/', ''))).toBeUndefined();
    const again = await t.as(DEMO.admin)({ method: 'DELETE', url: `/api/apps/${appId}` });
    expect(again.statusCode).toBe(404);
  });
});
