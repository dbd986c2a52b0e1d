import { FOLDER_MSG } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { createFolder, folderRouteTests, GESTOR, OWNER, upload } from './folders.routes.fixture.ts';

/** Folder and file names: creating, checking and renaming (spec §6). */
describe(`folders: names and rename (${TEST_DIALECT})`, () => {
  const app = folderRouteTests();
  let t: TestApp;
  beforeAll(() => {
    t = app();
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
});
