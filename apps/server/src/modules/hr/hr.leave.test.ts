import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { daysFromToday, hrRouteTests, type Json } from './hr.fixture.ts';

/** Medical leave through its routes: health data, every read audited (LGPD). */
describe(`hr medical leave (${TEST_DIALECT})`, () => {
  const h = hrRouteTests();
  const { post, get, newEmployee } = h;

  describe('medical leave (LGPD)', () => {
    const leave = (EmployeeId: number) => ({
      EmployeeId,
      hubUnit: 1,
      shift: 2,
      start_date: '2026-02-02',
      end_date: '2026-02-04',
      cid_code: 'j11',
      medical_unit: 'UBS Centro',
      doctor_name: 'Dra. Maria',
      doctor_crm: '123456/SP',
      note: '',
    });

    it('HR records and reads it; every read is audited', async () => {
      const e = await newEmployee();
      const created = await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id));
      expect(created.statusCode, created.body).toBe(200);
      const hr = await h.t.userId(DEMO.analistaRh);
      const before = await h.t.auditCount(hr, 'hr.medicalLeave.read');
      const res = await get(DEMO.analistaRh, `/api/licenseEmployee?Id=${e.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({
          cid_code: 'J11',
          total_days: 3,
          name: e.registration ? expect.any(String) : '',
        }),
      ]);
      await get(DEMO.analistaRh, `/api/licenseEmployee?Id=${e.id}`);
      expect(await h.t.auditCount(hr, 'hr.medicalLeave.read')).toBe(before + 2);
    });

    it.each([
      ['diretor', DEMO.diretor],
      ['presidente', DEMO.presidente],
      ['suporte TI', DEMO.suporteTi],
      ['gestor', DEMO.gestorCompras],
    ])('is refused to the %s', async (_n, who) => {
      expect((await get(who, '/api/licenseEmployee?Id=1')).statusCode).toBe(403);
      expect((await post(who, '/api/licenseEmployee', leave(1))).statusCode).toBe(403);
      expect((await get(who, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
    });

    it('is refused to Jurídico (HR team, but not the HR support who handles atestados)', async () => {
      const e = await newEmployee();
      expect((await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(200);
      const read = await get(DEMO.juridico, `/api/licenseEmployee?Id=${e.id}`);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain('J11');
      expect((await post(DEMO.juridico, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(403);
      const report = await get(DEMO.juridico, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31');
      expect(report.statusCode).toBe(403);
      // He still manages the employee and the vacations.
      expect((await get(DEMO.juridico, `/api/employees/${e.id}`)).statusCode).toBe(200);
    });

    it('GET absences: vacations and leave to HR support; vacations only to Jurídico, no read audited', async () => {
      const e = await newEmployee();
      expect((await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(200);
      const start = daysFromToday(100);
      const end = daysFromToday(105);
      const v = await post(DEMO.analistaRh, `/api/employees/${e.id}/vacations`, {
        dateStart: start,
        dateEnd: end,
        requestedPeriod: 5,
      });
      expect(v.statusCode).toBe(200);

      const hr = await h.t.userId(DEMO.analistaRh);
      const before = await h.t.auditCount(hr, 'hr.medicalLeave.read');
      const full = await get(DEMO.analistaRh, `/api/absences?EmployeeId=${e.id}`);
      expect(full.statusCode, full.body).toBe(200);
      expect(full.json()).toEqual({
        vacations: [
          expect.objectContaining({ EmployeeId: e.id, DateStart: start, DateEnd: end, RequestedPeriod: 5 }),
        ],
        medicalLeave: [expect.objectContaining({ EmployeeId: e.id, cid_code: 'J11', total_days: 3 })],
      });
      expect(await h.t.auditCount(hr, 'hr.medicalLeave.read')).toBe(before + 1);

      const jur = await h.t.userId(DEMO.juridico);
      const jurBefore = await h.t.auditCount(jur, 'hr.medicalLeave.read');
      const partial = await get(DEMO.juridico, `/api/absences?EmployeeId=${e.id}`);
      expect(partial.statusCode).toBe(200);
      expect(partial.json()).toEqual({ vacations: full.json<Json>().vacations, medicalLeave: null });
      expect(partial.body).not.toContain('J11');
      expect(await h.t.auditCount(jur, 'hr.medicalLeave.read')).toBe(jurBefore);

      expect((await get(DEMO.diretor, `/api/absences?EmployeeId=${e.id}`)).statusCode).toBe(403);
      expect((await get(DEMO.analistaRh, '/api/absences?EmployeeId=999999')).statusCode).toBe(404);
    });

    it('the leave report is audited too', async () => {
      const hr = await h.t.userId(DEMO.analistaRh);
      const before = await h.t.auditCount(hr, 'hr.medicalLeave.report');
      const res = await get(DEMO.analistaRh, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31');
      expect(res.statusCode).toBe(200);
      expect(await h.t.auditCount(hr, 'hr.medicalLeave.report')).toBe(before + 1);
    });
  });
});
