import { MSG } from '@intranet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const PASSWORD = 'intranet123';
const WINDOW = 60_000;
const LIMITS = {
  loginPerUser: { max: 3, windowMs: WINDOW },
  loginPerUserEverywhere: { max: 5, windowMs: WINDOW },
  passwordDelay: { afterFailures: 1000, baseMs: 0, maxMs: 0 },
  loginPerIp: { max: 8, windowMs: WINDOW },
  recoveryPerUser: { max: 3, windowMs: WINDOW },
  recoveryPerIp: { max: 5, windowMs: WINDOW },
};
/** The CPF of 1002 (seed/demo-data.ts): she signs in with either. */
const CPF_1002 = '11144477735';

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

  const asUser = (token: string, remoteAddress: string) => (options: InjectOptions) =>
    t.app.inject({ ...options, remoteAddress, headers: { authorization: `Bearer ${token}` } });

  it('login per person and address: matrícula and CPF share one counter; then 429 even with the right password', async () => {
    const ip = '10.1.0.1';
    expect((await login(DEMO.gestorCompras, 'errada', ip)).statusCode).toBe(401);
    expect((await login(CPF_1002, 'errada', ip)).statusCode).toBe(401);
    expect((await login(` ${DEMO.gestorCompras} `, 'errada', ip)).statusCode).toBe(401);
    expectTooMany(await login(DEMO.gestorCompras, PASSWORD, ip));
    expectTooMany(await login(CPF_1002, PASSWORD, ip));
    // Someone else at the same address goes on.
    expect((await login(DEMO.suporteTi, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('wrong logins from one address do not lock the user out at another', async () => {
    expect((await login(DEMO.gestorCompras, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expect((await login(CPF_1002, PASSWORD, '10.1.0.3')).statusCode).toBe(200);
  });

  it('login per person everywhere: failures from many addresses add up to a wider limit', async () => {
    for (let i = 0; i < LIMITS.loginPerUserEverywhere.max; i++) {
      expect((await login(DEMO.colaborador, 'errada', `10.5.0.${i + 1}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(DEMO.colaborador, PASSWORD, '10.5.0.100'));
    expect((await login(DEMO.admin, PASSWORD, '10.5.0.100')).statusCode).toBe(200);
  });

  it('a name nobody has counts by the name as read: spellings of it share one counter', async () => {
    const ip = '10.6.0.1';
    for (const name of ['9999', ' 9999', '9999 ']) {
      expect((await login(name, 'errada', ip)).statusCode).toBe(401);
    }
    expectTooMany(await login('9999', 'errada', ip));
    expect((await login('9998', 'errada', ip)).statusCode).toBe(401);
  });

  it('checkpassword and the own password change count wrong passwords with login', async () => {
    const ip = '10.7.0.1';
    const token = (await login(DEMO.juridico, PASSWORD, ip)).json<{ token: string }>().token;
    const as = asUser(token, ip);
    const check = (password: string) =>
      as({ method: 'GET', url: `/api/checkpassword?password=${encodeURIComponent(password)}` });
    const change = (oldPassword: string) =>
      as({ method: 'PUT', url: '/api/me/password', payload: { oldPassword, newPassword: 'outraSenha123' } });
    expect((await check('errada1')).statusCode).toBe(403);
    expect((await change('errada2')).statusCode).toBe(403);
    expect((await check('errada3')).statusCode).toBe(403);
    expectTooMany(await check(PASSWORD));
    expectTooMany(await change(PASSWORD));
    expectTooMany(await login(DEMO.juridico, PASSWORD, ip));
    // The password did not change, and the user signs in from elsewhere.
    expect((await login(DEMO.juridico, PASSWORD, '10.7.0.2')).statusCode).toBe(200);
  });

  it('checkpassword alone stops a guesser after the limit (40 guesses went through)', async () => {
    const ip = '10.8.0.1';
    const token = (await login(DEMO.gestorMultas, PASSWORD, ip)).json<{ token: string }>().token;
    const as = asUser(token, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await as({ method: 'GET', url: `/api/checkpassword?password=palpite${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(LIMITS.loginPerUser.max);
    expect(statuses.slice(LIMITS.loginPerUser.max).every((s) => s === 429)).toBe(true);
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

  it('login per IP counts failures only: a branch behind one address signs in beyond the limit', async () => {
    const ip = '10.2.1.1';
    const people = [DEMO.admin, DEMO.suporteTi, DEMO.analistaRh, DEMO.gestorMultas];
    for (let i = 0; i < 3 * LIMITS.loginPerIp.max; i++) {
      const res = await login(people[i % people.length]!, PASSWORD, ip);
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    // Failures from the same address are still limited, and then even a right password waits.
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      expect((await login(`81${i}`, 'errada', ip)).statusCode).toBe(401);
    }
    expectTooMany(await login('819', 'errada', ip));
    expectTooMany(await login(DEMO.admin, PASSWORD, ip));
  });

  it('login per IP holds under a burst: concurrent failures beyond the limit answer 429', async () => {
    const ip = '10.2.2.1';
    const answers = await Promise.all(
      Array.from({ length: 2 * LIMITS.loginPerIp.max }, (_, i) => login(`82${i}`, 'errada', ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginPerIp.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMITS.loginPerIp.max);
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

describe(`the growing delay after wrong passwords (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const DELAY = { afterFailures: 1, baseMs: 300, maxMs: 600 };
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { passwordDelay: DELAY } });
  });
  afterAll(() => t.close());

  const timedLogin = async (password: string, remoteAddress: string) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO.presidente, password },
      remoteAddress,
    });
    return { status: res.statusCode, ms: performance.now() - started };
  };

  it('waits longer after each further failure, up to a bound', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await timedLogin('errada', `10.9.0.${i + 1}`));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[1]!.ms).toBeGreaterThanOrEqual(DELAY.baseMs);
    expect(answers[2]!.ms).toBeGreaterThanOrEqual(DELAY.maxMs);
    expect(answers[4]!.ms).toBeGreaterThanOrEqual(DELAY.maxMs);
    // Bounded: the fifth waits no longer than the cap (plus the password check itself).
    expect(answers[4]!.ms).toBeLessThan(DELAY.maxMs + 2500);
    expect((await timedLogin(PASSWORD, '10.9.0.9')).status).toBe(200);
  });
});
