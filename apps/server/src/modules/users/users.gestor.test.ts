import { MSG, SECTOR_ROLE_LABEL } from '@intranet/contracts';

/** The demo's sectors: a fresh install's names. */
const SECTOR_NAMES = Object.values(SECTOR_ROLE_LABEL);

import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { newUser, userRouteTests } from './users.routes.fixture.ts';

/** What a Gestor may give and change, and what a Colaborador may not call. */
describe(`users: limits of a Gestor (${TEST_DIALECT})`, () => {
  const { app, idOf } = userRouteTests();

  describe('a Gestor cannot raise access or take over accounts (issue 9)', () => {
    const exists = async (matricula: string) =>
      Boolean(
        await app().db.selectFrom('users').select('id').where('matricula', '=', matricula).executeTakeFirst(),
      );
    const signIn = (username: string, password: string) =>
      app().app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

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
      const res = await app().as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2101', cpf: '', setor: 'Compras', filial: 'Matriz', ...change }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe(message);
      expect(await exists('2101')).toBe(false);
    });

    it('lets 1002 create a Colaborador without support in Compras at Matriz', async () => {
      const res = await app().as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2101', cpf: '', setor: 'Compras', filial: 'Matriz', suport: 0 }),
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('lets a Gestor change a Colaborador only within what he may give', async () => {
      const created = await app().as(DEMO.admin)({
        method: 'POST',
        url: '/api/users',
        payload: newUser({ matricula: '2102', cpf: '', setor: 'Recursos Humanos', filial: 'Maua' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const userId = await idOf('2102');
      const put = (change: Record<string, unknown>) =>
        app().as(DEMO.gestorCompras)({
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
      const row = await app()
        .db.selectFrom('users')
        .select(['suport', 'privilegio'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ suport: 0, privilegio: 3 });
    });

    it('refuses a Gestor resetting the password of, changing or deleting a support user', async () => {
      const supportId = await idOf(DEMO.suporteTi);
      const reset = await app().as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users/password',
        payload: { userId: supportId, senha: 'tomada123' },
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().error).toBe(MSG.userManageDenied);
      expect((await signIn(DEMO.suporteTi, 'tomada123')).statusCode).toBe(401);

      const update = await app().as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users',
        payload: { userId: supportId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 3, suport: 0 },
      });
      expect(update.statusCode).toBe(403);
      expect(update.json().error).toBe(MSG.userManageDenied);

      const drop = await app().as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/dropUser',
        payload: { userId: await idOf(DEMO.analistaRh) },
      });
      expect(drop.statusCode).toBe(403);
      expect(drop.json()).toMatchObject({ success: false, error: MSG.userManageDenied });
      const untouched = await app()
        .db.selectFrom('users')
        .select(['active', 'suport'])
        .where('matricula', 'in', [DEMO.suporteTi, DEMO.analistaRh])
        .execute();
      expect(untouched).toEqual([
        { active: 1, suport: 1 },
        { active: 1, suport: 1 },
      ]);
    });

    it('lets a Gestor reset the password of a Colaborador without support', async () => {
      const res = await app().as(DEMO.gestorCompras)({
        method: 'PUT',
        url: '/api/users/password',
        payload: { userId: await idOf('2102'), senha: 'nova12345' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await signIn('2102', 'nova12345')).statusCode).toBe(200);
    });

    it('lets an administrator give support, every sector and branch, and reset a support user', async () => {
      const created = await app().as(DEMO.admin)({
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
      const reset = await app().as(DEMO.admin)({
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
        const res = await app().as(DEMO.colaborador)({ method, url, payload });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      }
      expect(await exists('2104')).toBe(false);
    });
  });
});
