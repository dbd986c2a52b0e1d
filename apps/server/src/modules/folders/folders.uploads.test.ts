import fs from 'node:fs';
import path from 'node:path';
import { FOLDER_MSG } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { FAKE_EXE, multipart } from '../../../test/images.ts';
import {
  ADMIN,
  COLAB,
  createFolder,
  folderRouteTests,
  GESTOR,
  listed,
  OWNER,
  upload,
} from './folders.routes.fixture.ts';

/** Uploads, downloads and the upload size limit. */
describe(`folders: uploads and downloads (${TEST_DIALECT})`, () => {
  const app = folderRouteTests();
  let t: TestApp;
  beforeAll(() => {
    t = app();
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
});

describe(`folder upload size limit (${TEST_DIALECT})`, () => {
  const app = folderRouteTests({ FOLDER_UPLOAD_MAX_MB: '1' });

  it('refuses a file over FOLDER_UPLOAD_MAX_MB with 413 and keeps no bytes', async () => {
    const gestor = app().as(DEMO.diretor);
    const folder = await createFolder(gestor, 'Grandes');
    const res = await upload(gestor, folder, 'grande.bin', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(FOLDER_MSG.uploadTooLarge('1 MB'));
    expect(fs.readdirSync(path.join(app().dataDir, 'files', '.tmp'))).toEqual([]);
    expect((await upload(gestor, folder, 'cabe.bin', Buffer.alloc(1024 * 1024, 7))).statusCode).toBe(200);
  });
});
