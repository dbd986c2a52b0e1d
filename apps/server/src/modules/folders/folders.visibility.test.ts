import { folderVisibleTo } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  ADMIN,
  COLAB,
  createFolder,
  folderRouteTests,
  GESTOR,
  type Listed,
  list,
  listed,
  OWNER,
  SHARED,
  sessionOf,
  upload,
} from './folders.routes.fixture.ts';

/** Who sees which folder, in listings and in searches (spec §6). */
describe(`folders: visibility and search (${TEST_DIALECT})`, () => {
  const app = folderRouteTests();
  let t: TestApp;
  beforeAll(() => {
    t = app();
  });

  it('shows Pasta Pública (id 2) at the root (id 1) to everyone, with upload refused at both', async () => {
    for (const who of [ADMIN, GESTOR, COLAB]) {
      const root = await listed(t.as(who));
      expect(root.current).toMatchObject({ id: 1, canUpload: false });
      expect(root.folders.find((f) => f.id === 2)?.name).toBe('Pasta Pública');
      expect(root.folders.find((f) => f.id === 2)?.abilities.options).toBe(false);
      const pub = await listed(t.as(who), { selectID: 2 });
      expect(pub.current).toMatchObject({ id: 2, name: 'Pasta Pública', canUpload: false });
      expect(pub.current.trail.map((s) => s.id)).toEqual([1, 2]);
    }
  });

  it("seeds the demo company's folders with the visibility their privileges and shares give", async () => {
    const names = async (who: string, query: Record<string, string | number> = {}) =>
      (await listed(t.as(who), query)).folders.map((f) => f.name);
    const demo = ['Procedimentos Operacionais', 'Compras 2026', 'Servidores e Acessos'];
    expect(await names(ADMIN)).toEqual(expect.arrayContaining(demo));
    expect((await names(GESTOR)).filter((n) => demo.includes(n))).toEqual([
      'Compras 2026',
      'Procedimentos Operacionais',
    ]);
    expect((await names(COLAB)).filter((n) => demo.includes(n))).toEqual(['Procedimentos Operacionais']);
    // The private folder of 1001 is shared with 1004 only.
    expect((await names(OWNER)).filter((n) => demo.includes(n))).toEqual([
      'Procedimentos Operacionais',
      'Servidores e Acessos',
    ]);
    const pub = await listed(t.as(COLAB), { selectID: 2 });
    const manuals = pub.folders.find((f) => f.name === 'Manuais e Formulários');
    expect(manuals).toBeDefined();
    const inside = await listed(t.as(COLAB), { selectID: manuals!.id });
    expect(inside.files.map((f) => f.name)).toEqual([
      'Manual do Colaborador 2026.pdf',
      'Ramais internos.txt',
    ]);
    const pdf = inside.files[0]!;
    const res = await t.as(ADMIN)({ method: 'GET', url: `/api/download/${pdf.file_name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(pdf.size);
  });

  it('accepts and ignores the identity fields of get-items (the session decides)', async () => {
    const id = await createFolder(t.as(OWNER), 'Somente do dono');
    const res = await list(t.as(COLAB), {
      userId: 1004,
      privilegio: 1,
      isSuport: 1,
      setor: 'TI',
      selectID: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Listed>().folders.map((f) => f.id)).not.toContain(id);
  });

  describe('visibility matrix: owner, admin, gestor, colaborador, shared user × privilege 1/2/3 × private', () => {
    const cases = [1, 2, 3].flatMap((privilegio) => [0, 1].map((isPrivate) => ({ privilegio, isPrivate })));
    const created: { privilegio: number; isPrivate: number; id: number; fileName: string }[] = [];

    beforeAll(async () => {
      const owner = t.as(OWNER);
      const sharedUserId = (await sessionOf(t, SHARED)).userId;
      for (const c of cases) {
        const id = await createFolder(owner, `Matriz p${c.privilegio} r${c.isPrivate}`, 1, c.isPrivate);
        const perm = await owner({
          method: 'POST',
          url: '/api/setPermitionFolder',
          payload: { itemId: id, privilegio: c.privilegio, typeItem: 'folder' },
        });
        expect(perm.statusCode, perm.body).toBe(200);
        const share = await owner({
          method: 'POST',
          url: '/api/shareFolder',
          payload: { folderId: id, userId: sharedUserId },
        });
        expect(share.statusCode, share.body).toBe(200);
        const up = await upload(
          owner,
          id,
          `contrato p${c.privilegio} r${c.isPrivate}.txt`,
          'conteúdo do contrato',
        );
        expect(up.statusCode, up.body).toBe(200);
        created.push({
          ...c,
          id,
          fileName: up.json<{ files: { file_name: string }[] }>().files[0]!.file_name,
        });
      }
    });

    const who = [
      ['owner', OWNER],
      ['admin', ADMIN],
      ['gestor', GESTOR],
      ['colaborador', COLAB],
      ['shared user', SHARED],
    ] as const;

    for (const [label, matricula] of who) {
      it(`${label}: listing, search, opening and file download follow the one policy`, async () => {
        const me = await sessionOf(t, matricula);
        const sharedId = (await sessionOf(t, SHARED)).userId;
        const ownerId = (await sessionOf(t, OWNER)).userId;
        const root = await listed(t.as(matricula));
        const found = await listed(t.as(matricula), { textSearch: 'contrato P' });
        for (const c of created) {
          const expected = folderVisibleTo(me, {
            id: c.id,
            ownerId,
            privilegio: c.privilegio,
            isPrivate: c.isPrivate,
            sharedWithActor: me.userId === sharedId,
          });
          // The hand-written expectation of the matrix, so the policy itself is checked too.
          const byHand =
            label === 'owner' ||
            label === 'admin' ||
            label === 'shared user' ||
            (c.isPrivate === 0 && (label === 'gestor' ? c.privilegio >= 2 : c.privilegio === 3));
          expect(expected, `${label} p${c.privilegio} r${c.isPrivate}`).toBe(byHand);
          expect(
            root.folders.some((f) => f.id === c.id),
            `listing p${c.privilegio} r${c.isPrivate}`,
          ).toBe(expected);
          expect(
            found.files.some((f) => f.file_name === c.fileName),
            `search p${c.privilegio} r${c.isPrivate}`,
          ).toBe(expected);
          const open = await list(t.as(matricula), { selectID: c.id });
          expect(open.statusCode).toBe(expected ? 200 : 404);
          const head = await t.as(matricula)({ method: 'HEAD', url: `/api/download/${c.fileName}` });
          // Download is for role below 3 only (spec §6); an invisible file is unknown.
          const canDownload = me.privilegio < 3 || me.admin === 1;
          expect(head.statusCode).toBe(expected ? (canDownload ? 200 : 403) : 404);
        }
      });
    }
  });

  it('hides what lies below an invisible folder, from listing and from search', async () => {
    const owner = t.as(OWNER);
    const hidden = await createFolder(owner, 'Cofre');
    const inner = await createFolder(owner, 'Aberta dentro do cofre', hidden);
    await owner({
      method: 'POST',
      url: '/api/setPermitionFolder',
      payload: { itemId: inner, privilegio: 3, typeItem: 'folder' },
    });
    await upload(owner, inner, 'segredo-aninhado.txt', 'x');
    expect((await list(t.as(COLAB), { selectID: inner })).statusCode).toBe(404);
    const found = await listed(t.as(COLAB), { textSearch: 'aninhado' });
    expect(found.files).toEqual([]);
    expect((await listed(t.as(COLAB), { textSearch: 'Aberta dentro' })).folders).toEqual([]);
    expect((await listed(t.as(OWNER), { textSearch: 'ANINHADO' })).files.map((f) => f.name)).toEqual([
      'segredo-aninhado.txt',
    ]);
  });

  it('a search says where each found item is below the searched folder (issue 15)', async () => {
    const owner = t.as(OWNER);
    const top = await createFolder(owner, 'Onde Fica');
    const mid = await createFolder(owner, 'Ano 2025', top);
    await upload(owner, mid, 'localizado-fundo.txt', 'x');
    await upload(owner, top, 'localizado-topo.txt', 'x');
    const fromRoot = await listed(owner, { textSearch: 'localizado' });
    const where = Object.fromEntries(fromRoot.files.map((f) => [f.name, f.location]));
    expect(where).toEqual({
      'localizado-fundo.txt': 'Onde Fica › Ano 2025',
      'localizado-topo.txt': 'Onde Fica',
    });
    const fromTop = await listed(owner, { selectID: top, textSearch: 'localizado' });
    expect(Object.fromEntries(fromTop.files.map((f) => [f.name, f.location]))).toEqual({
      'localizado-fundo.txt': 'Ano 2025',
      'localizado-topo.txt': '',
    });
    expect((await listed(owner, { textSearch: 'Ano 2025' })).folders.map((f) => f.location)).toEqual([
      'Onde Fica',
    ]);
    // A listing has no location.
    expect((await listed(owner, { selectID: top })).files.every((f) => f.location === undefined)).toBe(true);
  });

  it('searches below the current folder only, case- and accent-insensitive by case', async () => {
    const owner = t.as(OWNER);
    const a = await createFolder(owner, 'Busca A');
    const b = await createFolder(owner, 'Busca B');
    await upload(owner, a, 'Relatório Mensal.txt', 'a');
    await upload(owner, b, 'relatório anual.txt', 'b');
    const inA = await listed(owner, { selectID: a, textSearch: 'RELATÓRIO' });
    expect(inA.files.map((f) => f.name)).toEqual(['Relatório Mensal.txt']);
    const everywhere = await listed(owner, { textSearch: 'relatório' });
    expect(everywhere.files.map((f) => f.name).sort()).toEqual([
      'Relatório Mensal.txt',
      'relatório anual.txt',
    ]);
    // LIKE wildcards typed by the user are literal text.
    expect((await listed(owner, { textSearch: '%' })).files).toEqual([]);
    expect((await listed(owner, { textSearch: '_' })).files).toEqual([]);
  });
});
