import { MSG, vacationAccrual } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { daysFromToday, hrCalls } from './hr.fixture.ts';

/**
 * Issue 31: what an HR step checks and what it writes happen under one lock (or one conditional
 * update holding everything checked). Each case sends its requests at once, many rounds: on
 * PostgreSQL they are real concurrent transactions (READ COMMITTED); on SQLite they run one after
 * the other. The invariants hold in every order the two could run in; a race breaks them.
 */
const ROUNDS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`HR: steps sent at once (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 200);
  });
  afterAll(() => t.close());

  /** The id of the audit row a change wrote (ids follow the order the changes were made in). */
  const auditId = async (action: string, entity: string, entityId: number) => {
    const row = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .where('entity', '=', entity)
      .where('entity_id', '=', String(entityId))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.id;
  };

  it('Aprovar and Negar pressed at once by everyone who may: one moves the request, the others move nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await c.hired(DEMO.gestorCompras);
      await c.through(id, [
        [DEMO.analistaRh, 1],
        [DEMO.analistaRh, 3],
      ]);
      // Once one moved it to Presidente, the director's Negar is no longer his (403) and another
      // Aprovar is stale (409); an administrator's Negar would be a new, valid decision.
      const targets = [4, 10, 4] as const;
      const replies = await Promise.all([
        c.stage(DEMO.diretor, id, 4),
        c.stage(DEMO.diretor, id, 10),
        c.stage(DEMO.admin, id, 4),
      ]);
      const codes = replies.map((r) => r.statusCode);
      expect(
        codes.filter((s) => s === 200),
        codes.join(),
      ).toHaveLength(1);
      for (const r of replies.filter((r) => r.statusCode !== 200)) {
        expect([403, 409]).toContain(r.statusCode);
        if (r.statusCode === 409) expect(r.json()).toEqual({ error: MSG.hrStageConflict });
      }
      const stages = await t.db
        .selectFrom('hr_request_stages')
        .select('status')
        .where('request_id', '=', id)
        .orderBy('id')
        .execute();
      const winner = targets[codes.indexOf(200)];
      expect(stages.map((s) => s.status)).toEqual([0, 1, 3, winner]);
      expect((await c.detail(DEMO.analistaRh, id)).status).toBe(winner);
    }
  });

  it('a dismissal approved while a vacation is scheduled: no vacation scheduled after the dismissal', async () => {
    let scheduledAfter = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const e = await c.newEmployee({ sector: 'Compras', DateAdmission: daysFromToday(-400) });
      const res = await c.dismiss(DEMO.gestorCompras, e.registration);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ id: number }>().id;
      await c.through(id, [
        [DEMO.analistaRh, 1],
        [DEMO.analistaRh, 3],
      ]);
      // The schedule starts a millisecond later each round, to meet the approval at each of its steps.
      const [approved, scheduled] = await Promise.all([
        c.stage(DEMO.diretor, id, 5),
        sleep(round).then(() => c.schedule(DEMO.analistaRh, e.id, daysFromToday(10), 5)),
      ]);
      expect(approved.statusCode, approved.body).toBe(200);
      expect([200, 400]).toContain(scheduled.statusCode);
      if (scheduled.statusCode === 400)
        expect(scheduled.json()).toEqual({ error: MSG.vacationScheduleError(MSG.employeeDismissed) });
      const vacation = await t.db
        .selectFrom('hr_vacations')
        .select('id')
        .where('employee_id', '=', e.id)
        .executeTakeFirst();
      if (vacation) {
        const dismissedAt = await auditId('hr.stage.aprovar', 'hr_request', id);
        const scheduledAt = await auditId('hr.vacation.schedule', 'hr_vacation', vacation.id);
        if (scheduledAt! > dismissedAt!) scheduledAfter++;
      }
    }
    expect(scheduledAfter).toBe(0);
  });

  it('a new admission date while a vacation is scheduled: the accrual always matches the final record', async () => {
    let mismatched = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const e = await c.newEmployee({ DateAdmission: daysFromToday(-400) });
      // 30 days close the open period: the due date (saleVacation) moves a year.
      const [changed, scheduled] = await Promise.all([
        c.put(DEMO.analistaRh, '/api/employee', {
          ...e.payload,
          id: e.id,
          DateAdmission: daysFromToday(-800),
        }),
        c.schedule(DEMO.juridico, e.id, daysFromToday(10), 30),
      ]);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      const row = await t.db
        .selectFrom('hr_employees')
        .select(['date_admission', 'sale_vacation', 'current_year_vacation', 'last_date_vacation'])
        .where('id', '=', e.id)
        .executeTakeFirstOrThrow();
      const vacations = await t.db
        .selectFrom('hr_vacations')
        .select(['date_start', 'date_end', 'requested_period'])
        .where('employee_id', '=', e.id)
        .execute();
      const expected = vacationAccrual(
        row.date_admission,
        vacations.map((v) => ({ dateStart: v.date_start, dateEnd: v.date_end, days: v.requested_period })),
      );
      if (
        row.sale_vacation !== expected?.saleVacation ||
        row.current_year_vacation !== expected.currentYearVacation ||
        row.last_date_vacation !== expected.lastDateVacation
      )
        mismatched++;
    }
    expect(mismatched).toBe(0);
  });

  it('the same matrícula or CPF saved twice at once: one employee, the other a 409 with the reason', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = c.employeePayload();
      const sameRegistration = { ...c.employeePayload(), Registration: a.Registration };
      const sameCpf = { ...c.employeePayload(), cpf: a.cpf };
      const replies = await Promise.all([
        c.post(DEMO.analistaRh, '/api/employee', a),
        c.post(DEMO.juridico, '/api/employee', sameRegistration),
        c.post(DEMO.admin, '/api/employee', sameCpf),
      ]);
      const codes = replies.map((r) => r.statusCode);
      expect(codes, replies.map((r) => r.body).join(' | ')).not.toContain(500);
      expect(codes.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      for (const r of replies.filter((r) => r.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect([
          MSG.formNotSent(MSG.employeeDuplicateRegistration),
          MSG.formNotSent(MSG.employeeDuplicateCpf),
        ]).toContain(r.json<{ error: string }>().error);
      }
      const saved = await t.db
        .selectFrom('hr_employees')
        .select('id')
        .where((eb) => eb.or([eb('registration', '=', a.Registration), eb('cpf', '=', a.cpf)]))
        .execute();
      expect(saved).toHaveLength(codes.filter((s) => s === 200).length);
    }
  });

  it('a dismissal opened while HR moves the employee to another sector: never one the manager may not open', async () => {
    let outOfScope = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const e = await c.newEmployee({ sector: 'Compras' });
      const [opened, moved] = await Promise.all([
        c.dismiss(DEMO.gestorCompras, e.registration),
        c.put(DEMO.analistaRh, '/api/employee', { ...e.payload, id: e.id, sector: 'Operação' }),
      ]);
      expect(moved.statusCode, moved.body).toBe(200);
      expect([200, 404]).toContain(opened.statusCode);
      if (opened.statusCode !== 200) continue;
      const requestAt = await auditId('hr.dismissal', 'hr_request', opened.json<{ id: number }>().id);
      const movedAt = await auditId('hr.employee.update', 'hr_employee', e.id);
      if (requestAt! > movedAt!) outOfScope++;
    }
    expect(outOfScope).toBe(0);
  });

  it('dismissals of one employee opened at once by several people: exactly one', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const e = await c.newEmployee({ sector: 'Operação' });
      const replies = await Promise.all([
        c.dismiss(DEMO.diretor, e.registration),
        c.dismiss(DEMO.analistaRh, e.registration, 1),
        c.dismiss(DEMO.admin, e.registration, 4),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const rows = await t.db
        .selectFrom('hr_requests')
        .select('id')
        .where('employee_id', '=', e.id)
        .where('type_request', '=', 'dismissal')
        .execute();
      expect(rows).toHaveLength(1);
    }
  });
});
