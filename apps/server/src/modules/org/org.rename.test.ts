import { type MenuUser, type OrgList, PURCHASE_MSG, sectorGrid } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { multipart } from '../../../test/images.ts';
import { HIRING, hrCalls } from '../hr/hr.fixture.ts';
import { purchaseCalls } from '../purchases/purchases.fixture.ts';
import { newUser } from '../users/users.routes.fixture.ts';

/**
 * Issue 34 (decisions 0114, 0116): the workflows follow the sectors' roles, not their names. Every
 * sector and branch is renamed through the API; then a TI call, a purchase through Compras, an HR
 * request through Recursos Humanos and a fine all go through, and the menus still offer each
 * screen. New records take the new names only (the old ones answer 400 in Portuguese), and a
 * deactivated sector or branch is refused for them while the records that have it keep it.
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
    const now = (await t.as(who)({ method: 'GET', url: '/api/org' })).json<OrgList>();
    const tile = sectorGrid(session, now.sectors).find((s) => s.key === role);
    expect(tile).toMatchObject({ enabled: true, label: expect.stringMatching(/\(novo nome\)$/) });
  });
});

describe(`new records take the database's active names (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const admin = () => t.as(DEMO.admin);
  const NEW = (name: string) => `${name} (novo nome)`;
  const notSector = (field: string, name: string) => ({ error: `${field}: "${name}" não é um setor ativo.` });
  const notBranch = (field: string, name: string) => ({
    error: `${field}: "${name}" não é uma filial ativa.`,
  });
  const addApp = (setores: string[]) =>
    admin()({
      method: 'POST',
      url: '/api/apps',
      payload: multipart({
        name: 'Portal',
        address: 'https://portal.rotasul.com.br',
        setores: JSON.stringify(setores),
      }),
    });
  const sectorsOfUser = async (matricula: string) =>
    (
      await t.db
        .selectFrom('user_sectors')
        .innerJoin('sectors', 'sectors.id', 'user_sectors.sector_id')
        .innerJoin('users', 'users.id', 'user_sectors.user_id')
        .select('sectors.name')
        .where('users.matricula', '=', matricula)
        .orderBy('user_sectors.is_main', 'desc')
        .execute()
    ).map((r) => r.name);

  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
    const org = (await admin()({ method: 'GET', url: '/api/org' })).json<OrgList>();
    for (const s of org.sectors)
      await admin()({ method: 'PUT', url: `/api/org/sectors/${s.id}`, payload: { name: NEW(s.name) } });
    for (const b of org.branches)
      await admin()({
        method: 'PUT',
        url: `/api/org/branches/${b.id}`,
        payload: { label: `${b.label} Nova` },
      });
  });
  afterAll(() => t.close());

  it('a user: the new names (a branch by its new label) are stored; the old sector answers 400', async () => {
    const ok = await admin()({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2301', cpf: '', setor: NEW('Compras'), filial: 'Mauá Nova' }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await sectorsOfUser('2301')).toEqual([NEW('Compras')]);
    const user = await t.db
      .selectFrom('users')
      .select('filial')
      .where('matricula', '=', '2301')
      .executeTakeFirst();
    expect(user?.filial).toBe('Maua');
    const old = await admin()({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2302', cpf: '', setor: 'Compras' }),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(notSector('Setor', 'Compras'));
  });

  it('a user sent without sector or branch starts in the renamed HR sector at the Matriz (spec §9)', async () => {
    const payload = newUser({ matricula: '2303', cpf: '' });
    expect(payload).not.toHaveProperty('setor');
    const res = await admin()({ method: 'POST', url: '/api/users', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(await sectorsOfUser('2303')).toEqual([NEW('Recursos Humanos')]);
    const user = await t.db
      .selectFrom('users')
      .select('filial')
      .where('matricula', '=', '2303')
      .executeTakeFirst();
    expect(user?.filial).toBe('Matriz');
  });

  it('an app: shown to a sector by its new name; the old name answers 400', async () => {
    const ok = await addApp([NEW('Compras')]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().app.setores).toEqual([NEW('Compras')]);
    const old = await addApp(['Compras']);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(notSector('Setores', 'Compras'));
  });

  it('an HR employee: the new sector name is kept; the old one answers 400', async () => {
    const c = hrCalls(t, 700);
    const e = await c.newEmployee({ sector: NEW('Operação'), branch: 2 });
    const row = await t.db
      .selectFrom('hr_employees')
      .select('sector')
      .where('id', '=', e.id)
      .executeTakeFirst();
    expect(row?.sector).toBe(NEW('Operação'));
    const old = await c.post(DEMO.analistaRh, '/api/employee', c.employeePayload({ sector: 'Operação' }));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(notSector('Setor', 'Operação'));
  });

  it('a purchase: its unit by the new label, stored by name; the list refuses the old sector name', async () => {
    const p = purchaseCalls(t);
    const id = await p.newRequest(DEMO.colaborador, { filial: 'Mauá Nova' });
    expect((await p.row(id)).filial).toBe('Maua');
    const list = (setor: string) =>
      t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/purchases?setor=${encodeURIComponent(setor)}` });
    expect((await list(NEW('Operação'))).statusCode).toBe(200);
    const old = await list('Operação');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ error: PURCHASE_MSG.unknownSector });
  });

  it('a deactivated sector or branch is refused for new records; a record that has it keeps it', async () => {
    const sector = (
      await admin()({ method: 'POST', url: '/api/org/sectors', payload: { name: 'Logística' } })
    ).json<{
      sector: { id: number };
    }>().sector;
    const branch = (
      await admin()({ method: 'POST', url: '/api/org/branches', payload: { label: 'Santos' } })
    ).json<{
      branch: { id: number };
    }>().branch;
    const logistico = newUser({ matricula: '2310', cpf: '', setor: 'Logística', filial: 'Santos' });
    expect((await admin()({ method: 'POST', url: '/api/users', payload: logistico })).statusCode).toBe(201);
    const c = hrCalls(t, 800);
    const e = await c.newEmployee({ sector: 'Logística', branch: branch.id });
    await admin()({ method: 'PUT', url: `/api/org/sectors/${sector.id}`, payload: { active: 0 } });
    await admin()({ method: 'PUT', url: `/api/org/branches/${branch.id}`, payload: { active: 0 } });

    const user = await admin()({
      method: 'POST',
      url: '/api/users',
      payload: newUser({ matricula: '2311', cpf: '', setor: 'Logística' }),
    });
    expect(user.json()).toEqual(notSector('Setor', 'Logística'));
    expect((await addApp(['Logística'])).json()).toEqual(notSector('Setores', 'Logística'));
    const employee = await c.post(
      DEMO.analistaRh,
      '/api/employee',
      c.employeePayload({ sector: 'Logística' }),
    );
    expect(employee.json()).toEqual(notSector('Setor', 'Logística'));
    const call = await t.as(DEMO.colaborador)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        problem: 'Computador',
        descript: 'Não liga.',
        dep: 'Tecnologia de Informacao',
        filial: 'Santos',
      },
    });
    expect(call.statusCode).toBe(400);
    expect(call.json()).toEqual(notBranch('Unidade', 'Santos'));
    const hiring = await c.hire(DEMO.gestorCompras, { ...HIRING, branch: branch.id });
    expect(hiring.json()).toEqual(notBranch('Unidade', String(branch.id)));

    // Edits that keep what the record has are accepted: the employee, the user.
    const kept = await c.put(DEMO.analistaRh, '/api/employee', {
      ...e.payload,
      id: e.id,
      name: 'Outro Nome',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const userId = await t.userId('2310');
    const edit = (setores: string[]) =>
      admin()({
        method: 'PUT',
        url: '/api/users',
        payload: { userId, setores, filiais: ['Santos'], privilegio: 3, suport: 0 },
      });
    expect((await edit(['Logística', NEW('Estoque')])).statusCode).toBe(200);
    expect(await sectorsOfUser('2310')).toEqual(['Logística', NEW('Estoque')]);
    const other = await admin()({
      method: 'PUT',
      url: '/api/users',
      payload: {
        userId: await t.userId('2301'),
        setores: ['Logística'],
        filiais: ['Matriz'],
        privilegio: 3,
        suport: 0,
      },
    });
    expect(other.json()).toEqual(notSector('Setor', 'Logística'));
  });
});
