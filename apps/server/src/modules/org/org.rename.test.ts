import { type MenuUser, type OrgList, sectorGrid } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { hrCalls } from '../hr/hr.fixture.ts';
import { purchaseCalls } from '../purchases/purchases.fixture.ts';

/**
 * Issue 34 (decision 0114): the workflows follow the sectors' roles, not their names. Every sector
 * and branch is renamed through the API; then a TI call, a purchase through Compras, an HR request
 * through Recursos Humanos and a fine all go through, and the menus still offer each screen.
 */
describe(`renaming every sector and branch keeps every workflow working (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let org: OrgList;
  const admin = () => t.as(DEMO.admin);
  const renamed = (name: string) => `${name} (novo nome)`.slice(0, 60);

  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
    org = (await admin()({ method: 'GET', url: '/api/org' })).json<OrgList>();
    for (const s of org.sectors) {
      const res = await admin()({
        method: 'PUT',
        url: `/api/org/sectors/${s.id}`,
        payload: { name: renamed(s.name) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const b of org.branches) {
      const res = await admin()({
        method: 'PUT',
        url: `/api/org/branches/${b.id}`,
        payload: { label: `${b.label} Nova` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('lists the new names, each role on its sector, and records each change in the audit log', async () => {
    const now = (await admin()({ method: 'GET', url: '/api/org' })).json<OrgList>();
    expect(now.sectors.map((s) => s.name).sort()).toEqual(org.sectors.map((s) => renamed(s.name)).sort());
    expect(now.sectors.filter((s) => s.role).length).toBe(9);
    expect(now.branches.every((b) => b.label.endsWith(' Nova'))).toBe(true);
    expect(await t.auditCount(await t.userId(DEMO.admin), 'sector.update')).toBe(org.sectors.length);
    expect(await t.auditCount(await t.userId(DEMO.admin), 'branch.update')).toBe(org.branches.length);
  });

  it('a call to TI is attended by TI support', async () => {
    const open = await t.as(DEMO.colaborador)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        problem: 'Computador',
        descript: 'Não liga.',
        dep: 'Tecnologia de Informacao',
        filial: 'Matriz',
      },
    });
    expect(open.statusCode, open.body).toBe(200);
    const id = open.json<{ id: number }>().id;
    const queue = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/calls?scope=open' });
    expect(queue.json<{ rows: { id: number }[] }>().rows.map((r) => r.id)).toContain(id);
    const set = await t.as(DEMO.suporteTi)({
      method: 'PUT',
      url: '/api/setCall',
      payload: { id, status: 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('a purchase goes through Compras to the manager', async () => {
    const p = purchaseCalls(t);
    const { id } = await p.atManager(DEMO.colaborador, DEMO.gestorCompras, ['100.00']);
    expect((await p.row(id)).status).toBe(3);
    const received = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases?scope=received' });
    expect(received.statusCode, received.body).toBe(200);
  });

  it('an HR request goes through Recursos Humanos', async () => {
    const c = hrCalls(t, 7000);
    const id = await c.hired(DEMO.gestorCompras);
    await c.through(id, [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
    expect((await c.detail(DEMO.analistaRh, id)).status).toBe(3);
  });

  it('a fine is recorded by Gestão de Multas', async () => {
    const res = await t.as(DEMO.gestorMultas)({
      method: 'POST',
      url: '/api/fines',
      payload: {
        NUMERO_AUTO: 'R001',
        DATA_INFRACAO: '2023-10-31',
        ORGAO_AUTUADOR: 'PRF',
        UNIDADE: 'Camaçari',
        TRANSP: 'Translog',
        STATUS_MULTA: 'Penalidade',
        PLACA: 'ABC1D23',
        VALOR_TOTAL_MULTA: 100.5,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    [DEMO.suporteTi, 'chamadosAbertos', 'ti'],
    [DEMO.gestorCompras, 'comprasRecebidas', 'compras'],
    [DEMO.analistaRh, 'funcionarios', 'rh'],
    [DEMO.gestorMultas, 'multas', 'multas'],
  ] as const)('%s still has the screen %s and his sector page (%s)', async (who, screen, role) => {
    const session = (await t.as(who)({ method: 'GET', url: '/api/get-sessionData' })).json<MenuUser>();
    expect(session.screens[screen]).toBe(true);
    expect(session.setor.some((s) => s.role === role && s.sector.endsWith('(novo nome)'))).toBe(true);
    expect(sectorGrid(session).find((s) => s.key === role)?.enabled).toBe(true);
  });
});
