import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { daysFromToday, hrRouteTests, type Json, today } from './hr.fixture.ts';

/** Vacations of an employee through their routes (spec §5). */
describe(`hr vacations (${TEST_DIALECT})`, () => {
  const h = hrRouteTests();
  const { post, get, newEmployee } = h;

  describe('vacations (spec §5)', () => {
    const schedule = (
      employeeId: number,
      dateStart: string,
      days: number,
      dateEnd = daysAfter(dateStart, days),
    ) =>
      post(DEMO.analistaRh, `/api/employees/${employeeId}/vacations`, {
        dateStart,
        dateEnd,
        requestedPeriod: days,
      });
    const daysAfter = (day: string, n: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };

    it('starts today or later, ends at start + days, days above 0', async () => {
      const e = await newEmployee();
      const past = await schedule(e.id, daysFromToday(-1), 10);
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ error: MSG.vacationStartDate });
      expect((await schedule(e.id, daysFromToday(5), 10, daysFromToday(14))).statusCode).toBe(400);
      expect((await schedule(e.id, daysFromToday(5), 0)).statusCode).toBe(400);
      const empty = await post(DEMO.analistaRh, `/api/employees/${e.id}/vacations`, {
        dateStart: '',
        dateEnd: '',
      });
      expect(empty.json()).toEqual({ error: MSG.vacationAllFields });
      const ok = await schedule(e.id, today(), 10);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: MSG.vacationScheduled });
    });

    it('keeps the accrual fields: 30 days close the period and move the due date a year', async () => {
      const e = await newEmployee({ DateAdmission: '2024-03-10' });
      expect((await schedule(e.id, daysFromToday(10), 20)).statusCode).toBe(200);
      let d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({
        currentYearVacation: 20,
        saleVacation: '2026-03-10',
        lastDateVacation: daysFromToday(30),
      });
      const over = await schedule(e.id, daysFromToday(60), 11);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ error: MSG.vacationScheduleError(MSG.vacationOverPeriod) });
      expect((await schedule(e.id, daysFromToday(60), 10)).statusCode).toBe(200);
      d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 0, saleVacation: '2027-03-10' });

      const vacations = (await get(DEMO.analistaRh, `/api/employees/${e.id}/vacations`)).json<
        { Id: number; DateStart: string }[]
      >();
      const first = vacations.find((v) => v.DateStart === daysFromToday(10))!;
      const put = await h.t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/employee-vacations/${first.Id}`,
        payload: { days: 15, DateEnd: daysFromToday(25) },
      });
      expect(put.statusCode, put.body).toBe(200);
      d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 25, saleVacation: '2026-03-10' });
    });

    it('refuses a vacation overlapping another of the same employee, scheduled or changed', async () => {
      const e = await newEmployee();
      const other = await newEmployee();
      expect((await schedule(e.id, daysFromToday(20), 10)).statusCode).toBe(200);
      const overlapMsg = { error: MSG.vacationScheduleError(MSG.employeeVacationOverlap) };
      for (const [start, days] of [
        [20, 10],
        [15, 6],
        [29, 1],
        [10, 25],
        [22, 3],
      ] as const) {
        const res = await schedule(e.id, daysFromToday(start), days);
        expect(res.statusCode, `${start}+${days}`).toBe(409);
        expect(res.json()).toEqual(overlapMsg);
      }
      // DateEnd (start + days) is the day he is back: the next vacation may start on it.
      expect((await schedule(e.id, daysFromToday(30), 5)).statusCode).toBe(200);
      expect((await schedule(e.id, daysFromToday(15), 5)).statusCode).toBe(200);
      // Another employee, the same days: fine.
      expect((await schedule(other.id, daysFromToday(20), 10)).statusCode).toBe(200);
      const vacations = (await get(DEMO.analistaRh, `/api/employees/${e.id}/vacations`)).json<
        { Id: number; DateStart: string }[]
      >();
      expect(vacations).toHaveLength(3);
      // Lengthening the first into the next one is refused too, and nothing changes.
      const first = vacations.find((v) => v.DateStart === daysFromToday(15))!;
      const put = await h.t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/employee-vacations/${first.Id}`,
        payload: { days: 6, DateEnd: daysFromToday(21) },
      });
      expect(put.statusCode).toBe(409);
      expect(put.json()).toEqual({ error: `${MSG.vacationUpdateError} ${MSG.employeeVacationOverlap}` });
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 20 });
    });

    it('two simultaneous overlapping schedules: one is made, the other refused', async () => {
      const e = await newEmployee();
      const replies = await Promise.all([
        schedule(e.id, daysFromToday(40), 10),
        schedule(e.id, daysFromToday(45), 10),
        schedule(e.id, daysFromToday(42), 5),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const rows = await h.t.db
        .selectFrom('hr_vacations')
        .select('id')
        .where('employee_id', '=', e.id)
        .execute();
      expect(rows).toHaveLength(1);
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      const won = replies.findIndex((r) => r.statusCode === 200);
      expect(d).toMatchObject({ currentYearVacation: [10, 10, 5][won] });
    });

    it('is HR only', async () => {
      expect((await post(DEMO.diretor, '/api/employees/1/vacations', {})).statusCode).toBe(400);
      const res = await post(DEMO.diretor, '/api/employees/1/vacations', {
        dateStart: daysFromToday(3),
        dateEnd: daysFromToday(8),
        requestedPeriod: 5,
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
