import { type OrgList, SECTOR_MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCall } from '../../../test/call-rows.ts';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

/** Sectors and branches on the administrator's screen (issue 34, decision 0114). */
describe(`sectors and branches (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const admin = () => t.as(DEMO.admin);
  const list = async () => (await admin()({ method: 'GET', url: '/api/org' })).json<OrgList>();
  const sectorOf = async (role: string) => (await list()).sectors.find((s) => s.role === role)!;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('adds a sector without a role, renames it, deactivates and deletes it', async () => {
    const add = await admin()({ method: 'POST', url: '/api/org/sectors', payload: { name: '  Jurídico  ' } });
    expect(add.statusCode, add.body).toBe(201);
    const { sector } = add.json<{ sector: { id: number; name: string; role: null; active: number } }>();
    expect(sector).toMatchObject({ name: 'Jurídico', role: null, active: 1 });
    const off = await admin()({
      method: 'PUT',
      url: `/api/org/sectors/${sector.id}`,
      payload: { active: 0 },
    });
    expect(off.json()).toMatchObject({ sector: { active: 0 } });
    const del = await admin()({ method: 'DELETE', url: `/api/org/sectors/${sector.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.auditCount(await t.userId(DEMO.admin), 'sector.delete')).toBe(1);
  });

  it('refuses deleting a sector or branch anything points to, and says to deactivate it', async () => {
    const rh = await sectorOf('rh');
    const res = await admin()({ method: 'DELETE', url: `/api/org/sectors/${rh.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: SECTOR_MSG.sectorInUse });
    const matriz = (await list()).branches.find((b) => b.name === 'Matriz')!;
    const b = await admin()({ method: 'DELETE', url: `/api/org/branches/${matriz.id}` });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ error: SECTOR_MSG.branchInUse });
  });

  it('one active sector per role: taking a role another active sector plays is refused', async () => {
    const res = await admin()({
      method: 'POST',
      url: '/api/org/sectors',
      payload: { name: 'Compras 2', role: 'compras' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toContain(SECTOR_MSG.roleTaken);
  });

  it('refuses a duplicate name, an unknown role and an empty name with Portuguese messages', async () => {
    const dup = await admin()({ method: 'POST', url: '/api/org/sectors', payload: { name: 'compras' } });
    expect([dup.statusCode, dup.json<{ error: string }>().error]).toEqual([409, SECTOR_MSG.sectorTaken]);
    const role = await admin()({
      method: 'POST',
      url: '/api/org/sectors',
      payload: { name: 'X', role: 'chefe' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.body).toContain(SECTOR_MSG.role);
    const empty = await admin()({ method: 'POST', url: '/api/org/branches', payload: { label: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(SECTOR_MSG.branchName);
  });

  it('a new branch keeps its stored name when renamed; a deactivated one stays listed', async () => {
    const add = await admin()({ method: 'POST', url: '/api/org/branches', payload: { label: 'Santos' } });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json<{ branch: { id: number } }>().branch.id;
    const ren = await admin()({
      method: 'PUT',
      url: `/api/org/branches/${id}`,
      payload: { label: 'Porto de Santos', active: 0 },
    });
    expect(ren.json()).toMatchObject({ branch: { name: 'Santos', label: 'Porto de Santos', active: 0 } });
    expect((await list()).branches.find((b) => b.id === id)).toMatchObject({ active: 0 });
  });

  it("a call's requester sectors hold a sector only as a whole item, and %, _ are plain characters", async () => {
    const now = new Date().toISOString();
    const call = testCall(await t.userId(DEMO.colaborador), {
      problema: 'Computador',
      dep: 'Tecnologia de Informacao',
      nome_usuario: 'Colaborador',
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('calls')
      .values({ ...call, setores_usuario: 'Operação, Compras Internacionais, Estoque' })
      .execute();
    const addAndDelete = async (name: string) => {
      const add = await admin()({ method: 'POST', url: '/api/org/sectors', payload: { name } });
      expect(add.statusCode, add.body).toBe(201);
      const id = add.json<{ sector: { id: number } }>().sector.id;
      return (await admin()({ method: 'DELETE', url: `/api/org/sectors/${id}` })).statusCode;
    };
    // Part of a name, or LIKE's wildcards: nothing points to these sectors.
    expect(await addAndDelete('Compras Inter')).toBe(200);
    expect(await addAndDelete('%')).toBe(200);
    expect(await addAndDelete('Opera__o')).toBe(200);
    // A whole item of the list: the call points to it.
    expect(await addAndDelete('Compras Internacionais')).toBe(409);
  });

  it.each([DEMO.gestorCompras, DEMO.analistaRh, DEMO.suporteTi, DEMO.gestorMultas])(
    '%s may read the list but not change it',
    async (who) => {
      expect((await t.as(who)({ method: 'GET', url: '/api/org' })).statusCode).toBe(200);
      const rh = await sectorOf('rh');
      const res = await t.as(who)({
        method: 'PUT',
        url: `/api/org/sectors/${rh.id}`,
        payload: { name: 'Pessoas' },
      });
      expect(res.statusCode).toBe(403);
      expect((await sectorOf('rh')).name).toBe(rh.name);
    },
  );
});
