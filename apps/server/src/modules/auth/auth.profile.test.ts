import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const PASSWORD = 'intranet123';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1x1 lossless WEBP. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
/** A real JPEG photo (one of the demo assets). */
const JPEG = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed/assets/notice-sipat.jpg'),
);
const MB3 = 3 * 1024 * 1024;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function photoForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

describe(`own password, contact data and profile photo (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const userId = (matricula: string) => t.userId(matricula);
  const auditCount = (uid: number, action: string) => t.auditCount(uid, action);
  const login = (username: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const token = async (matricula: string, password = PASSWORD) => {
    const res = await login(matricula, password);
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const checkAuth = (tk: string) =>
    t.app.inject({ method: 'GET', url: '/api/check-auth', headers: bearer(tk) });

  describe('GET /api/checkpassword', () => {
    it('answers 200 for the right password', async () => {
      const res = await t.as(DEMO.suporteTi)({
        method: 'GET',
        url: '/api/checkpassword',
        query: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    });

    it('answers 403 "Senha incorreta" for a wrong one', async () => {
      const res = await t.as(DEMO.suporteTi)({
        method: 'GET',
        url: '/api/checkpassword',
        query: { password: 'errada' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Senha incorreta' });
    });
  });

  describe('PUT /api/me/password (own password change)', () => {
    it('refuses a wrong old password with 403 "A senha antiga incorreta." and changes nothing', async () => {
      const tk = await token(DEMO.diretor);
      const other = await token(DEMO.diretor);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: bearer(tk),
        payload: { oldPassword: 'errada', newPassword: 'novaSenha456' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'A senha antiga incorreta.' });
      expect((await checkAuth(other)).statusCode).toBe(200);
      expect((await login(DEMO.diretor, 'novaSenha456')).statusCode).toBe(401);
    });

    it('changes it: "senha alterada com sucesso!", other sessions end, this one stays, audited', async () => {
      const uid = await userId(DEMO.diretor);
      const current = await token(DEMO.diretor);
      const other = await token(DEMO.diretor);
      const audits = await auditCount(uid, 'password.change');

      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: bearer(current),
        payload: { oldPassword: PASSWORD, newPassword: 'novaSenha456' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'senha alterada com sucesso!' });
      expect(await auditCount(uid, 'password.change')).toBe(audits + 1);

      expect((await checkAuth(current)).statusCode).toBe(200);
      expect((await checkAuth(other)).statusCode).toBe(401);
      expect((await login(DEMO.diretor, PASSWORD)).statusCode).toBe(401);
      expect((await login(DEMO.diretor, 'novaSenha456')).statusCode).toBe(200);

      // checkpassword now knows the new password only.
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/checkpassword',
        headers: bearer(current),
        query: { password: 'novaSenha456' },
      });
      expect(ok.statusCode).toBe(200);
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/checkpassword',
        headers: bearer(current),
        query: { password: PASSWORD },
      });
      expect(old.statusCode).toBe(403);
    });

    it('checkpassword checks the caller, whatever userId the query names', async () => {
      const diretorId = await userId(DEMO.diretor); // password changed above to novaSenha456
      const asOther = (password: string) =>
        t.as(DEMO.suporteTi)({
          method: 'GET',
          url: '/api/checkpassword',
          query: { password, userId: String(diretorId) },
        });
      expect((await asOther('novaSenha456')).statusCode).toBe(403);
      expect((await asOther(PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a new password shorter than 6 characters', async () => {
      const res = await t.as(DEMO.presidente)({
        method: 'PUT',
        url: '/api/me/password',
        payload: { oldPassword: PASSWORD, newPassword: '12345' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.passwordTooShort });
      expect((await login(DEMO.presidente)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/me (own contact data)', () => {
    it('updates e-mail and phone (audited) and the session shows them', async () => {
      const uid = await userId(DEMO.presidente);
      const audits = await auditCount(uid, 'user.update_contact');
      const res = await t.as(DEMO.presidente)({
        method: 'PUT',
        url: '/api/me',
        payload: { email: 'helena.nova@rotasul.com.br', tell: '11900001111' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Dados atualizados com sucesso' });
      expect(await auditCount(uid, 'user.update_contact')).toBe(audits + 1);
      const data = await t.as(DEMO.presidente)({ method: 'GET', url: '/api/get-sessionData' });
      expect(data.json()).toMatchObject({ email: 'helena.nova@rotasul.com.br', tell: '11900001111' });
    });

    it('clears both with empty strings', async () => {
      const res = await t.as(DEMO.presidente)({
        method: 'PUT',
        url: '/api/me',
        payload: { email: '', tell: '' },
      });
      expect(res.statusCode).toBe(200);
      const data = await t.as(DEMO.presidente)({ method: 'GET', url: '/api/get-sessionData' });
      expect(data.json()).toMatchObject({ email: null, tell: null });
    });

    it.each(['nao-e-um-email', 'a@', '@rotasul.com.br', 'dois@@rotasul.com.br'])(
      'refuses the e-mail %j with 400 and keeps the stored data',
      async (email) => {
        const res = await t.as(DEMO.juridico)({
          method: 'PUT',
          url: '/api/me',
          payload: { email, tell: '11999998888' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'Informe um e-mail válido.' });
        const data = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-sessionData' });
        expect(data.json()).toMatchObject({ email: 'luiz.teixeira@rotasul.com.br', tell: '11910987654' });
      },
    );
  });

  describe('profile photo', () => {
    const profileDir = () => path.join(t.dataDir, 'files', 'profile');
    const tmpDir = () => path.join(t.dataDir, 'files', '.tmp');
    const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
    const upload = (matricula: string, form: FormData) =>
      t.as(matricula)({ method: 'POST', url: '/api/changePictureProfile', payload: form });
    const currentPhoto = async (matricula: string) =>
      (await t.as(matricula)({ method: 'GET', url: '/api/getPictureProfile' })).json<
        { foto: string | null }[]
      >();

    it('GET /api/getPictureProfile answers [{foto: null}] before any upload', async () => {
      const res = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/getPictureProfile' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ foto: null }]);
    });

    it('stores a PNG, answers its path, serves the same bytes at /api/{foto}, audited', async () => {
      const uid = await userId(DEMO.gestorCompras);
      const audits = await auditCount(uid, 'user.photo');
      const res = await upload(DEMO.gestorCompras, photoForm(PNG, 'minha foto.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; foto: string; message: string }>();
      expect(body).toEqual({
        success: true,
        foto: expect.stringMatching(/^files\/profile\/[0-9a-f-]{36}\.png$/),
        message: 'Foto atualizada com sucesso!',
      });
      expect(await auditCount(uid, 'user.photo')).toBe(audits + 1);
      expect(await currentPhoto(DEMO.gestorCompras)).toEqual([{ foto: body.foto }]);
      const data = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/get-sessionData' });
      expect(data.json().pictureProfile).toBe(body.foto);

      // The client's file name never reaches the disk.
      expect(list(profileDir())).toEqual([path.basename(body.foto)]);
      expect(list(tmpDir())).toEqual([]);

      const file = await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/${body.foto}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      // Any member may see a colleague's photo (header, comments).
      const seenByOther = await t.as(DEMO.suporteTi)({ method: 'GET', url: `/api/${body.foto}` });
      expect(seenByOther.statusCode).toBe(200);
    });

    it('answers byte ranges with 206 and the right slice, and 416 outside the file', async () => {
      const foto = (await currentPhoto(DEMO.gestorCompras))[0]?.foto;
      expect(foto).toMatch(/^files\/profile\/.+\.png$/);
      const url = `/api/${foto}`;
      const range = async (spec: string) =>
        t.as(DEMO.gestorCompras)({ method: 'GET', url, headers: { range: spec } });

      const first = await range('bytes=0-7');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
      expect(first.headers['content-length']).toBe('8');
      expect(first.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);

      const middle = await range('bytes=12-27');
      expect(middle.statusCode).toBe(206);
      expect(middle.rawPayload.equals(PNG.subarray(12, 28))).toBe(true);

      const tail = await range('bytes=-12');
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${PNG.length - 12}-${PNG.length - 1}/${PNG.length}`);
      expect(tail.rawPayload.equals(PNG.subarray(PNG.length - 12))).toBe(true);

      const outside = await range(`bytes=${PNG.length + 10}-${PNG.length + 20}`);
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${PNG.length}`);
      expect(outside.json()).toEqual({ error: 'Intervalo solicitado inválido.' });

      // A range in another unit is ignored: the whole file.
      const items = await range('items=0-5');
      expect(items.statusCode).toBe(200);
      expect(items.headers['content-range']).toBeUndefined();
      expect(items.rawPayload.equals(PNG)).toBe(true);

      const head = await t.as(DEMO.gestorCompras)({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(PNG.length));
    });

    it('replaces the photo with a JPEG and deletes the previous file', async () => {
      const previous = (await currentPhoto(DEMO.gestorCompras))[0]?.foto;
      expect(previous).toMatch(/^files\/profile\//);
      const res = await upload(DEMO.gestorCompras, photoForm(JPEG, 'retrato.jpeg', 'image/jpeg'));
      expect(res.statusCode).toBe(200);
      const foto = res.json().foto as string;
      expect(foto).toMatch(/^files\/profile\/[0-9a-f-]{36}\.jpg$/);
      const file = await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/${foto}` });
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.rawPayload.equals(JPEG)).toBe(true);

      const gone = await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/${previous}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: 'Arquivo não encontrado.' });
      expect(list(profileDir())).toEqual([path.basename(foto)]);
    });

    it('accepts a WEBP', async () => {
      const res = await upload(DEMO.analistaRh, photoForm(WEBP, 'foto.webp', 'image/webp'));
      expect(res.statusCode).toBe(200);
      const file = await t.as(DEMO.analistaRh)({ method: 'GET', url: `/api/${res.json().foto}` });
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.rawPayload.equals(WEBP)).toBe(true);
    });

    it('accepts an image of just under 3 MB', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(3_000_000 - PNG.length)]);
      const res = await upload(DEMO.juridico, photoForm(big, 'grande.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      const file = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${res.json().foto}` });
      expect(file.rawPayload.length).toBe(3_000_000);
    });

    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(400),
    ]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

    it.each([
      ['a Windows executable renamed .png', exe, 'foto.png', 'image/png'],
      ['a text file named .png', Buffer.from('isto não é uma imagem\n'), 'foto.png', 'image/png'],
      ['a GIF', gif, 'foto.gif', 'image/gif'],
      ['an SVG', svg, 'foto.svg', 'image/svg+xml'],
      ['a PDF named .jpg', pdf, 'foto.jpg', 'image/jpeg'],
    ])('refuses %s with 415, keeps the photo, leaves no file', async (_name, bytes, name, type) => {
      const before = await currentPhoto(DEMO.gestorCompras);
      const files = list(profileDir());
      const res = await upload(DEMO.gestorCompras, photoForm(bytes, name, type));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Formato inválido. Use JPEG, PNG ou WEBP.' });
      expect(await currentPhoto(DEMO.gestorCompras)).toEqual(before);
      expect(list(profileDir())).toEqual(files);
      expect(list(tmpDir())).toEqual([]);
    });

    it('refuses an empty file with 400, keeps the photo, leaves no file (issue 9: it could hang)', async () => {
      const before = await currentPhoto(DEMO.gestorCompras);
      const files = list(profileDir());
      const res = await upload(DEMO.gestorCompras, photoForm(Buffer.alloc(0), 'foto.png', 'image/png'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'O arquivo enviado está vazio.' });
      expect(await currentPhoto(DEMO.gestorCompras)).toEqual(before);
      expect(list(profileDir())).toEqual(files);
      expect(list(tmpDir())).toEqual([]);
    });

    it('refuses an image over 3 MB with 413, keeps the photo, leaves no file', async () => {
      const uid = await userId(DEMO.gestorCompras);
      const audits = await auditCount(uid, 'user.photo');
      const before = await currentPhoto(DEMO.gestorCompras);
      const files = list(profileDir());
      const big = Buffer.concat([PNG, Buffer.alloc(MB3 + 1 - PNG.length)]);
      const res = await upload(DEMO.gestorCompras, photoForm(big, 'enorme.png', 'image/png'));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'A imagem excede o tamanho máximo de 3MB.' });
      expect(await currentPhoto(DEMO.gestorCompras)).toEqual(before);
      expect(list(profileDir())).toEqual(files);
      expect(list(tmpDir())).toEqual([]);
      expect(await auditCount(uid, 'user.photo')).toBe(audits);
    });

    it('refuses a form without a file with 400', async () => {
      const form = new FormData();
      form.append('nome', 'sem arquivo');
      const res = await upload(DEMO.gestorCompras, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.fileMissing });
    });

    it('refuses a body that is not multipart with 415', async () => {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/changePictureProfile',
        payload: { file: PNG.toString('base64') },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'O envio deve ser multipart/form-data.' });
    });

    it('lets a user who has not accepted the policy change the photo (profile call)', async () => {
      const res = await upload(DEMO.colaborador, photoForm(PNG, 'eu.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      expect(await currentPhoto(DEMO.colaborador)).toEqual([{ foto: res.json().foto }]);
    });
  });
});
