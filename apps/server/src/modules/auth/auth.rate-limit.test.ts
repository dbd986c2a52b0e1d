import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const PASSWORD = 'intranet123';
const WINDOW = 60_000;
const LIMITS = {
  loginPerUser: { max: 3, windowMs: WINDOW },
  loginPerIp: { max: 5, windowMs: WINDOW },
  recoveryPerUser: { max: 3, windowMs: WINDOW },
  recoveryPerIp: { max: 5, windowMs: WINDOW },
};

describe(`rate limits of login and recovery (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: LIMITS });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  const recovery = (
    call: 'sendCode' | 'checkCode' | 'updatepassword',
    registration: string,
    remoteAddress: string,
  ) =>
    t.app.inject({
      method: call === 'updatepassword' ? 'PUT' : 'POST',
      url: `/api/${call}`,
      remoteAddress,
      payload:
        call === 'sendCode'
          ? { registration }
          : call === 'checkCode'
            ? { registration, code: '000000' }
            : { registration, password: 'novaSenha123' },
    });

  function expectTooMany(res: Awaited<ReturnType<typeof login>>) {
    expect(res.statusCode).toBe(429);
    const body = res.json<{ error: string; retryAfterSeconds: number }>();
    expect(body.error).toBe(MSG.tooManyRequests);
    expect(Number.isInteger(body.retryAfterSeconds)).toBe(true);
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(WINDOW / 1000);
  }

  it('login per user: the attempt after the limit answers 429, even with the right password; others go on', async () => {
    for (let i = 0; i < LIMITS.loginPerUser.max; i++) {
      expect((await login(DEMO.gestorCompras, 'errada', `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(DEMO.gestorCompras, PASSWORD, '10.1.0.50'));
    // The same user typed with spaces is the same user.
    expectTooMany(await login(` ${DEMO.gestorCompras} `, PASSWORD, '10.1.0.51'));
    expect((await login(DEMO.suporteTi, PASSWORD, '10.1.0.52')).statusCode).toBe(200);
  });

  it('login per IP: the attempt after the limit from one address answers 429; other addresses go on', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      expect((await login(`80${i}`, 'errada', ip)).statusCode).toBe(401);
    }
    expectTooMany(await login(DEMO.analistaRh, PASSWORD, ip));
    expect((await login(DEMO.analistaRh, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    // Recovery has limits of its own: the blocked address may still ask for a code.
    expect((await recovery('sendCode', DEMO.admin, ip)).statusCode).toBe(200);
  });

  it('recovery per user: sendCode, checkCode and updatepassword count together', async () => {
    expect((await recovery('sendCode', DEMO.diretor, '10.3.0.1')).statusCode).toBe(200);
    expect((await recovery('checkCode', DEMO.diretor, '10.3.0.2')).statusCode).toBe(400);
    expect((await recovery('updatepassword', DEMO.diretor, '10.3.0.3')).statusCode).toBe(400);
    for (const call of ['sendCode', 'checkCode', 'updatepassword'] as const) {
      expectTooMany(await recovery(call, DEMO.diretor, '10.3.0.9'));
    }
    expect((await recovery('sendCode', DEMO.presidente, '10.3.0.10')).statusCode).toBe(200);
    // Login is limited apart from recovery.
    expect((await login(DEMO.diretor, PASSWORD, '10.3.0.11')).statusCode).toBe(200);
  });

  it('recovery per IP: the call after the limit from one address answers 429; other addresses go on', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < LIMITS.recoveryPerIp.max; i++) {
      expect((await recovery('sendCode', `70${i}`, ip)).statusCode).toBe(404);
    }
    const mails = t.outbox().length;
    expectTooMany(await recovery('sendCode', DEMO.juridico, ip));
    expectTooMany(await recovery('checkCode', DEMO.juridico, ip));
    expectTooMany(await recovery('updatepassword', DEMO.juridico, ip));
    expect(t.outbox()).toHaveLength(mails);
    expect((await recovery('sendCode', DEMO.juridico, '10.4.0.2')).statusCode).toBe(200);
  });
});
