import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { newUser, userRouteTests } from './users.routes.fixture.ts';

/** The users list and name directory, what each row allows, who sees CPF, e-mail and phone. */
describe(`users: list and directory (${TEST_DIALECT})`, () => {
  const { app } = userRouteTests();

  it('lists users for the Usuarios page, searched and paged on the server', async () => {
    const res = await app().as(DEMO.admin)({
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
      await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', pageSize: '3', page: '2' },
      })
    ).json();
    expect(page2.users.map((u: { nome: string }) => u.nome)).not.toContain('Carlos Eduardo Mendes');
    expect(page2.total).toBeUndefined();

    const search = (
      await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', data: 'fernanda' },
      })
    ).json();
    expect(search.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1005']);
    const byMatricula = (
      await app().as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '1009' } })
    ).json();
    expect(byMatricula.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1009']);
    const byCpf = (
      await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', data: '529.982' },
      })
    ).json();
    expect(byCpf.users.map((u: { matricula: string }) => u.matricula)).toEqual(['1001']);
    const literal = (
      await app().as(DEMO.admin)({ method: 'GET', url: '/api/users', query: { isAlter: '1', data: '%' } })
    ).json();
    expect(literal.total).toBe(0);
  });

  it('pages by cursor: every active user once, in name order, counted on the first page only', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const res = await app().as(DEMO.admin)({
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
      await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/users',
        query: { isAlter: '1', pageSize: '50' },
      })
    ).json();
    expect(seen).toEqual(all.users.map((u: { nome: string }) => u.nome));

    const bad = await app().as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', cursor: 'not-a-cursor' },
    });
    expect(bad.statusCode).toBe(400);
    // A well-formed cursor whose id is past PostgreSQL's integers: refused as data, not a 500.
    const past = await app().as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', cursor: Buffer.from(JSON.stringify(['Zzz', 2 ** 40])).toString('base64url') },
    });
    expect(past.statusCode, past.body).toBe(TEST_DIALECT === 'postgres' ? 400 : 200);
  });

  it('sends each row with what the caller may do to it', async () => {
    const body = (
      await app().as(DEMO.gestorCompras)({
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
    // 1002 (Compras, Matriz) offers its own sector and branch plus what 1008 (RH, Matriz) has, in
    // the order of the database's list (by name).
    expect(row(DEMO.juridico).abilities).toEqual({
      update: true,
      delete: true,
      resetPassword: true,
      privileges: [3],
      suport: false,
      setores: ['Compras', 'Recursos Humanos'],
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
    const denied = await app().as(DEMO.juridico)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.forbidden);
    const dir = await app().as(DEMO.juridico)({
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
      app().as(who)({ method: 'GET', url: '/api/users', query: { data, pageSize: '100' } });

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
        const res = await app().as(who)({
          method: 'GET',
          url: '/api/users',
          query: { isAlter: '1', data: '529' },
        });
        expect(res.statusCode, who).toBe(403);
        expect(res.body).not.toContain('52998224725');
      }
    });

    it('the session data does not carry the CPF', async () => {
      const session = (await app().as(DEMO.admin)({ method: 'GET', url: '/api/get-sessionData' })).json();
      expect(session).not.toHaveProperty('cpf');
      expect(JSON.stringify(session)).not.toContain('52998224725');
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
      const res = await app().as(who)({ method, url, payload });
      expect(res.statusCode, `${who} ${res.body}`).toBe(403);
    }
  });

  it('lists sectors and branches', async () => {
    const sectors = (await app().as(DEMO.juridico)({ method: 'GET', url: '/api/sectors' })).json();
    expect(sectors.map((s: { name: string }) => s.name)).toContain('Gestão de Multas');
    expect(sectors).toHaveLength(9);
    const branches = (await app().as(DEMO.juridico)({ method: 'GET', url: '/api/branches' })).json();
    expect(branches).toEqual([
      { id: expect.any(Number), name: 'Matriz', label: 'Matriz' },
      { id: expect.any(Number), name: 'Maua', label: 'Mauá' },
    ]);
  });
});
