import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { cpfFrom, hrRouteTests, type Json } from './hr.fixture.ts';

/** Employees through their routes (Gestão de Funcionários). */
describe(`hr employees (${TEST_DIALECT})`, () => {
  const h = hrRouteTests();
  const { post, get, newEmployee, employeePayload } = h;

  describe('employees', () => {
    it('stores CPF, phone, RG and PIS without punctuation and lists dismissed ones', async () => {
      const e = await newEmployee({ name: 'Joana Prado' });
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({
        rg: '123456789',
        pis: '12054783651',
        tell: '11987654321',
        currentYearVacation: 0,
      });
      expect(d.cpf).toMatch(/^\d{11}$/);
      expect(d.saleVacation).toBe('2026-01-15');
      const list = (await get(DEMO.analistaRh, '/api/employees?search=joana')).json<{
        rows: { name: string }[];
      }>();
      expect(list.rows.map((r) => r.name)).toEqual(['Joana Prado']);
      const dismissed = (await get(DEMO.analistaRh, '/api/employees?dismissed=dismissed')).json<{
        rows: { DismissalId: number | null }[];
      }>();
      expect(dismissed.rows.every((r) => r.DismissalId !== null)).toBe(true);
    });

    it.each([
      ['an invalid CPF', { cpf: '529.982.247-24' }, 'CPF inválido.'],
      ['an empty name', { name: '' }, MSG.employeeInvalidParams],
      ['a 4-digit matrícula', { Registration: '1234' }, 'A matrícula deve ter até 3 dígitos.'],
    ])('refuses %s', async (_n, over, message) => {
      const res = await post(DEMO.analistaRh, '/api/employee', employeePayload(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it('refuses a repeated matrícula or CPF', async () => {
      const res = await post(DEMO.analistaRh, '/api/employee', employeePayload({ Registration: '101' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG.formNotSent(MSG.employeeDuplicateRegistration) });
    });

    it('updates an employee', async () => {
      const e = await newEmployee();
      const res = await h.t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: '/api/employee',
        payload: {
          ...employeePayload({ Registration: e.registration, name: 'Nome Novo' }),
          id: e.id,
          cpf: cpfFrom('987654321'),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>().name).toBe('Nome Novo');
    });

    it.each([DEMO.diretor, DEMO.suporteTi, DEMO.colaborador])(
      'refuses the employee records to %s',
      async (who) => {
        expect((await get(who, '/api/employees')).statusCode).toBe(403);
        expect((await get(who, '/api/employees/1')).statusCode).toBe(403);
        expect((await post(who, '/api/employee', employeePayload())).statusCode).toBe(403);
      },
    );

    it('writes the employees report', async () => {
      const res = await get(DEMO.analistaRh, '/api/hr/reports/employees');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('funcionarios.xlsx');
    });
  });
});
