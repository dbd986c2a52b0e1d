import fs from 'node:fs';
import path from 'node:path';
import { FOLDER_MSG } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  ADMIN,
  COLAB,
  createFolder,
  folderRouteTests,
  GESTOR,
  list,
  listed,
  OWNER,
  sessionOf,
  upload,
} from './folders.routes.fixture.ts';

/** The item menu's rules, permissions, delete and bad payloads. */
describe(`folders: item menu, permissions, delete (${TEST_DIALECT})`, () => {
  const app = folderRouteTests();
  let t: TestApp;
  beforeAll(() => {
    t = app();
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
