import { MSG, SECTOR_NAMES } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const newUser = (over: Record<string, unknown> = {}) => ({
  nome: 'Beatriz Nunes Carvalho',
  matricula: '2001',
  cpf: '123.456.789-09',
  email: 'beatriz.carvalho@rotasul.com.br',
  senha: 'senhaNova1',
  ...over,
});

describe(`users API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const idOf = async (matricula: string) =>
    (await t.db.selectFrom('users').select('id').where('matricula', '=', matricula).executeTakeFirstOrThrow())
      .id;

  it('lists users for the Usuarios page, searched and paged on the server', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', pageSize: '3' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(9);
    expect(body.users).toHaveLength(3);
    expect(body.users[0]).toMatchObject({
      nome: 'Carlos Eduardo Mendes',
      setores: ['Tecnologia de Informação'],
    });
    expect(body.creatablePrivileges).toEqual([1, 2, 3]);

    const page2 = (
      await t.as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', pageSize: '3', page: '2' },
      })
    ).json();
    expect(page2.users.map((u: { nome: string }) => u.nome)).not.toContain('Carlos Eduardo Mendes');
    expect(page2.total).toBeUndefined();

    const search = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: 'fernanda' } })
    ).json();
    expect(search.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1005']);
    const byMatricula = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '1009' } })
    ).json();
    expect(byMatricula.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1009']);
    const byCpf = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '529.982' } })
    ).json();
    expect(byCpf.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1001']);
    const literal = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '%' } })
    ).json();
    expect(literal.total).toBe(0);
  });

  it('pages by cursor: every active user once, in name order, counted on the first page only', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const res = await t.as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', pageSize: '2', cursor, page: String(pages + 1) },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (pages === 0) expect(body.total).toBe(9);
      else expect(body.total).toBeUndefined();
      expect(body.totalCapped).toBeUndefined();
      seen.push(...body.users.map((u: { nome: string }) => u.nome));
      pages++;
      if (!body.nextCursor) break;
      expect(body.users).toHaveLength(2);
      cursor = body.nextCursor;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    const all = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', pageSize: '50' } })
    ).json();
    expect(seen).toEqual(all.users.map((u: { nome: string }) => u.nome));

    const bad = await t.as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', cursor: 'not-a-cursor' },
    });
    expect(bad.statusCode).toBe(400);
    // A well-formed cursor whose id is past PostgreSQL's integers: refused as data, not a 500.
    const past = await t.as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', cursor: Buffer.from(JSON.stringify(['Zzz', 2 ** 40])).toString('base64url') },
    });
    expect(past.statusCode, past.body).toBe(TEST_DIALECT === 'postgres' ? 400 : 200);
  });

  it('sends each row with what the caller may do to it', async () => {
    const body = (
      await t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', pageSize: '50' },
      })
    ).json();
    const row = (m: string) => body.users.find((u: { matricula: string }) => u.matricula === m);
    expect(row(DEMO.admin).abilities).toEqual({
      update: false,
      delete: false,
      resetPassword: false,
      privileges: [],
      suport: false,
      setores: [],
      filiais: [],
    });
    // 1002 (Compras, Matriz) offers its own sector and branch plus what 1008 (RH, Matriz) has.
    expect(row(DEMO.juridico).abilities).toEqual({
      update: true,
      delete: true,
      resetPassword: true,
      privileges: [3],
      suport: false,
      setores: ['Recursos Humanos', 'Compras'],
      filiais: ['Matriz'],
    });
    expect(row(DEMO.suporteTi).abilities).toMatchObject({
      update: false,
      resetPassword: false,
      delete: false,
    });
    expect(body.creatablePrivileges).toEqual([3]);
  });

  it('refuses the administration list to a Colaborador but gives it the name directory', async () => {
    const denied = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/users', query: { isAlter: '1' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.forbidden);
    const dir = await t.as(DEMO.juridico)({
      method: 'GET',
      url: '/api/users',
      query: { data: 'patr', setor: 'Compras' },
    });
    expect(dir.statusCode).toBe(200);
    expect(dir.json().users).toEqual([
      { id: expect.any(Number), nome: 'Patrícia Souza Ramos', matricula: '1002', setores: ['Compras'] },
    ]);
  });

  describe('CPF, e-mail and phone are for user administrators only (issue 9)', () => {
    const directory = (who: string, data: string) =>
      t.as(who)({ method: 'GET', url: '/api/users', query: { data, pageSize: '100' } });

    it('the name directory never matches a CPF, whole or in part, for anyone', async () => {
      // 1001's CPF is 529.982.247-25: a prefix match would rebuild it digit by digit.
      for (const who of [DEMO.juridico, DEMO.gestorCompras, DEMO.admin]) {
        for (const data of ['529', '5299', '529982', '529.982', '52998224725', '529.982.247-25']) {
          const res = await directory(who, data);
          expect(res.statusCode).toBe(200);
          expect(res.json(), `${who} ${data}`).toMatchObject({ total: 0, users: [] });
        }
      }
      expect((await directory(DEMO.juridico, '1001')).json().users).toEqual([
        {
          id: expect.any(Number),
          nome: 'Carlos Eduardo Mendes',
          matricula: '1001',
          setores: ['Tecnologia de Informação'],
        },
      ]);
    });

    it('the name directory carries no CPF, e-mail or phone', async () => {
      const body = (await directory(DEMO.juridico, '')).json();
      expect(body.total).toBe(9);
      for (const row of body.users) {
        expect(Object.keys(row).sort()).toEqual(['id', 'matricula', 'nome', 'setores']);
      }
      expect(JSON.stringify(body)).not.toMatch(/52998224725|rotasul\.com\.br|11987654321/);
    });

    it('searching by CPF in the administration list is refused to everyone else', async () => {
      for (const who of [DEMO.juridico, DEMO.suporteTi, DEMO.analistaRh]) {
        const res = await t.as(who)({
          method: 'GET',
          url: '/api/users',
          query: { isAlter: '1', data: '529' },
        });
        expect(res.statusCode, who).toBe(403);
        expect(res.body).not.toContain('52998224725');
      }
    });

    it('the session data does not carry the CPF', async () => {
      const session = (await t.as(DEMO.admin)({ method: 'GET', url: '/api/get-sessionData' })).json();
      expect(session).not.toHaveProperty('cpf');
      expect(JSON.stringify(session)).not.toContain('52998224725');
    });
  });

  it('creates a user with the defaults, who can then sign in', async () => {
    const res = await t.as(DEMO.admin)({ method: 'POST', url: '/api/users', payload: newUser() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: MSG.userCreated });
    const token = await t.login('2001', 'senhaNova1');
    const session = await t.app.inject({
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
    const log = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'user.create')
      .execute();
    expect(log[0]?.summary).toContain('2001');
  });

  it('creates a Gestor with several sectors and branches, forcing suport 1', async () => {
    const res = await t.as(DEMO.admin)({
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
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('matricula', '=', '2002')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ privilegio: 2, suport: 1, admin: 0, filial: 'Maua', cpf: null });
    const list = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '2002' } })
    ).json();
    expect(list.users[0]).toMatchObject({ setores: ['Operação', 'Estoque'], filiais: ['Maua', 'Matriz'] });
  });

  it('refuses a Gestor creating an Administrador or a Gestor', async () => {
    for (const privilegio of [1, 2]) {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2003', cpf: '', privilegio }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.userCreateFailed(MSG.userPrivilegeDenied));
    }
    const ok = await t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2003', cpf: '', privilegio: 3, setor: 'Compras' }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a duplicate matrícula or CPF with the spec message', async () => {
    const dupMat = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '1001', cpf: '' }),
    });
    expect(dupMat.statusCode).toBe(409);
    expect(dupMat.json().error).toBe('Falha ao cadastrar usuário, matrícula já cadastrada.');
    const dupCpf = await t.as(DEMO.admin)({
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
    [{ setor: 'Marketing' }, 'Setor desconhecido: Marketing'],
    [{ senha: '123' }, MSG.passwordTooShort],
  ])('refuses bad registration %j with a Portuguese 400', async (change, message) => {
    const res = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2050', cpf: '', ...change }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('updates sectors, branches, privilege and support', async () => {
    const userId = await idOf(DEMO.juridico);
    const res = await t.as(DEMO.admin)({
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
      await t.as(DEMO.admin)({
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
    const promote = await t.as(DEMO.gestorCompras)({
      method: 'PUT',
      url: '/api/users',
      payload: { userId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 2, suport: 1 },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error).toBe(MSG.userPrivilegeChangeDenied);
    const touchAdmin = await t.as(DEMO.gestorCompras)({
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
    const byAdmin = await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users',
      payload: { userId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 2, suport: 0 },
    });
    expect(byAdmin.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['privilegio', 'suport'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ privilegio: 2, suport: 1 });
  });

  it('resets a password without the old one and ends that user’s sessions', async () => {
    const userId = await idOf('2001');
    const token = await t.login('2001', 'senhaNova1');
    const res = await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users/password',
      payload: { userId, senha: 'trocada123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    await expect(t.login('2001', 'trocada123')).resolves.toEqual(expect.any(String));
    const denied = await t.as(DEMO.gestorCompras)({
      method: 'PUT',
      url: '/api/users/password',
      payload: { userId: await idOf(DEMO.admin), senha: 'trocada123' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('deletes by deactivating: sessions end at once, login refused, history kept', async () => {
    const userId = await idOf('2001');
    const token = await t.login('2001', 'trocada123');
    const res = await t.as(DEMO.admin)({ method: 'POST', url: '/api/dropUser', payload: { userId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.userDeleted, error: null });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '2001', password: 'trocada123' },
    });
    expect(login.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select(['active', 'deactivated_at', 'nome'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ active: 0, nome: 'Beatriz Nunes Carvalho' });
    expect(row.deactivated_at).toEqual(expect.any(String));
    const audit = await t.db.selectFrom('audit_log').select('id').where('user_id', '=', userId).execute();
    expect(audit.length).toBeGreaterThan(0);
    const list = (
      await t.as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '2001' } })
    ).json();
    expect(list.total).toBe(0);
    const again = await t.as(DEMO.admin)({ method: 'POST', url: '/api/dropUser', payload: { userId } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: MSG.userDeleteError });
  });

  it('refuses deleting oneself and a Gestor deleting an Administrador', async () => {
    const self = await t.as(DEMO.admin)({
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
    const gestor = await t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/dropUser',
      payload: { userId: await idOf(DEMO.admin) },
    });
    expect(gestor.statusCode).toBe(403);
  });

  describe('a Gestor cannot raise access or take over accounts (issue 9)', () => {
    const exists = async (matricula: string) =>
      Boolean(
        await t.db.selectFrom('users').select('id').where('matricula', '=', matricula).executeTakeFirst(),
      );
    const signIn = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

    it.each([
      [
        'support',
        { suport: 1 },
        'Falha ao cadastrar usuário, somente um Administrador pode conceder suporte.',
      ],
      [
        'every sector',
        { setores: SECTOR_NAMES },
        'Falha ao cadastrar usuário, somente um Administrador pode conceder setores que você não tem: Recursos Humanos, Tecnologia de Informação, QSSMA, Infraestrutura, Operação, Estoque, Faturamento, Gestão de Multas.',
      ],
      [
        'a main sector he lacks',
        { setor: 'Tecnologia de Informação', setores: [] },
        'Falha ao cadastrar usuário, somente um Administrador pode conceder setores que você não tem: Tecnologia de Informação.',
      ],
      [
        'a branch he lacks',
        { filiais: ['Maua'] },
        'Falha ao cadastrar usuário, somente um Administrador pode conceder filiais que você não tem: Mauá.',
      ],
    ])('refuses 1002 (Gestor, Compras, Matriz) creating a user with %s', async (_what, change, message) => {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2101', cpf: '', setor: 'Compras', filial: 'Matriz', ...change }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe(message);
      expect(await exists('2101')).toBe(false);
    });

    it('lets 1002 create a Colaborador without support in Compras at Matriz', async () => {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2101', cpf: '', setor: 'Compras', filial: 'Matriz', suport: 0 }),
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('lets a Gestor change a Colaborador only within what he may give', async () => {
      const created = await t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2102', cpf: '', setor: 'Recursos Humanos', filial: 'Maua' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const userId = await idOf('2102');
      const put = (change: Record<string, unknown>) =>
        t.as(DEMO.gestorCompras)({
          method: 'PUT',
          url: '/api/users',
          payload: {
            userId,
            setores: ['Recursos Humanos'],
            filiais: ['Maua'],
            privilegio: 3,
            suport: 0,
            ...change,
          },
        });
      const support = await put({ suport: 1 });
      expect(support.statusCode).toBe(403);
      expect(support.json().error).toBe('Somente um Administrador pode conceder suporte.');
      const sector = await put({ setores: ['Recursos Humanos', 'Tecnologia de Informação'] });
      expect(sector.statusCode).toBe(403);
      expect(sector.json().error).toBe(
        'Somente um Administrador pode conceder setores que você não tem: Tecnologia de Informação.',
      );
      const keepsAndAddsOwn = await put({
        setores: ['Recursos Humanos', 'Compras'],
        filiais: ['Maua', 'Matriz'],
      });
      expect(keepsAndAddsOwn.statusCode, keepsAndAddsOwn.body).toBe(200);
      const row = await t.db
        .selectFrom('users')
        .select(['suport', 'privilegio'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ suport: 0, privilegio: 3 });
    });

    it('refuses a Gestor resetting the password of, changing or deleting a support user', async () => {
      const supportId = await idOf(DEMO.suporteTi);
      const reset = await t.as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users/password',
        payload: { userId: supportId, senha: 'tomada123' },
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().error).toBe(MSG.userManageDenied);
      expect((await signIn(DEMO.suporteTi, 'tomada123')).statusCode).toBe(401);

      const update = await t.as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users',
        payload: { userId: supportId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 3, suport: 0 },
      });
      expect(update.statusCode).toBe(403);
      expect(update.json().error).toBe(MSG.userManageDenied);

      const drop = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/dropUser',
        payload: { userId: await idOf(DEMO.analistaRh) },
      });
      expect(drop.statusCode).toBe(403);
      expect(drop.json()).toMatchObject({ success: false, error: MSG.userManageDenied });
      const untouched = await t.db
        .selectFrom('users')
        .select(['active', 'suport'])
        .where('matricula', 'in', [DEMO.suporteTi, DEMO.analistaRh])
        .execute();
      expect(untouched).toEqual([
        { active: 1, suport: 1 },
        { active: 1, suport: 1 },
      ]);
    });

    it('lets a Gestor reset the password of a Colaborador without support', async () => {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users/password',
        payload: { userId: await idOf('2102'), senha: 'nova12345' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await signIn('2102', 'nova12345')).statusCode).toBe(200);
    });

    it('lets an administrator give support, every sector and branch, and reset a support user', async () => {
      const created = await t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({
          matricula: '2103',
          cpf: '',
          suport: 1,
          setor: 'Compras',
          setores: SECTOR_NAMES,
          filiais: ['Matriz', 'Maua'],
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const reset = await t.as(DEMO.admin)({
        method: 'PUT',
        url: '/api/users/password',
        payload: { userId: await idOf('2103'), senha: 'suporte123' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await signIn('2103', 'suporte123')).statusCode).toBe(200);
    });

    it('refuses a Colaborador every one of these calls', async () => {
      const userId = await idOf('2102');
      for (const [method, url, payload] of [
        ['POST', '/api/users', newUser({ matricula: '2104', cpf: '', setor: 'Recursos Humanos' })],
        [
          'PUT',
          '/api/users',
          { userId, setores: ['Recursos Humanos'], filiais: ['Maua'], privilegio: 3, suport: 1 },
        ],
        ['PUT', '/api/users/password', { userId, senha: 'tomada123' }],
      ] as const) {
        const res = await t.as(DEMO.colaborador)({ method, url, payload });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      }
      expect(await exists('2104')).toBe(false);
    });
  });

  it.each([
    ['GET', '/api/users?isAlter=1', undefined],
    ['POST', '/api/users', newUser({ matricula: '2077', cpf: '' })],
    ['PUT', '/api/users', { userId: 1, setores: ['Compras'], filiais: ['Matriz'], privilegio: 3, suport: 0 }],
    ['PUT', '/api/users/password', { userId: 2, senha: 'qualquer1' }],
    ['POST', '/api/dropUser', { userId: 2 }],
  ] as const)('a Colaborador calling %s %s gets 403', async (method, url, payload) => {
    for (const who of [DEMO.juridico, DEMO.suporteTi, DEMO.analistaRh]) {
      const res = await t.as(who)({ method, url, payload });
      expect(res.statusCode, `${who} ${res.body}`).toBe(403);
    }
  });

  it('lists sectors and branches', async () => {
    const sectors = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/sectors' })).json();
    expect(sectors.map((s: { name: string }) => s.name)).toContain('Gestão de Multas');
    expect(sectors).toHaveLength(9);
    const branches = (await t.as(DEMO.juridico)({ method: 'GET', url: '/api/branches' })).json();
    expect(branches).toEqual([
      { id: expect.any(Number), name: 'Matriz', label: 'Matriz' },
      { id: expect.any(Number), name: 'Maua', label: 'Mauá' },
    ]);
  });
});
