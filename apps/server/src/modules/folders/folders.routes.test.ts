import fs from 'node:fs';
import path from 'node:path';
import { FOLDER_MSG, folderVisibleTo, type SessionUser } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { FAKE_EXE, multipart } from '../../../test/images.ts';

type Caller = ReturnType<TestApp['as']>;

interface Listed {
  folders: {
    id: number;
    name: string;
    privilegio: number;
    abilities: Record<string, boolean>;
    location?: string;
  }[];
  files: {
    id: number;
    name: string;
    file_name: string;
    size: number;
    location?: string;
    tipo: string;
    abilities: Record<string, boolean>;
  }[];
  current: { id: number; name: string; trail: { id: number; name: string }[]; canUpload: boolean };
  truncated: boolean;
}

async function createFolder(
  as: Caller,
  folderName: string,
  parentFolderId = 1,
  isPrivate = 0,
): Promise<number> {
  const res = await as({
    method: 'POST',
    url: '/api/create-folder',
    payload: { folderName, parentFolderId, isPrivate },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lastInsertedId: number }>().lastInsertedId;
}

async function upload(as: Caller, folderId: number, name: string, content: string | Buffer) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return as({
    method: 'POST',
    url: '/api/files',
    payload: multipart({ selectedFolderId: folderId }, { bytes, name, type: 'application/octet-stream' }),
  });
}

async function list(as: Caller, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return as({ method: 'GET', url: `/api/get-items${qs ? `?${qs}` : ''}` });
}

