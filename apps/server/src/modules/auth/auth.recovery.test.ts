import { LIMITS, MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { mailBody } from '../../../test/mail-body.ts';

const PASSWORD = 'intranet123';
/** Spec §8: the recovery toast for an unknown user. */
const USER_ERROR = 'Erro ao verificar usuário';
/** Spec §8: success of step 3. */
const RESET_OK = 'Senha redefinida com sucesso';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`password recovery: sendCode, checkCode, updatepassword (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const sendCode = (registration: string) => post('/api/sendCode', { registration });
  /** The recovery cookie each "browser" (one per registration) received from checkCode. */
  const jar = new Map<string, string>();
  const checkCode = async (registration: string, code: string) => {
    const res = await post('/api/checkCode', { registration, code });
    const cookie = res.cookies.find((c) => c.name === 'intranet_recovery');
    if (cookie) jar.set(registration, cookie.value);
    return res;
  };
  const updatePassword = (registration: string, password: string, cookie = jar.get(registration)) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/updatepassword',
      payload: { registration, password },
      cookies: cookie ? { intranet_recovery: cookie } : {},
    });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const userOf = (matricula: string) =>
    t.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('matricula', '=', matricula)
      .executeTakeFirstOrThrow();
  const auditCount = (uid: number, action: string) => t.auditCount(uid, action);

  /** Asks for a code and reads it from the e-mail the mailer wrote to the outbox. */
  async function requestCode(matricula: string): Promise<string> {
    const { email } = await userOf(matricula);
    const before = new Set(t.outbox());
    const res = await sendCode(matricula);
    expect(res.statusCode).toBe(200);
    const fresh = t.outbox().filter((m) => !before.has(m));
    expect(fresh).toHaveLength(1);
    const eml = fresh[0]!;
    expect(eml).toMatch(new RegExp(`^To: ${email!.replace(/[.]/g, '\\.')}$`, 'm'));
    const match = /redefinir a senha da intranet é: (\d+)/.exec(mailBody(eml));
    expect(match?.[1]).toMatch(/^\d{6}$/);
    return match![1]!;
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sendCode answers the masked e-mail and mails a 6-digit code (audited)', async () => {
    const { id } = await userOf(DEMO.gestorCompras);
    const audits = await auditCount(id, 'password.code_sent');
    const before = new Set(t.outbox());
    const res = await sendCode(DEMO.gestorCompras);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'pa***@rotasul.com.br' });
    const fresh = t.outbox().filter((m) => !before.has(m));
    expect(fresh).toHaveLength(1);
    const eml = fresh[0]!;
    expect(eml).toMatch(/^To: patricia\.ramos@rotasul\.com\.br$/m);
    const body = mailBody(eml);
    expect(body).toContain('Olá, Patrícia Souza Ramos.');
    expect(body).toMatch(/Seu código para redefinir a senha da intranet é: \d{6}\n/);
    expect(body).toContain(`Ele vale por ${LIMITS.recoveryCodeTtlMinutes} minutos.`);
    // The code travels only by e-mail, never in the answer; only its hash is stored.
    const code = /é: (\d{6})/.exec(body)![1]!;
    expect(res.body).not.toContain(code);
    const row = await t.db
      .selectFrom('password_reset_codes')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(await auditCount(id, 'password.code_sent')).toBe(audits + 1);
  });

  it('also finds the user by CPF', async () => {
    const before = new Set(t.outbox());
    const res = await sendCode('39053344705');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'he***@rotasul.com.br' });
    const fresh = t.outbox().filter((m) => !before.has(m));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/^To: helena\.figueiredo@rotasul\.com\.br$/m);
  });

  it('walks the three steps: wrong code 400, right code 200, new password set, sessions ended, audited', async () => {
    const { id } = await userOf(DEMO.gestorCompras);
    const open = (await login(DEMO.gestorCompras, PASSWORD)).json().token as string;
    const code = await requestCode(DEMO.gestorCompras);

    const early = await updatePassword(DEMO.gestorCompras, 'recuperada123');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: MSG.recoveryNotVerified });

    const wrong = await checkCode(DEMO.gestorCompras, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: MSG.recoveryCodeInvalid });

    const right = await checkCode(DEMO.gestorCompras, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ success: true });

    const audits = await auditCount(id, 'password.reset');
    const done = await updatePassword(DEMO.gestorCompras, 'recuperada123');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: RESET_OK });
    expect(await auditCount(id, 'password.reset')).toBe(audits + 1);

    expect((await login(DEMO.gestorCompras, 'recuperada123')).statusCode).toBe(200);
    expect((await login(DEMO.gestorCompras, PASSWORD)).statusCode).toBe(401);
    const check = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: bearer(open) });
    expect(check.statusCode).toBe(401);

    // The code is spent.
    const again = await updatePassword(DEMO.gestorCompras, 'terceira123');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.recoveryCodeInvalid });
    expect((await checkCode(DEMO.gestorCompras, code)).statusCode).toBe(400);
    expect((await login(DEMO.gestorCompras, 'recuperada123')).statusCode).toBe(200);
    expect((await login(DEMO.gestorCompras, 'terceira123')).statusCode).toBe(401);
  });

  it('refuses an expired code, even after it was verified', async () => {
    const code = await requestCode(DEMO.suporteTi);
    const { id } = await userOf(DEMO.suporteTi);
    const expire = () =>
      t.db
        .updateTable('password_reset_codes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', id)
        .execute();
    await expire();
    const res = await checkCode(DEMO.suporteTi, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.recoveryCodeInvalid });

    const second = await requestCode(DEMO.suporteTi);
    expect((await checkCode(DEMO.suporteTi, second)).statusCode).toBe(200);
    await expire();
    expect((await updatePassword(DEMO.suporteTi, 'expirada123')).statusCode).toBe(400);
    expect((await login(DEMO.suporteTi, PASSWORD)).statusCode).toBe(200);
  });

  it(`refuses even the right code after ${LIMITS.recoveryCodeMaxAttempts} wrong tries`, async () => {
    const code = await requestCode(DEMO.analistaRh);
    for (let i = 0; i < LIMITS.recoveryCodeMaxAttempts; i++) {
      const res = await checkCode(DEMO.analistaRh, wrongCode(code));
      expect(res.statusCode).toBe(400);
    }
    const res = await checkCode(DEMO.analistaRh, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.recoveryCodeInvalid });
    expect((await updatePassword(DEMO.analistaRh, 'bloqueada123')).statusCode).toBe(400);

    // A new code starts over.
    const fresh = await requestCode(DEMO.analistaRh);
    expect((await checkCode(DEMO.analistaRh, fresh)).statusCode).toBe(200);
  });

  it(`accepts the right code on the last of ${LIMITS.recoveryCodeMaxAttempts} tries`, async () => {
    const code = await requestCode(DEMO.presidente);
    for (let i = 0; i < LIMITS.recoveryCodeMaxAttempts - 1; i++) {
      expect((await checkCode(DEMO.presidente, wrongCode(code))).statusCode).toBe(400);
    }
    expect((await checkCode(DEMO.presidente, code)).statusCode).toBe(200);
  });

  it('a new sendCode replaces the previous code', async () => {
    let first = await requestCode(DEMO.diretor);
    let second = await requestCode(DEMO.diretor);
    while (second === first) {
      // One chance in a million: ask again so that the two codes differ.
      first = second;
      second = await requestCode(DEMO.diretor);
    }
    const old = await checkCode(DEMO.diretor, first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ error: MSG.recoveryCodeInvalid });
    expect((await checkCode(DEMO.diretor, second)).statusCode).toBe(200);
  });

  it('only the browser that verified the code may set the password (httpOnly, strict cookie)', async () => {
    const code = await requestCode(DEMO.gestorMultas);
    const right = await checkCode(DEMO.gestorMultas, code);
    const cookie = right.cookies.find((c) => c.name === 'intranet_recovery');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/updatepassword' });

    const stranger = await updatePassword(DEMO.gestorMultas, 'roubada123', '');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ error: MSG.recoveryNotVerified });
    const forged = await updatePassword(DEMO.gestorMultas, 'roubada123', 'x'.repeat(43));
    expect(forged.statusCode).toBe(400);
    expect((await login(DEMO.gestorMultas, PASSWORD)).statusCode).toBe(200);

    const own = await updatePassword(DEMO.gestorMultas, 'recuperada123');
    expect(own.statusCode).toBe(200);
    expect((await login(DEMO.gestorMultas, 'recuperada123')).statusCode).toBe(200);
  });

  it('a new sendCode also drops a verification already made', async () => {
    const code = await requestCode(DEMO.juridico);
    expect((await checkCode(DEMO.juridico, code)).statusCode).toBe(200);
    await requestCode(DEMO.juridico);
    const res = await updatePassword(DEMO.juridico, 'semverificar1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.recoveryNotVerified });
  });

  it.each([
    ['sendCode', () => sendCode('9999')],
    ['checkCode', () => checkCode('9999', '123456')],
    ['updatepassword', () => updatePassword('9999', 'qualquer123')],
    ['sendCode with an unknown CPF', () => sendCode('12345678909')],
  ])(
    'answers 404 "Erro ao verificar usuário" for an unknown registration (%s), no e-mail',
    async (_n, call) => {
      const before = t.outbox().length;
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: USER_ERROR });
      expect(t.outbox()).toHaveLength(before);
    },
  );

  it('answers 404 for a disabled user', async () => {
    await t.db.updateTable('users').set({ active: 0 }).where('matricula', '=', DEMO.colaborador).execute();
    try {
      const before = t.outbox().length;
      const res = await sendCode(DEMO.colaborador);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: USER_ERROR });
      expect(t.outbox()).toHaveLength(before);
    } finally {
      await t.db.updateTable('users').set({ active: 1 }).where('matricula', '=', DEMO.colaborador).execute();
    }
  });

  it('tells a user without an e-mail to call IT, and mails nothing', async () => {
    await t.db.updateTable('users').set({ email: null }).where('matricula', '=', DEMO.gestorMultas).execute();
    const before = t.outbox().length;
    const res = await sendCode(DEMO.gestorMultas);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.recoveryNoEmail });
    expect(t.outbox()).toHaveLength(before);
  });
});
