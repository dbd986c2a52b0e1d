import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { newUser, userRouteTests } from './users.routes.fixture.ts';

/** Creating, changing, resetting the password of and deleting users. */
describe(`users: administration (${TEST_DIALECT})`, () => {
  const { app, idOf } = userRouteTests();

  it('creates a user with the defaults, who can then sign in', async () => {
    const res = await app().as(DEMO.admin)({ method: 'POST', url: '/api/users', payload: newUser() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: MSG.userCreated });
    const token = await app().login('2001', 'senhaNova1');
    const session = await app().app.inject({
      method: 'GET',
      url: '/api/get-sessionData',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json()).toMatchObject({
      userName: 'Beatriz Nunes Carvalho',
      privilegio: 3,
      suport: 0,
      admin: 0,
      filial: 'Matriz',
      setor: [{ sector: 'Recursos Humanos', role: 'rh' }],
      policyAccepted: 0,
    });
    expect(session.json()).not.toHaveProperty('cpf');
    const log = await app()
      .db.selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'user.create')
      .execute();
    expect(log[0]?.summary).toContain('2001');
  });

  it('creates a Gestor with several sectors and branches, forcing suport 1', async () => {
    const res = await app().as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({
        matricula: '2002',
        cpf: '',
        privilegio: 2,
        suport: 0,
        setor: 'Operacao',
        setores: ['Estoque'],
        filial: 'Mauá',
        filiais: ['Matriz'],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await app()
      .db.selectFrom('users')
      .selectAll()
      .where('matricula', '=', '2002')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ privilegio: 2, suport: 1, admin: 0, filial: 'Maua', cpf: null });
    const list = (
      await app().as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '2002' } })
    ).json();
    expect(list.users[0]).toMatchObject({ setores: ['Operação', 'Estoque'], filiais: ['Maua', 'Matriz'] });
  });

  it('refuses a Gestor creating an Administrador or a Gestor', async () => {
    for (const privilegio of [1, 2]) {
      const res = await app().as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2003', cpf: '', privilegio }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.userCreateFailed(MSG.userPrivilegeDenied));
    }
    const ok = await app().as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2003', cpf: '', privilegio: 3, setor: 'Compras' }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a duplicate matrícula or CPF with the spec message', async () => {
    const dupMat = await app().as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '1001', cpf: '' }),
    });
    expect(dupMat.statusCode).toBe(409);
    expect(dupMat.json().error).toBe('Falha ao cadastrar usuário, matrícula já cadastrada.');
    const dupCpf = await app().as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2099', cpf: '52998224725' }),
    });
    expect(dupCpf.statusCode).toBe(409);
    expect(dupCpf.json().error).toBe('Falha ao cadastrar usuário, CPF já cadastrado.');
  });

  it.each([
    [{ nome: 'x'.repeat(56) }, 'O nome deve ter no máximo 55 caracteres.'],
    [{ matricula: '12345' }, 'A matrícula deve ter no máximo 4 dígitos.'],
    [{ cpf: '123456789012' }, 'O CPF deve ter no máximo 11 dígitos.'],
    [{ setor: 'Marketing' }, 'Setor: "Marketing" não é um setor ativo.'],
    [{ filiais: ['Santos'] }, 'Filial: "Santos" não é uma filial ativa.'],
    [{ senha: '123' }, MSG.passwordTooShort],
  ])('refuses bad registration %j with a Portuguese 400', async (change, message) => {
    const res = await app().as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2050', cpf: '', ...change }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('updates sectors, branches, privilege and support', async () => {
    const userId = await idOf(DEMO.juridico);
    const res = await app().as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users',
      payload: {
        userId,
        setores: ['QSSMA', 'Recursos Humanos'],
        filiais: ['Maua', 'Matriz'],
        privilegio: 3,
        suport: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.dataUpdated);
    const row = (
      await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', data: DEMO.juridico },
      })
    ).json().users[0];
    expect(row).toMatchObject({
      setores: ['QSSMA', 'Recursos Humanos'],
      filiais: ['Maua', 'Matriz'],
      filial: 'Maua',
      suport: 1,
    });
  });

  it('lets only an Administrador promote to Gestor; a Gestor cannot touch an Administrador', async () => {
    const userId = await idOf('2003');
    const promote = await app().as(DEMO.gestorCompras)({
      method: 'PUT',
      url: '/api/users',
      payload: { userId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 2, suport: 1 },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error).toBe(MSG.userPrivilegeChangeDenied);
    const touchAdmin = await app().as(DEMO.gestorCompras)({
      method: 'PUT',
      url: '/api/users',
      payload: {
        userId: await idOf(DEMO.admin),
        setores: ['Compras'],
        filiais: ['Matriz'],
        privilegio: 1,
        suport: 1,
      },
    });
    expect(touchAdmin.statusCode).toBe(403);
    const byAdmin = await app().as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users',
      payload: { userId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 2, suport: 0 },
    });
    expect(byAdmin.statusCode).toBe(200);
    const row = await app()
      .db.selectFrom('users')
      .select(['privilegio', 'suport'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ privilegio: 2, suport: 1 });
  });

  it('resets a password without the old one and ends that user’s sessions', async () => {
    const userId = await idOf('2001');
    const token = await app().login('2001', 'senhaNova1');
    const res = await app().as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users/password',
      payload: { userId, senha: 'trocada123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);
    const old = await app().app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    await expect(app().login('2001', 'trocada123')).resolves.toEqual(expect.any(String));
    const denied = await app().as(DEMO.gestorCompras)({
      method: 'PUT',
      url: '/api/users/password',
      payload: { userId: await idOf(DEMO.admin), senha: 'trocada123' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('deletes by deactivating: sessions end at once, login refused, history kept', async () => {
    const userId = await idOf('2001');
    const token = await app().login('2001', 'trocada123');
    const res = await app().as(DEMO.admin)({ method: 'POST', url: '/api/dropUser', payload: { userId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.userDeleted, error: null });
    const after = await app().app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const login = await app().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '2001', password: 'trocada123' },
    });
    expect(login.statusCode).toBe(401);
    const row = await app()
      .db.selectFrom('users')
      .select(['active', 'deactivated_at', 'nome'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ active: 0, nome: 'Beatriz Nunes Carvalho' });
    expect(row.deactivated_at).toEqual(expect.any(String));
    const audit = await app().db.selectFrom('audit_log').select('id').where('user_id', '=', userId).execute();
    expect(audit.length).toBeGreaterThan(0);
    const list = (
      await app().as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '2001' } })
    ).json();
    expect(list.total).toBe(0);
    const again = await app().as(DEMO.admin)({ method: 'POST', url: '/api/dropUser', payload: { userId } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: MSG.userDeleteError });
  });

  it('refuses deleting oneself and a Gestor deleting an Administrador', async () => {
    const self = await app().as(DEMO.admin)({
      method: 'POST',
      url: '/api/dropUser',
      payload: { userId: await idOf(DEMO.admin) },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      success: false,
      message: MSG.userDeleteError,
      error: MSG.userSelfDelete,
    });
    const gestor = await app().as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/dropUser',
      payload: { userId: await idOf(DEMO.admin) },
    });
    expect(gestor.statusCode).toBe(403);
  });
});
