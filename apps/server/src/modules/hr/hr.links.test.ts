import { HIRING_LINK_MSG, MSG, type RecordLink } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { hrRouteTests } from './hr.fixture.ts';

type RequestLinks = {
  employeeId: number | null;
  employeeLink: RecordLink | null;
  abilities: { insertEmployee: boolean };
};

/**
 * A hiring links to the employee registered from it and he back to it; a dismissal to the employee
 * it is about (decision 0121). Each end only for who may open the other: the employee for who manages
 * employees (canManageEmployees), the request for who may see it (canSeeHrRequest).
 */
describe(`hr request ↔ employee links (${TEST_DIALECT})`, () => {
  const h = hrRouteTests();
  let hiring: number;

  const request = async (who: string, id: number) => {
    const res = await h.get(who, `/api/hr-requests/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RequestLinks>();
  };
  const approvedHiring = async () => {
    const res = await h.hire(DEMO.gestorCompras);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    for (const [who, to] of [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
      [DEMO.diretor, 4],
      [DEMO.presidente, 5],
    ] as const)
      expect((await h.stage(who, id, to)).statusCode).toBe(200);
    return id;
  };
  const register = (hireRequestId: number) =>
    h.post(DEMO.analistaRh, '/api/employee', { ...h.employeePayload(), hireRequestId });

  beforeAll(async () => {
    hiring = await approvedHiring();
  });

  it("'Inserir Funcionário' of an approved hiring ties the new employee to it, and each links to the other", async () => {
    expect((await request(DEMO.analistaRh, hiring)).abilities.insertEmployee).toBe(true);
    const res = await register(hiring);
    expect(res.statusCode, res.body).toBe(200);
    const employee = res.json<{ id: number }>().id;
    const r = await request(DEMO.analistaRh, hiring);
    expect(r.employeeId).toBe(employee);
    expect(r.employeeLink).toMatchObject({ id: employee, href: `/setEmployees?funcionario=${employee}` });
    expect(r.employeeLink?.label).toMatch(/^Funcionário \d+ \(matrícula \d+\)$/);
    expect(r.abilities.insertEmployee).toBe(false);

    const e = await h.get(DEMO.analistaRh, `/api/employees/${employee}`);
    expect(e.json<{ hiringLink: RecordLink | null }>().hiringLink).toEqual({
      id: hiring,
      label: `Solicitação de contratação #${hiring}`,
      href: `/mainScreamRh?ticket=${hiring}`,
    });
  });

  it('the requester and the approvers, who may not open employees, read no link and no employee number', async () => {
    for (const who of [DEMO.gestorCompras, DEMO.diretor, DEMO.presidente]) {
      const r = await request(who, hiring);
      expect(r.employeeLink, who).toBeNull();
      expect(r.employeeId, who).toBeNull();
    }
    expect((await h.get(DEMO.gestorCompras, '/api/employees/1')).statusCode).toBe(403);
  });

  it('a hiring ties one employee; one not approved or unknown ties none, and no employee is written', async () => {
    const count = async () =>
      Number(
        (
          await h.t.db
            .selectFrom('hr_employees')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const again = await register(hiring);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MSG.formNotSent(HIRING_LINK_MSG.alreadyLinked) });

    const open = await h.hire(DEMO.gestorCompras);
    const notApproved = await register(open.json<{ id: number }>().id);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toEqual({ error: MSG.formNotSent(HIRING_LINK_MSG.notApproved) });

    const unknown = await register(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MSG.hrRequestNotFound });
    expect(await count()).toBe(before);
  });

  it('a dismissal links to the employee it is about for HR, and not for its requester', async () => {
    const { id: employee, registration } = await h.newEmployee({ sector: 'Compras' });
    const res = await h.dismiss(DEMO.gestorCompras, registration, 3);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    expect((await request(DEMO.analistaRh, id)).employeeLink?.id).toBe(employee);
    const mine = await request(DEMO.gestorCompras, id);
    expect(mine.employeeLink).toBeNull();
    expect(mine.employeeId).toBeNull();
  });
});
