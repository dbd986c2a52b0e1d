import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { FAKE_EXE, multipart, OVERSIZED_PNG, TINY_PNG } from '../../../test/images.ts';

describe(`notices and banners API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const keyOf = (path: string) => path.replace(/^files\//, '');
  const stored = async (path: string | null) => (path ? Boolean(await t.storage.stat(keyOf(path))) : false);

  it('inserts a notice with an image; the home list shows it and the image is served', async () => {
    const res = await t.as(DEMO.analistaRh)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart(
        {
          text: 'Novo refeitório aberto na Matriz.',
          position: 1,
          userName: 'ignorado',
          setor: 'Recursos Humanos',
        },
        { bytes: TINY_PNG, name: 'refeitorio.png' },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { notice, message } = res.json();
    expect(message).toBe(MSG.noticeInserted);
    expect(notice).toMatchObject({ text: 'Novo refeitório aberto na Matriz.', position: 1 });
    expect(notice.img).toMatch(/^files\/notices\/[0-9a-f-]+\.png$/);
    const list = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-infoText' })).json();
    expect(list[0]).toEqual(notice);
    const img = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${notice.img}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
    const row = await t.db
      .selectFrom('notices')
      .select(['setor', 'user_id'])
      .where('id', '=', notice.id)
      .executeTakeFirstOrThrow();
    expect(row.setor).toBe('Recursos Humanos');
  });

  it('inserts a notice without an image (support in QSSMA would too; here the admin)', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart({ text: 'Sem imagem', position: 0 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().notice.img).toBeNull();
  });

  it.each([
    ['a renamed .exe', { bytes: FAKE_EXE, name: 'foto.png' }, 415, MSG.imageInvalidType],
    [
      'a GIF',
      {
        bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
        name: 'a.gif',
      },
      415,
      MSG.imageInvalidType,
    ],
    ['an image over 3 MB', { bytes: OVERSIZED_PNG, name: 'grande.png' }, 413, MSG.imageTooLarge],
  ])('refuses %s with the spec message and writes nothing', async (_n, file, status, message) => {
    const before = await t.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart({ text: 'x', position: 0 }, file),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    const banner = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/attach-banner',
      payload: multipart({}, file),
    });
    expect(banner.statusCode).toBe(status);
    expect(banner.json().error).toBe(message);
    const after = await t.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an image sent in another field than "file", keeping nothing', async () => {
    const before = await t.db.selectFrom('notices').select('id').execute();
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart(
        { text: 'Campo errado', position: 0 },
        { bytes: TINY_PNG, name: 'a.png', field: 'foto' },
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.invalidInput);
    expect(await t.db.selectFrom('notices').select('id').execute()).toHaveLength(before.length);
    const dir = (...parts: string[]) => path.join(t.dataDir, 'files', ...parts);
    expect(fs.existsSync(dir('.tmp')) ? fs.readdirSync(dir('.tmp')) : []).toEqual([]);
  });

  it('refuses an empty text or a wrong position', async () => {
    const empty = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart({ text: '  ', position: 0 }, { bytes: TINY_PNG, name: 'a.png' }),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Escreva o texto do aviso.');
    const pos = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/insert-Text',
      payload: multipart({ text: 'ok', position: 7 }),
    });
    expect(pos.statusCode).toBe(400);
    expect(pos.json().error).toBe('Escolha Retrato ou Paisagem.');
  });

  it('edits a notice: new text, new image; the old image leaves storage', async () => {
    const created = (
      await t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/insert-Text',
        payload: multipart({ text: 'Antes', position: 0 }, { bytes: TINY_PNG, name: 'a.png' }),
      })
    ).json().notice;
    expect(await stored(created.img)).toBe(true);
    const res = await t.as(DEMO.analistaRh)({
      method: 'PUT',
      url: `/api/notices/${created.id}`,
      payload: multipart({ text: 'Depois', position: 1 }, { bytes: TINY_PNG, name: 'b.png' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().notice;
    expect(edited).toMatchObject({ id: created.id, text: 'Depois', position: 1 });
    expect(edited.img).not.toBe(created.img);
    expect(await stored(created.img)).toBe(false);
    expect(await stored(edited.img)).toBe(true);
    const noImage = await t.as(DEMO.admin)({
      method: 'PUT',
      url: `/api/notices/${created.id}`,
      payload: multipart({ text: 'Depois', position: 1, removeImage: 1 }),
    });
    expect(noImage.json().notice.img).toBeNull();
    expect(await stored(edited.img)).toBe(false);
    const missing = await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/notices/999999',
      payload: multipart({ text: 'x', position: 1 }),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a notice and its image after the commit', async () => {
    const created = (
      await t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/insert-Text',
        payload: multipart({ text: 'Apagar', position: 0 }, { bytes: TINY_PNG, name: 'a.png' }),
      })
    ).json().notice;
    const res = await t.as(DEMO.analistaRh)({
      method: 'DELETE',
      url: '/api/deleteInfo',
      payload: { itemId: created.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.noticeDeleted });
    expect(await stored(created.img)).toBe(false);
    const again = await t.as(DEMO.admin)({
      method: 'DELETE',
      url: '/api/deleteInfo',
      payload: { itemId: created.id },
    });
    expect(again.statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'notice')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['notice.create', 'notice.update', 'notice.delete']),
    );
  });

  it('pages every notice newest first for /avisos, with ties kept in one order across pages', async () => {
    const same = '2020-01-01T12:00:00.000Z';
    for (let i = 0; i < 7; i++) {
      await t.db
        .insertInto('notices')
        .values({
          text: `Aviso antigo ${i}`,
          img: null,
          position: 0,
          setor: 'Recursos Humanos',
          user_id: null,
          // Four share one instant: the id breaks the tie.
          created_at: i < 4 ? same : `2019-0${i}-01T12:00:00.000Z`,
        })
        .execute();
    }
    const expected = (
      await t.db
        .selectFrom('notices')
        .select(['id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((n) => n.id);
    expect(expected.length).toBeGreaterThan(7);

    const seen: number[] = [];
    let cursor = '';
    for (let pages = 0; pages < 20; pages++) {
      const res = await t.as(DEMO.juridico)({
        method: 'GET',
        url: '/api/notices',
        query: { pageSize: '3', ...(cursor ? { cursor } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.rows.length).toBeLessThanOrEqual(3);
      seen.push(...body.rows.map((n: { id: number }) => n.id));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(expected);

    const first = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/notices' })).json();
    expect(first.rows[0]).toMatchObject({ id: expected[0] });
    expect(first.rows[0]).toHaveProperty('createdAt');
    expect(first.rows[0]).toHaveProperty('setor');
    const old = first.rows.find((n: { text: string }) => n.text === 'Aviso antigo 0');
    if (old) expect(old).toMatchObject({ createdAt: same, setor: 'Recursos Humanos', img: null });
  });

  it('refuses a forged cursor or page size with 400', async () => {
    const forged = await t.as(DEMO.juridico)({
      method: 'GET',
      url: '/api/notices',
      query: { cursor: 'bm90IGEgY3Vyc29y' },
    });
    expect(forged.statusCode).toBe(400);
    const big = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/notices', query: { pageSize: '500' } });
    expect(big.statusCode).toBe(400);
    expect(typeof big.json().error).toBe('string');
  });

  it('answers 404 when there are no notices', async () => {
    const all = await t.db.selectFrom('notices').select('id').execute();
    for (const n of all)
      await t.as(DEMO.admin)({ method: 'DELETE', url: '/api/deleteInfo', payload: { itemId: n.id } });
    const res = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-infoText' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(MSG.noNotices);
    // The Avisos screen's page is empty instead: no notice is not an error there.
    const page = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/notices' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ rows: [] });
  });

  it('sends and deletes a banner; its file is served, then removed', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/attach-banner',
      payload: multipart({}, { bytes: TINY_PNG, name: 'campanha-natal.png' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { banner, message } = res.json();
    expect(message).toBe(MSG.bannerSent);
    expect(banner).toMatchObject({
      alt: 'campanha natal',
      path: expect.stringMatching(/^files\/banners\/.+\.png$/),
    });
    const list = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/attach-banner' })).json();
    expect(list[0]).toEqual(banner);
    expect(await stored(banner.path)).toBe(true);
    const del = await t.as(DEMO.analistaRh)({
      method: 'DELETE',
      url: '/api/attach-banner',
      payload: { id: banner.id },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: MSG.bannerDeleted });
    expect(await stored(banner.path)).toBe(false);
    const none = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/attach-banner',
      payload: multipart({ alt: 'x' }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(MSG.fileMissing);
  });

  it.each([DEMO.juridico, DEMO.suporteTi, DEMO.gestorCompras])(
    'refuses %s (not support in RH/QSSMA nor admin) on every change',
    async (who) => {
      const calls = [
        {
          method: 'POST' as const,
          url: '/api/insert-Text',
          payload: multipart({ text: 'x', position: 0 }, { bytes: TINY_PNG, name: 'a.png' }),
        },
        { method: 'PUT' as const, url: '/api/notices/1', payload: multipart({ text: 'x', position: 0 }) },
        { method: 'DELETE' as const, url: '/api/deleteInfo', payload: { itemId: 1 } },
        {
          method: 'POST' as const,
          url: '/api/attach-banner',
          payload: multipart({}, { bytes: TINY_PNG, name: 'a.png' }),
        },
        { method: 'DELETE' as const, url: '/api/attach-banner', payload: { id: 1 } },
      ];
      for (const call of calls) {
        const res = await t.as(who)(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().error).toBe(MSG.forbidden);
      }
    },
  );
});
