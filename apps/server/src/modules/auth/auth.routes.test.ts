import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { hashToken, SESSION_COOKIE } from '../../platform/sessions.ts';
import { DEMO_BANNERS, DEMO_NOTICES } from '../../seed/demo-data.ts';

const PASSWORD = 'intranet123';
/** Spec §5: the login failure message. */
const LOGIN_FAILED = 'Erro ao fazer Login / Por favor, verifique login e senha.';
const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed/assets');
const BANNER_URL = '/api/files/banners/demo-banner-boas-vindas.jpg';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`session: login, check-auth, session data, logout, expiry (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const userId = (matricula: string) => t.userId(matricula);
  const auditCount = (uid: number, action: string) => t.auditCount(uid, action);
  const login = (username: string, password = PASSWORD, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  const checkAuth = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/check-auth', headers: bearer(token) });
  const sessionRow = (token: string) =>
    t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

  describe('POST /api/login', () => {
    it('signs in by matrícula: {success, token}, a session row, an audit entry', async () => {
      const uid = await userId(DEMO.gestorCompras);
      const before = await auditCount(uid, 'login');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: DEMO.gestorCompras, password: PASSWORD },
        headers: { 'user-agent': 'vitest-navegador' },
        remoteAddress: '10.9.8.7',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; token: string }>();
      expect(body).toEqual({ success: true, token: expect.any(String) });
      expect(body.token.length).toBeGreaterThanOrEqual(40);
      expect(await auditCount(uid, 'login')).toBe(before + 1);

      const row = await sessionRow(body.token);
      expect(row).toMatchObject({ user_id: uid, ip: '10.9.8.7', user_agent: 'vitest-navegador' });
      // Only the hash of the token is stored.
      expect(JSON.stringify(row)).not.toContain(body.token);
      expect(Date.parse(row!.expires_at) - Date.now()).toBeGreaterThan(
        (LIMITS.sessionTtlHours - 1) * 3600_000,
      );

      expect((await checkAuth(body.token)).statusCode).toBe(200);
    });

    it('sets the token as an httpOnly SameSite=Lax cookie limited to /api', async () => {
      const res = await login(DEMO.suporteTi);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({
        value: res.json().token,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api',
      });
      expect(cookie?.maxAge).toBe(LIMITS.sessionTtlHours * 3600);
    });

    it('signs in by CPF (digits)', async () => {
      const res = await login('11144477735');
      expect(res.statusCode).toBe(200);
      const data = await t.app.inject({
        method: 'GET',
        url: '/api/get-sessionData',
        headers: bearer(res.json().token),
      });
      expect(data.json()).toMatchObject({ matricula: '1002', userName: 'Patrícia Souza Ramos' });
    });

    it.each([
      ['wrong password (matrícula)', DEMO.gestorCompras, 'senhaErrada'],
      ['wrong password (CPF)', '11144477735', 'senhaErrada'],
      ['unknown matrícula', '9999', PASSWORD],
      ['unknown CPF', '12345678909', PASSWORD],
      ['password of another user, case changed', DEMO.gestorCompras, 'INTRANET123'],
    ])(
      'refuses a %s with 401 and the spec message, no session, no cookie',
      async (_name, username, password) => {
        const sessionsBefore = await t.db.selectFrom('sessions').select('id').execute();
        const res = await login(username, password);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, error: LOGIN_FAILED });
        expect(res.cookies).toEqual([]);
        expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
      },
    );

    it('does not audit a failed login as a login', async () => {
      const uid = await userId(DEMO.gestorCompras);
      const before = await auditCount(uid, 'login');
      expect((await login(DEMO.gestorCompras, 'errada')).statusCode).toBe(401);
      expect(await auditCount(uid, 'login')).toBe(before);
    });
  });

  describe('GET /api/check-auth', () => {
    it.each([
      [DEMO.suporteTi, 1],
      [DEMO.admin, 1],
      [DEMO.juridico, 0],
      [DEMO.colaborador, 0],
    ])('as %s answers {success: true, support: %i}', async (matricula, support) => {
      const res = await t.as(matricula)({ method: 'GET', url: '/api/check-auth' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, support });
    });

    it.each([
      ['no header', {}],
      ['an unknown token', bearer('x'.repeat(43))],
      ['a malformed header', { authorization: 'Bearer <script>' }],
      ['another scheme', { authorization: 'Basic MTAwMTppbnRyYW5ldDEyMw==' }],
    ])('answers 401 {error} with %s', async (_name, headers) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.unauthenticated });
    });
  });

  describe('GET /api/get-sessionData and /api/me', () => {
    it('answers every session field of spec §3 for Gestor Compras (1002)', async () => {
      const res = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/get-sessionData' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        userId: await userId(DEMO.gestorCompras),
        userName: 'Patrícia Souza Ramos',
        privilegio: 2,
        matricula: '1002',
        setor: [{ sector: 'Compras', role: 'compras' }],
        mainSector: 'Compras',
        suport: 1,
        admin: 0,
        filial: 'Matriz',
        policyAccepted: 1,
        pictureProfile: null,
        email: 'patricia.ramos@rotasul.com.br',
        tell: '11976543210',
        filiais: ['Matriz'],
        screens: {
          chamadosAbertos: true,
          comprasRecebidas: true,
          abrirCompra: true,
          abrirChamado: true,
          atendimentoRh: false,
          solicitarRh: true,
          funcionarios: false,
          multas: false,
          anexosOperacao: true,
          usuarios: true,
          avisos: false,
        },
      });
    });

    it('lists every sector of the Diretor (1006), the main one first', async () => {
      const res = await t.as(DEMO.diretor)({ method: 'GET', url: '/api/get-sessionData' });
      expect(res.json()).toMatchObject({
        userName: 'Roberto Almeida Nogueira',
        privilegio: 2,
        setor: [
          { sector: 'Operação', role: 'operacao' },
          { sector: 'Estoque', role: 'estoque' },
        ],
        mainSector: 'Operação',
        filial: 'Matriz',
        filiais: ['Matriz', 'Maua'],
      });
    });

    it('answers the Administrador (1001) flags and policyAccepted 0 for 1003', async () => {
      const admin = await t.as(DEMO.admin)({ method: 'GET', url: '/api/get-sessionData' });
      expect(admin.json()).toMatchObject({ privilegio: 1, admin: 1, suport: 1, policyAccepted: 1 });
      const colaborador = await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/get-sessionData' });
      expect(colaborador.json()).toMatchObject({
        privilegio: 3,
        admin: 0,
        suport: 0,
        policyAccepted: 0,
        filial: 'Maua',
        setor: [{ sector: 'Operação', role: 'operacao' }],
      });
    });

    it('GET /api/me answers userId, privilegio, policyAccepted, admin, suport', async () => {
      const admin = await t.as(DEMO.admin)({ method: 'GET', url: '/api/me' });
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({
        userId: await userId(DEMO.admin),
        privilegio: 1,
        policyAccepted: 1,
        admin: 1,
        suport: 1,
      });
      const colaborador = await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/me' });
      expect(colaborador.json()).toEqual({
        userId: await userId(DEMO.colaborador),
        privilegio: 3,
        policyAccepted: 0,
        admin: 0,
        suport: 0,
      });
    });
  });

  describe('GET /api/logout', () => {
    it('ends this session only, clears the cookie and is audited', async () => {
      const uid = await userId(DEMO.analistaRh);
      const token = (await login(DEMO.analistaRh)).json().token as string;
      const other = (await login(DEMO.analistaRh)).json().token as string;
      const before = await auditCount(uid, 'logout');

      const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api');
      expect(cleared?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());

      expect(await sessionRow(token)).toBeUndefined();
      const again = await checkAuth(token);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ error: MSG.unauthenticated });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) })).statusCode,
      ).toBe(401);
      expect((await checkAuth(other)).statusCode).toBe(200);
      expect(await auditCount(uid, 'logout')).toBe(before + 1);
    });
  });

  describe('session lifetime', () => {
    it('refuses an expired session and deletes it', async () => {
      const token = (await login(DEMO.analistaRh)).json().token as string;
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const res = await checkAuth(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.unauthenticated });
      expect(await sessionRow(token)).toBeUndefined();
    });

    it('refuses a session idle for longer than the idle limit', async () => {
      const token = (await login(DEMO.analistaRh)).json().token as string;
      const idle = LIMITS.sessionIdleHours * 3600_000 + 60_000;
      await t.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - idle).toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      expect((await checkAuth(token)).statusCode).toBe(401);
      expect(await sessionRow(token)).toBeUndefined();
    });

    it('keeps a session used within the idle limit alive and records the use', async () => {
      const token = (await login(DEMO.analistaRh)).json().token as string;
      const start = Date.now();
      await t.db
        .updateTable('sessions')
        .set({
          last_seen_at: new Date(start - LIMITS.sessionIdleHours * 3600_000 + 10 * 60_000).toISOString(),
        })
        .where('token_hash', '=', hashToken(token))
        .execute();
      expect((await checkAuth(token)).statusCode).toBe(200);
      const row = await sessionRow(token);
      expect(Date.parse(row!.last_seen_at)).toBeGreaterThanOrEqual(start - 1000);
    });
  });

  describe('a disabled user', () => {
    const setActive = (active: number) =>
      t.db.updateTable('users').set({ active }).where('matricula', '=', DEMO.gestorMultas).execute();

    it('cannot sign in and loses every open session at once, for good', async () => {
      const a = (await login(DEMO.gestorMultas)).json().token as string;
      const b = (await login(DEMO.gestorMultas)).json().token as string;
      expect((await checkAuth(a)).statusCode).toBe(200);

      await setActive(0);
      try {
        for (const token of [a, b]) {
          const res = await checkAuth(token);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ error: MSG.unauthenticated });
        }
        const files = await t.app.inject({ method: 'GET', url: BANNER_URL, headers: bearer(b) });
        expect(files.statusCode).toBe(401);
        const res = await login(DEMO.gestorMultas);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, error: LOGIN_FAILED });
        expect((await login('85214672063')).statusCode).toBe(401);
      } finally {
        await setActive(1);
      }
      // Enabling the account again does not bring the old sessions back.
      expect((await checkAuth(a)).statusCode).toBe(401);
      expect((await checkAuth(b)).statusCode).toBe(401);
      expect((await login(DEMO.gestorMultas)).statusCode).toBe(200);
    });
  });

  describe('the session cookie', () => {
    let token: string;
    let cookies: Record<string, string>;
    beforeAll(async () => {
      const res = await login(DEMO.juridico);
      token = res.json().token;
      cookies = { [SESSION_COOKIE]: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value };
      expect(cookies[SESSION_COOKIE]).toBe(token);
    });

    it('alone is enough to read a staff file (GET and HEAD)', async () => {
      const get = await t.app.inject({ method: 'GET', url: BANNER_URL, cookies });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/jpeg');
      expect(get.rawPayload.equals(fs.readFileSync(path.join(ASSETS, 'banner-boas-vindas.jpg')))).toBe(true);
      const head = await t.app.inject({ method: 'HEAD', url: BANNER_URL, cookies });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
    });

    it.each([
      ['GET', '/api/get-sessionData', undefined],
      ['GET', '/api/check-auth', undefined],
      ['GET', '/api/me', undefined],
      ['GET', '/api/get-infoText', undefined],
      ['GET', '/api/attach-banner', undefined],
      ['GET', '/api/getPictureProfile', undefined],
      ['GET', '/api/logout', undefined],
      ['PUT', '/api/me', { email: 'invasor@exemplo.com', tell: null }],
      ['PUT', '/api/me/password', { oldPassword: PASSWORD, newPassword: 'trocada123' }],
      ['PUT', '/api/users/policy', { policyAccepted: 1 }],
      ['POST', '/api/changePictureProfile', {}],
    ] as const)('alone is refused by %s %s (401)', async (method, url, payload) => {
      const res = await t.app.inject({ method, url, cookies, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.unauthenticated });
    });

    it('was not used by the refused calls: the session and the password are intact', async () => {
      expect((await checkAuth(token)).statusCode).toBe(200);
      expect((await login(DEMO.juridico)).statusCode).toBe(200);
      const data = await t.app.inject({ method: 'GET', url: '/api/get-sessionData', headers: bearer(token) });
      expect(data.json().email).toBe('luiz.teixeira@rotasul.com.br');
    });

    it('of a user who has not accepted the policy does not open staff files (403)', async () => {
      const res = await login(DEMO.colaborador);
      const colaborador = { [SESSION_COOKIE]: res.json().token as string };
      const get = await t.app.inject({ method: 'GET', url: BANNER_URL, cookies: colaborador });
      expect(get.statusCode).toBe(403);
      expect(get.json()).toEqual({ error: MSG.policyRequired });
    });

    it('stops working after logout', async () => {
      const res = await login(DEMO.presidente);
      const own = { [SESSION_COOKIE]: res.json().token as string };
      expect((await t.app.inject({ method: 'GET', url: BANNER_URL, cookies: own })).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: bearer(res.json().token),
      });
      expect(out.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: BANNER_URL, cookies: own })).statusCode).toBe(401);
    });
  });

  describe('home content read by members (notices and banners)', () => {
    it('GET /api/get-infoText lists the notices, newest first, as {id, text, img, position}', async () => {
      const res = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-infoText' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        DEMO_NOTICES.map((n) => ({
          id: expect.any(Number),
          text: n.text,
          img: n.image ? `files/notices/demo-${n.image}` : null,
          position: n.position,
        })),
      );
    });

    it('serves each notice image at /api/{img}', async () => {
      const notices = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-infoText' })).json<
        { img: string | null }[]
      >();
      const withImage = notices.filter((n) => n.img);
      expect(withImage.length).toBe(2);
      for (const n of withImage) {
        const img = await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${n.img}` });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe('image/jpeg');
        const asset = path.join(ASSETS, n.img!.replace('files/notices/demo-', ''));
        expect(img.rawPayload.equals(fs.readFileSync(asset))).toBe(true);
      }
    });

    it('GET /api/attach-banner lists the banners, newest first, as {id, path, alt}', async () => {
      const res = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/attach-banner' });
      expect(res.statusCode).toBe(200);
      const banners = res.json<{ id: number; path: string; alt: string }[]>();
      expect(banners).toEqual(
        DEMO_BANNERS.map((b) => ({
          id: expect.any(Number),
          path: `files/banners/demo-${b.image}`,
          alt: b.alt,
        })),
      );
      for (const b of banners) {
        const file = await t.as(DEMO.suporteTi)({ method: 'GET', url: `/api/${b.path}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
      }
    });
  });
});

describe(`GET /api/get-infoText with no notice at all (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.deleteFrom('notices').execute();
  });
  afterAll(() => t.close());

  it('answers 404 (spec §7: 404 means none)', async () => {
    const res = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/get-infoText' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.noNotices });
  });

  it('still answers the banners', async () => {
    const res = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/attach-banner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });
});
