import { MSG, SETUP_MSG } from '@intranet/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { openSetupLink } from './setup.service.ts';

const FIRST = {
  matricula: '1',
  nome: 'Helena Prado Ribeiro',
  cpf: '529.982.247-25',
  email: 'helena.ribeiro@empresa.com.br',
  senha: 'primeira-senha',
};

describe(`first start without the demo: the set-up link (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('audit_log').execute();
    await t.db.deleteFrom('sessions').execute();
    await t.db.deleteFrom('user_sectors').execute();
    await t.db.deleteFrom('user_branches').execute();
    await t.db.deleteFrom('users').execute();
  });

  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/setup/${token}` });
  const finish = (token: string, payload: object = FIRST) =>
    t.app.inject({ method: 'POST', url: `/api/setup/${token}`, payload });

  it('makes the first administrator once: he signs in; the link then answers 404', async () => {
    const token = await openSetupLink(t.db);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await check(token!)).statusCode).toBe(200);

    const made = await finish(token!);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ success: true, message: SETUP_MSG.done });
    const admin = await t.db
      .selectFrom('users')
      .select(['id', 'privilegio', 'admin', 'suport', 'cpf', 'email'])
      .where('matricula', '=', '1')
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ privilegio: 1, admin: 1, suport: 1, cpf: '52998224725' });
    expect(await t.auditCount(admin.id, 'user.create')).toBe(1);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${await t.login('1', FIRST.senha)}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: admin.id, privilegio: 1, admin: 1 });

    // Used: the page and the call answer 404, and a new start makes no link.
    expect((await check(token!)).statusCode).toBe(404);
    const again = await finish(token!, {
      ...FIRST,
      matricula: '2',
      cpf: '153.509.460-56',
      email: 'x@empresa.com.br',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SETUP_MSG.notFound });
    expect(await openSetupLink(t.db)).toBeNull();
  });

  it('refuses a wrong, an older or an expired link with 404, and writes nothing', async () => {
    const old = await openSetupLink(t.db);
    const current = await openSetupLink(t.db);
    expect(current).not.toEqual(old);
    for (const token of [old!, 'x'.repeat(43), 'não-é-um-token', '']) {
      expect((await check(encodeURIComponent(token))).statusCode, token).toBe(404);
      expect((await finish(encodeURIComponent(token))).statusCode, token).toBe(404);
    }
    const expired = await openSetupLink(t.db, new Date(Date.now() - 25 * 3_600_000));
    expect((await check(expired!)).statusCode).toBe(404);
    expect((await finish(expired!)).statusCode).toBe(404);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('names in Portuguese what the form lacks (400), and the link stays usable', async () => {
    const token = (await openSetupLink(t.db))!;
    const cases: [object, string][] = [
      [{ ...FIRST, cpf: '' }, SETUP_MSG.cpfRequired],
      [{ ...FIRST, cpf: '111.111.111-11' }, SETUP_MSG.cpfInvalid],
      [{ ...FIRST, email: '' }, SETUP_MSG.emailRequired],
      [{ ...FIRST, email: 'helena@' }, 'Informe um e-mail válido.'],
      [{ ...FIRST, senha: '123' }, MSG.passwordTooShort],
      [{ ...FIRST, matricula: '12a' }, 'A matrícula deve ter apenas números.'],
      [{ ...FIRST, nome: '  ' }, 'Informe o nome.'],
    ];
    for (const [payload, message] of cases) {
      const res = await finish(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await check(token)).statusCode).toBe(200);
  });

  it('two sends of one link at once make one administrator', async () => {
    const token = (await openSetupLink(t.db))!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        finish(token, { ...FIRST, matricula: String(10 + i), cpf: '', email: `a${i}@empresa.com.br` }).then(
          (r) => r.statusCode,
        ),
      ),
    );
    // Every send lacks the CPF but one: only the valid one can make the administrator.
    expect(answers.every((s) => s === 400)).toBe(true);
    const both = await Promise.all([
      finish(token, FIRST),
      finish(token, { ...FIRST, matricula: '2', cpf: '153.509.460-56', email: 'b@empresa.com.br' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});

describe(`the set-up link with the demo data (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is never made while an administrator exists, and a signed-in user cannot use one', async () => {
    expect(await openSetupLink(t.db)).toBeNull();
    const res = await t.as(DEMO.colaborador)({
      method: 'POST',
      url: `/api/setup/${'a'.repeat(43)}`,
      payload: FIRST,
    });
    expect(res.statusCode).toBe(404);
  });
});