async function listed(as: Caller, query: Record<string, string | number> = {}): Promise<Listed> {
  const res = await list(as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed>();
}

async function sessionOf(t: TestApp, matricula: string): Promise<SessionUser> {
  return (await t.as(matricula)({ method: 'GET', url: '/api/get-sessionData' })).json<SessionUser>();
}

describe(`folders (${TEST_DIALECT})`, () => {
  let t: TestApp;
  // Roles of the matrix: a colaborador owns the folders so that role privileges and ownership differ.
  const OWNER = DEMO.suporteTi; // 1004, Colaborador
  const SHARED = DEMO.analistaRh; // 1005, Colaborador, shared with
  const GESTOR = DEMO.diretor; // 1006, Gestor
  const COLAB = DEMO.juridico; // 1008, Colaborador, stranger
  const ADMIN = DEMO.admin;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

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
          // The hand-written expectation of the issue's matrix, so the policy itself is checked too.
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

  describe('names', () => {
    it('refuses path separators, control characters, dot names and names over 255 characters', async () => {
      for (const folderName of [
        '../etc',
        'a/b',
        'a\\b',
        '..',
        '.',
        'tab\there',
        'nul\u0000',
        '',
        '   ',
        'x'.repeat(256),
      ]) {
        const res = await t.as(OWNER)({
          method: 'POST',
          url: '/api/create-folder',
          payload: { folderName, parentFolderId: 1, isPrivate: 0 },
        });
        expect(res.statusCode, JSON.stringify(folderName)).toBe(400);
        expect(res.json().error).toMatch(/nome/i);
      }
      expect(
        (
          await t.as(OWNER)({
            method: 'POST',
            url: '/api/create-folder',
            payload: { folderName: 'x'.repeat(255), parentFolderId: 1 },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('check-folder-existence answers isExist and a free availableName such as "Nova pasta (2)"', async () => {
      const owner = t.as(OWNER);
      const parent = await createFolder(owner, 'Nomes');
      const check = async (folderName: string, type = 'folder') =>
        (
          await owner({
            method: 'POST',
            url: '/api/check-folder-existence',
            payload: { parentFolderId: parent, folderName, type },
          })
        ).json<{ isExist: boolean; availableName: string }>();
      expect(await check('Nova pasta')).toEqual({ isExist: false, availableName: 'Nova pasta' });
      await createFolder(owner, 'Nova pasta', parent);
      expect(await check('Nova pasta')).toEqual({ isExist: true, availableName: 'Nova pasta (2)' });
      expect(await check('NOVA PASTA')).toEqual({ isExist: true, availableName: 'NOVA PASTA (2)' });
      await createFolder(owner, 'Nova pasta (2)', parent);
      expect(await check('Nova pasta')).toEqual({ isExist: true, availableName: 'Nova pasta (3)' });
      await upload(owner, parent, 'planilha.xlsx', 'x');
      expect(await check('planilha.xlsx', 'file')).toEqual({
        isExist: true,
        availableName: 'planilha (2).xlsx',
      });
      expect(await check('planilha.xlsx', 'folder')).toEqual({
        isExist: false,
        availableName: 'planilha.xlsx',
      });
    });

    it('refuses a duplicate folder name (any case) with 409, and numbers a duplicate upload', async () => {
      const owner = t.as(OWNER);
      const parent = await createFolder(owner, 'Duplicados');
      await createFolder(owner, 'Fotos', parent);
      const dup = await owner({
        method: 'POST',
        url: '/api/create-folder',
        payload: { folderName: 'fotos', parentFolderId: parent },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe(FOLDER_MSG.nameTaken);
      const first = await upload(owner, parent, 'nota.txt', '1');
      const second = await upload(owner, parent, 'NOTA.txt', '2');
      expect(first.json().files[0].name).toBe('nota.txt');
      expect(second.json().files[0].name).toBe('NOTA (2).txt');
      const other = await createFolder(owner, 'Outra', parent);
      const rename = await owner({
        method: 'POST',
        url: '/api/renameFolder',
        payload: { itemId: other, itemName: 'FOTOS' },
      });
      expect(rename.statusCode).toBe(409);
      const fileId = second.json().files[0].id;
      const renameFile = await owner({
        method: 'POST',
        url: '/api/renameFile',
        payload: { itemId: fileId, itemName: 'Nota.TXT' },
      });
      expect(renameFile.statusCode).toBe(409);
    });
  });

  describe('uploads', () => {
    it('refuses the root and Pasta Pública, and names the file by its display name only', async () => {
      const root = await upload(t.as(ADMIN), 1, 'a.txt', 'x');
      expect(root.statusCode).toBe(400);
      expect(root.json().error).toBe(FOLDER_MSG.uploadOutsideFolder);
      const pub = await upload(t.as(ADMIN), 2, 'a.txt', 'x');
      expect(pub.statusCode).toBe(403);
      expect(pub.json().error).toBe(FOLDER_MSG.uploadPublicFolder);
      const missing = await t.as(ADMIN)({
        method: 'POST',
        url: '/api/files',
        payload: multipart({}, { bytes: Buffer.from('x'), name: 'a.txt' }),
      });
      expect(missing.statusCode).toBe(400);

      const folder = await createFolder(t.as(OWNER), 'Envios');
      const res = await upload(t.as(OWNER), folder, '../../../etc/passwd.txt', 'root:x:0:0');
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json().files[0];
      expect(file.name).toBe('passwd.txt');
      expect(file.file_name).toMatch(/^[0-9a-f-]{36}\.txt$/);
      expect(file).toMatchObject({ tipo: 'txt', size: 10, path: `download/${file.file_name}` });
      expect(fs.existsSync(path.join(t.dataDir, 'files', 'folders', file.file_name))).toBe(true);
      expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
    });

    it('takes files only in the field the call describes, and says so when the target is missing', async () => {
      const folder = await createFolder(t.as(OWNER), 'Campo do arquivo');
      const stray = await t.as(OWNER)({
        method: 'POST',
        url: '/api/files',
        payload: multipart(
          { selectedFolderId: folder },
          { bytes: Buffer.from('x'), name: 'a.txt', type: 'text/plain', field: 'anexo' },
        ),
      });
      expect(stray.statusCode, stray.body).toBe(400);
      expect((await listed(t.as(OWNER), { selectID: folder })).files).toEqual([]);
      expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
      const noTarget = await t.as(OWNER)({
        method: 'POST',
        url: '/api/files',
        payload: multipart({ selectedFolderId: 'abc' }, { bytes: Buffer.from('x'), name: 'a.txt' }),
      });
      expect(noTarget.statusCode).toBe(400);
      expect(noTarget.json().error).toBe(FOLDER_MSG.uploadOutsideFolder);
    });

    it('refuses executables by name and by content, and leaves nothing behind', async () => {
      const folder = await createFolder(t.as(OWNER), 'Programas');
      const byName = await upload(t.as(OWNER), folder, 'setup.exe', 'text');
      expect(byName.statusCode).toBe(415);
      expect(byName.json().error).toBe(FOLDER_MSG.uploadDangerous);
      const byContent = await upload(t.as(OWNER), folder, 'fatura.pdf', FAKE_EXE);
      expect(byContent.statusCode).toBe(415);
      expect((await listed(t.as(OWNER), { selectID: folder })).files).toEqual([]);
      expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
    });

    it.each([
      'run.vbs.',
      'run.vbs ',
      'run.vbs. . ',
      'run.v\u0001bs',
      'run.vbs\u200b',
      'atalho.url',
      'pasta.scf',
      'ajuda.chm',
      'disco.iso',
      'console.msc',
      'componente.wsc',
      'pacote.msix',
      'suplemento.xll',
    ])('refuses %j by name, trailing dots, spaces and hidden characters aside (issue 9)', async (name) => {
      const folder = await createFolder(t.as(OWNER), `Bloqueio ${encodeURIComponent(name)}`);
      const res = await upload(t.as(OWNER), folder, name, 'MsgBox "oi"');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error).toBe(FOLDER_MSG.uploadDangerous);
      expect((await listed(t.as(OWNER), { selectID: folder })).files).toEqual([]);
      expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
    });

    it('stores a name without the trailing dots and spaces Windows drops', async () => {
      const folder = await createFolder(t.as(OWNER), 'Pontos finais');
      const res = await upload(t.as(OWNER), folder, 'notas.txt. .', 'x');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().files[0]).toMatchObject({ name: 'notas.txt', tipo: 'txt' });
    });

    it('refuses unknown or invisible folders', async () => {
      const hidden = await createFolder(t.as(GESTOR), 'Do diretor');
      expect((await upload(t.as(COLAB), hidden, 'a.txt', 'x')).statusCode).toBe(404);
      expect((await upload(t.as(COLAB), 999_999, 'a.txt', 'x')).statusCode).toBe(404);
    });
  });

  describe('rename follows the upload rule (issue 9)', () => {
    let folder: number;
    let file: { id: number; file_name: string };
    beforeAll(async () => {
      folder = await createFolder(t.as(GESTOR), 'Renomear');
      const res = await upload(t.as(GESTOR), folder, 'leia.txt', 'CreateObject("WScript.Shell").Run "calc"');
      expect(res.statusCode, res.body).toBe(200);
      file = res.json().files[0];
    });
    const rename = (itemName: string) =>
      t.as(GESTOR)({ method: 'POST', url: '/api/renameFile', payload: { itemId: file.id, itemName } });
    const storedName = async () =>
      (
        await t.db
          .selectFrom('folder_files')
          .select('name')
          .where('id', '=', file.id)
          .executeTakeFirstOrThrow()
      ).name;

    it.each([
      'leia.vbs',
      'leia.exe',
      'leia.hta',
      'leia.bat',
      'leia.js',
      'LEIA.VBS',
      'run.vbs.',
      'run.vbs .',
      'leia.url',
      'leia.scf',
      'leia.chm',
      'leia.iso',
      'leia.msc',
      'leia.wsc',
    ])('refuses renaming a text file to %j; it still downloads as leia.txt', async (itemName) => {
      const res = await rename(itemName);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error).toBe(FOLDER_MSG.uploadDangerous);
      expect(await storedName()).toBe('leia.txt');
      const download = await t.as(GESTOR)({ method: 'HEAD', url: `/api/download/${file.file_name}` });
      expect(download.headers['content-disposition']).toContain('filename="leia.txt"');
    });

    it('keeps the extension when the new name has none; a typed allowed one replaces it (issue 15)', async () => {
      expect((await rename('Foto da doca – Mauá')).statusCode).toBe(200);
      expect(await storedName()).toBe('Foto da doca – Mauá.txt');
      expect((await rename('Relatório v1.2')).statusCode).toBe(200);
      expect(await storedName()).toBe('Relatório v1.2.txt');
      expect((await rename('notas.md')).statusCode).toBe(200);
      expect(await storedName()).toBe('notas.md');
      expect((await rename('leia.txt')).statusCode).toBe(200);
      expect(await storedName()).toBe('leia.txt');
    });

    it('stores a new name without trailing dots and spaces, for files and folders', async () => {
      expect((await rename('leia de novo.txt. . ')).statusCode).toBe(200);
      expect(await storedName()).toBe('leia de novo.txt');
      const res = await t.as(GESTOR)({
        method: 'POST',
        url: '/api/renameFolder',
        payload: { itemId: folder, itemName: 'Renomeada. ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await t.db.selectFrom('folders').select('name').where('id', '=', folder).executeTakeFirstOrThrow())
          .name,
      ).toBe('Renomeada');
      for (const itemName of ['...', '. .']) {
        const bad = await t.as(GESTOR)({
          method: 'POST',
          url: '/api/renameFolder',
          payload: { itemId: folder, itemName },
        });
        expect(bad.statusCode, itemName).toBe(400);
      }
    });

    it('serves a program name given before this rule as text', async () => {
      await t.db.updateTable('folder_files').set({ name: 'antigo.vbs.' }).where('id', '=', file.id).execute();
      const res = await t.as(GESTOR)({ method: 'HEAD', url: `/api/download/${file.file_name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="antigo.vbs.txt"');
    });
  });

  describe('download', () => {
    let fileName: string;
    const content = '0123456789abcdefghij';

    beforeAll(async () => {
      const folder = await createFolder(t.as(GESTOR), 'Downloads');
      const res = await upload(t.as(GESTOR), folder, 'relatório final (v2).txt', content);
      fileName = res.json().files[0].file_name;
    });

    it('streams with the display name RFC 5987-encoded and the stored type', async () => {
      const res = await t.as(GESTOR)({ method: 'GET', url: `/api/download/${fileName}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(content);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="relatorio final (v2).txt"; filename*=UTF-8''relat%C3%B3rio%20final%20%28v2%29.txt`,
      );
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers HEAD with the size and byte ranges with 206, a bad range with 416', async () => {
      const head = await t.as(GESTOR)({ method: 'HEAD', url: `/api/download/${fileName}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(content.length));
      const part = await t.as(GESTOR)({
        method: 'GET',
        url: `/api/download/${fileName}`,
        headers: { range: 'bytes=5-9' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('56789');
      expect(part.headers['content-range']).toBe(`bytes 5-9/${content.length}`);
      const tail = await t.as(GESTOR)({
        method: 'GET',
        url: `/api/download/${fileName}`,
        headers: { range: 'bytes=-3' },
      });
      expect(tail.body).toBe('hij');
      const bad = await t.as(GESTOR)({
        method: 'GET',
        url: `/api/download/${fileName}`,
        headers: { range: 'bytes=500-600' },
      });
      expect(bad.statusCode).toBe(416);
    });

    it('works with the session cookie (links in the browser) and refuses no session', async () => {
      const token = await t.login(GESTOR);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/download/${fileName}`,
        cookies: { intranet_session: token },
      });
      expect(res.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/download/${fileName}` })).statusCode).toBe(401);
    });

    it('refuses traversal attempts: ../, encoded, absolute, and unknown names', async () => {
      for (const url of [
        '/api/download/..%2F..%2Fpackage.json',
        '/api/download/%2Fetc%2Fpasswd',
        '/api/download/..%5C..%5Cintranet.sqlite',
        '/api/download/%2e%2e%2f%2e%2e%2ftest.sqlite',
        '/api/download/00000000-0000-0000-0000-000000000000.txt',
        `/api/download/${fileName.toUpperCase()}`,
      ]) {
        const res = await t.as(ADMIN)({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      const res = await t.as(ADMIN)({ method: 'GET', url: '/api/download/../../etc/passwd' });
      expect([404]).toContain(res.statusCode);
    });
  });

  describe('item menu rules (spec §6) on the server', () => {
    it('lets the owner (a colaborador) rename but not delete or download; a gestor all three', async () => {
      const owner = t.as(OWNER);
      const folder = await createFolder(owner, 'Regras');
      await owner({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: folder, privilegio: 2, typeItem: 'folder' },
      });
      const file = (await upload(owner, folder, 'a.txt', 'x')).json().files[0];
      expect(file.abilities).toMatchObject({
        options: true,
        rename: true,
        delete: false,
        download: false,
        permission: false,
      });
      const renamed = await owner({
        method: 'POST',
        url: '/api/renameFile',
        payload: { itemId: file.id, itemName: 'b.txt' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(
        (await owner({ method: 'DELETE', url: '/api/dropItem', payload: { id: file.id, tipo: 'txt' } }))
          .statusCode,
      ).toBe(403);
      expect((await owner({ method: 'GET', url: `/api/download/${file.file_name}` })).statusCode).toBe(403);

      const gestorView = await listed(t.as(GESTOR), { selectID: folder });
      expect(gestorView.files[0]).toMatchObject({ name: 'b.txt' });
      expect(gestorView.files[0]!.abilities).toMatchObject({ options: true, delete: true, download: true });
      expect((await t.as(GESTOR)({ method: 'GET', url: `/api/download/${file.file_name}` })).statusCode).toBe(
        200,
      );
    });

    it('gives a colaborador who is not the owner no options, and the server agrees', async () => {
      const folder = await createFolder(t.as(GESTOR), 'Aberta a todos');
      await t.as(GESTOR)({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: folder, privilegio: 3, typeItem: 'folder' },
      });
      const seen = (await listed(t.as(COLAB))).folders.find((f) => f.id === folder);
      expect(seen?.abilities).toMatchObject({
        options: false,
        rename: false,
        delete: false,
        permission: false,
      });
      expect(
        (
          await t.as(COLAB)({
            method: 'POST',
            url: '/api/renameFolder',
            payload: { itemId: folder, itemName: 'Minha' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.as(COLAB)({
            method: 'DELETE',
            url: '/api/dropItem',
            payload: { id: folder, tipo: 'folder' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.as(COLAB)({
            method: 'POST',
            url: '/api/setPermitionFolder',
            payload: { itemId: folder, privilegio: 1 },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('never renames, deletes or re-permissions the root or Pasta Pública', async () => {
      for (const id of [1, 2]) {
        expect(
          (
            await t.as(ADMIN)({
              method: 'POST',
              url: '/api/renameFolder',
              payload: { itemId: id, itemName: 'X' },
            })
          ).statusCode,
        ).toBe(403);
        expect(
          (await t.as(ADMIN)({ method: 'DELETE', url: '/api/dropItem', payload: { id, tipo: 'folder' } }))
            .statusCode,
        ).toBe(403);
        expect(
          (
            await t.as(ADMIN)({
              method: 'POST',
              url: '/api/setPermitionFolder',
              payload: { itemId: id, privilegio: 1 },
            })
          ).statusCode,
        ).toBe(403);
      }
    });

    it('lets managers create folders in Pasta Pública (open to everyone) and refuses colaboradores', async () => {
      const id = await createFolder(t.as(GESTOR), 'Comunicados', 2);
      const pub = await listed(t.as(COLAB), { selectID: 2 });
      expect(pub.folders.find((f) => f.id === id)).toMatchObject({ privilegio: 3 });
      expect(pub.folders.find((f) => f.id === id)?.abilities.permission).toBe(false);
      const res = await t.as(COLAB)({
        method: 'POST',
        url: '/api/create-folder',
        payload: { folderName: 'Minha', parentFolderId: 2 },
      });
      expect(res.statusCode).toBe(403);
      const perm = await t.as(GESTOR)({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: id, privilegio: 1 },
      });
      expect(perm.statusCode).toBe(403);
      expect(perm.json().error).toBe(FOLDER_MSG.permissionPublicFolder);
    });
  });

  describe('permissions', () => {
    it('reads and sets the privilege, shares and unshares, and searches users by name or matrícula', async () => {
      const owner = t.as(OWNER);
      const folder = await createFolder(owner, 'Compartilhada');
      const access = await owner({ method: 'GET', url: `/api/get-accessFolder?folderId=${folder}&userId=1` });
      expect(access.json()).toEqual([{ folderId: folder, privilegio: 1, isPrivate: 0 }]);
      const bad = await owner({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: folder, privilegio: 4 },
      });
      expect(bad.statusCode).toBe(400);
      const fileItem = await owner({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: folder, privilegio: 3, typeItem: 'file' },
      });
      expect(fileItem.statusCode).toBe(400);
      expect(fileItem.json().error).toBe(FOLDER_MSG.permissionFileItem);

      const byMatricula = await owner({ method: 'GET', url: `/api/getUsers?folderId=${folder}&search=1008` });
      expect(byMatricula.json()).toEqual([expect.objectContaining({ matricula: '1008', allow_user: 0 })]);
      const colab = byMatricula.json()[0];
      const byName = await owner({ method: 'GET', url: `/api/getUsers?folderId=${folder}&search=teixeira` });
      expect(byName.json().map((u: { id: number }) => u.id)).toEqual([colab.id]);
      const all = await owner({ method: 'GET', url: `/api/getUsers?folderId=${folder}` });
      expect(all.json().some((u: { matricula: string }) => u.matricula === OWNER)).toBe(false);

      expect((await list(t.as(COLAB), { selectID: folder })).statusCode).toBe(404);
      await owner({
        method: 'POST',
        url: '/api/shareFolder',
        payload: { folderId: folder, userId: colab.id },
      });
      expect((await list(t.as(COLAB), { selectID: folder })).statusCode).toBe(200);
      const afterShare = await owner({ method: 'GET', url: `/api/getUsers?folderId=${folder}&search=1008` });
      expect(afterShare.json()[0].allow_user).toBe(1);
      await owner({
        method: 'POST',
        url: '/api/noShareFolder',
        payload: { folderId: folder, userId: colab.id },
      });
      expect((await list(t.as(COLAB), { selectID: folder })).statusCode).toBe(404);
      const unknown = await owner({
        method: 'POST',
        url: '/api/shareFolder',
        payload: { folderId: folder, userId: 99_999 },
      });
      expect(unknown.statusCode).toBe(404);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'folder')
        .where('entity_id', '=', String(folder))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['folder.create', 'folder.share', 'folder.unshare']);
    });
  });

  describe('delete', () => {
    it('removes a whole tree in one step: rows, shares and stored files, after saying what goes', async () => {
      const gestor = t.as(GESTOR);
      const top = await createFolder(gestor, 'Arquivo morto');
      const mid = await createFolder(gestor, '2023', top);
      const low = await createFolder(gestor, 'Janeiro', mid);
      const files = [];
      for (const [folder, name] of [
        [top, 'índice.txt'],
        [mid, 'resumo.txt'],
        [low, 'nota 1.txt'],
        [low, 'nota 2.txt'],
      ] as const) {
        files.push((await upload(gestor, folder, name, 'abc')).json().files[0]);
      }
      const sharedId = (await sessionOf(t, COLAB)).userId;
      await gestor({ method: 'POST', url: '/api/shareFolder', payload: { folderId: low, userId: sharedId } });
      const summary = await gestor({ method: 'GET', url: `/api/folders/${top}/summary` });
      expect(summary.json()).toEqual({ folders: 2, files: 4, bytes: 12 });

      const res = await gestor({
        method: 'DELETE',
        url: '/api/dropItem',
        payload: { id: top, tipo: 'folder', userId: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        await t.db.selectFrom('folders').select('id').where('id', 'in', [top, mid, low]).execute(),
      ).toEqual([]);
      expect(
        await t.db
          .selectFrom('folder_files')
          .select('id')
          .where('folder_id', 'in', [top, mid, low])
          .execute(),
      ).toEqual([]);
      expect(
        await t.db.selectFrom('folder_shares').select('folder_id').where('folder_id', '=', low).execute(),
      ).toEqual([]);
      for (const f of files)
        expect(fs.existsSync(path.join(t.dataDir, 'files', 'folders', f.file_name))).toBe(false);
      expect((await gestor({ method: 'HEAD', url: `/api/download/${files[0].file_name}` })).statusCode).toBe(
        404,
      );
      expect((await list(gestor, { selectID: top })).statusCode).toBe(404);
    });

    it('refuses deleting a tree that holds what the caller cannot see, and counts only what he sees (issue 9)', async () => {
      const gestor = t.as(GESTOR);
      const admin = t.as(ADMIN);
      const top = await createFolder(gestor, 'Projetos 2026');
      const own = await createFolder(gestor, 'Cronogramas', top);
      const ownFile = (await upload(gestor, own, 'plano.txt', 'abcd')).json().files[0];
      // The administrator's private subfolder, with a file and a folder open to everyone below it.
      const secret = await createFolder(admin, 'Salários', top, 1);
      const secretFile = (await upload(admin, secret, 'folha.txt', '123456789')).json().files[0];
      const below = await createFolder(admin, 'Aberta', secret);
      await admin({
        method: 'POST',
        url: '/api/setPermitionFolder',
        payload: { itemId: below, privilegio: 3, typeItem: 'folder' },
      });
      expect((await listed(gestor, { selectID: top })).folders.map((f) => f.name)).toEqual(['Cronogramas']);

      const summary = await gestor({ method: 'GET', url: `/api/folders/${top}/summary` });
      expect(summary.json()).toEqual({ folders: 1, files: 1, bytes: 4 });
      expect((await admin({ method: 'GET', url: `/api/folders/${top}/summary` })).json()).toEqual({
        folders: 3,
        files: 2,
        bytes: 13,
      });

      const refused = await gestor({
        method: 'DELETE',
        url: '/api/dropItem',
        payload: { id: top, tipo: 'folder' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('A pasta contém itens que você não pode ver; peça a quem os criou.');
      expect(
        await t.db
          .selectFrom('folders')
          .select('id')
          .where('id', 'in', [top, own, secret, below])
          .orderBy('id')
          .execute(),
      ).toEqual([{ id: top }, { id: own }, { id: secret }, { id: below }]);
      for (const f of [ownFile, secretFile])
        expect(fs.existsSync(path.join(t.dataDir, 'files', 'folders', f.file_name))).toBe(true);

      // What he sees alone goes; the administrator, who sees everything, deletes the rest.
      expect(
        (await gestor({ method: 'DELETE', url: '/api/dropItem', payload: { id: own, tipo: 'folder' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await admin({ method: 'DELETE', url: '/api/dropItem', payload: { id: top, tipo: 'folder' } }))
          .statusCode,
      ).toBe(200);
      expect(
        await t.db.selectFrom('folders').select('id').where('id', 'in', [top, secret, below]).execute(),
      ).toEqual([]);
      expect(fs.existsSync(path.join(t.dataDir, 'files', 'folders', secretFile.file_name))).toBe(false);
    });

    it('deletes a single file and refuses what the caller cannot see', async () => {
      const folder = await createFolder(t.as(GESTOR), 'Um arquivo');
      const file = (await upload(t.as(GESTOR), folder, 'a.txt', 'x')).json().files[0];
      expect(
        (
          await t.as(DEMO.gestorCompras)({
            method: 'DELETE',
            url: '/api/dropItem',
            payload: { id: file.id, tipo: 'txt' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.as(GESTOR)({
            method: 'DELETE',
            url: '/api/dropItem',
            payload: { id: file.id, tipo: 'txt' },
          })
        ).statusCode,
      ).toBe(200);
      expect(fs.existsSync(path.join(t.dataDir, 'files', 'folders', file.file_name))).toBe(false);
      expect(
        (
          await t.as(GESTOR)({
            method: 'DELETE',
            url: '/api/dropItem',
            payload: { id: file.id, tipo: 'txt' },
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  it('answers bad payloads with 400 and a Portuguese message', async () => {
    const owner = t.as(OWNER);
    for (const [url, payload] of [
      ['/api/create-folder', { folderName: 'x', parentFolderId: 'abc' }],
      ['/api/create-folder', { folderName: 'x', parentFolderId: 1, isPrivate: 5 }],
      ['/api/renameFolder', { itemId: -1, itemName: 'x' }],
      ['/api/check-folder-existence', { parentFolderId: 1, folderName: 'x', type: 'disk' }],
      ['/api/shareFolder', { folderId: 1 }],
    ] as const) {
      const res = await owner({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await list(owner, { selectID: 'abc' })).statusCode).toBe(400);
    expect((await list(owner, { textSearch: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});

describe(`folder upload size limit (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { FOLDER_UPLOAD_MAX_MB: '1' } });
  });
  afterAll(() => t.close());

  it('refuses a file over FOLDER_UPLOAD_MAX_MB with 413 and keeps no bytes', async () => {
    const gestor = t.as(DEMO.diretor);
    const folder = await createFolder(gestor, 'Grandes');
    const res = await upload(gestor, folder, 'grande.bin', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(FOLDER_MSG.uploadTooLarge('1 MB'));
    expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
    expect((await upload(gestor, folder, 'cabe.bin', Buffer.alloc(1024 * 1024, 7))).statusCode).toBe(200);
  });
});
