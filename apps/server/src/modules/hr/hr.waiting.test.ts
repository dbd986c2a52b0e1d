import {
  awaitsHrDecisionOf,
  canListHrRequests,
  HR_STATUS,
  HR_WAITING_CAP,
  type HrActor,
  type HrDesks,
  type HrRequestFacts,
  hrRequestPath,
  MSG,
  toDateOnly,
} from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

type Request = HrRequestFacts & { id: number };

/**
 * "Aguardando minha aprovação" of HR (the list's `waiting=1` and the home's count) against
 * hr.policy.ts#awaitsHrDecisionOf: approvers, a substitute on duty, a substitute who decides only what
 * his approver may not, the HR team and administrators, on requests opened by and about them (the
 * recorded user and the employee's CPF).
 */
describe(`HR requests waiting for a decision, on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let requests: Request[];
  const desks: HrDesks = {};
  const today = toDateOnly(new Date());
  const hrActor = (u: PopulationUser): HrActor => ({ ...u.actor, desks, today });

  beforeAll(async () => {
    t = await buildTestApp();
    const r = seededRandom(2026_12_01);
    const users = await insertUsers(t.db, r, 7000);
    viewers = users.filter((u) => u.active === 1);
    // Colaboradores outside the HR team: only a desk lets them decide anything.
    const plain = viewers.filter(
      (u) =>
        u.actor.privilegio === 3 &&
        u.actor.admin === 0 &&
        !u.actor.setor.some((s) => s.sector === 'Recursos Humanos'),
    );
    const gestores = viewers.filter((u) => u.actor.privilegio === 2 && u.actor.admin === 0);
    const [juridico, diretor, presidente] = [plain[0]!, gestores[0]!, gestores[1]!];
    const [onDuty, standby] = [plain[1]!, plain[2]!];
    const name = (u: PopulationUser) => ({ userId: u.id, name: u.nome });
    const period = { from: toDateOnly(new Date(Date.now() - 86_400_000)), to: today };
    for (const [role, approver] of [
      ['juridico', juridico],
      ['diretor', diretor],
      ['presidente', presidente],
    ] as const) {
      await t.db.updateTable('approvers').set({ user_id: approver.id }).where('role', '=', role).execute();
    }
    await t.db.deleteFrom('hr_approver_substitutes').execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto('hr_approver_substitutes')
      .values([
        { role: 'diretor', user_id: onDuty.id, date_from: period.from, date_to: period.to, updated_at: now },
        { role: 'presidente', user_id: standby.id, updated_at: now },
      ])
      .execute();
    desks.juridico = { approver: name(juridico), substitute: null, from: null, to: null };
    desks.diretor = { approver: name(diretor), substitute: name(onDuty), ...period };
    desks.presidente = { approver: name(presidente), substitute: name(standby), from: null, to: null };

    // The people requests are opened by and about: the desks, administrators, the HR team, others.
    const rh = viewers.filter((u) => u.actor.setor.some((s) => s.sector === 'Recursos Humanos'));
    const admins = viewers.filter((u) => u.actor.admin === 1 || u.actor.privilegio === 1);
    const involved = [
      juridico,
      diretor,
      presidente,
      onDuty,
      standby,
      rh[0]!,
      rh[1]!,
      admins[0]!,
      gestores[2]!,
    ];
    const cpf = new Map(
      (await t.db.selectFrom('users').select(['id', 'cpf']).execute()).map((u) => [u.id, u.cpf]),
    );

    const paths = [
      { type: 'admission', breach: null, admission: null },
      { type: 'dismissal', breach: 2, admission: '2020-01-01' },
      { type: 'dismissal', breach: 1, admission: today },
    ] as const;
    let n = 0;
    const employeeOf = new Map<number, number>();
    const liveDismissal = new Set<number>();
    for (const p of paths) {
      const path = hrRequestPath({
        typeRequest: p.type,
        breachContractId: p.breach,
        dateAdmission: p.admission,
        createdOn: today,
      });
      for (const status of [...path, HR_STATUS.negado]) {
        for (let k = 0; k < 6; k++) {
          n++;
          const who = r.pick(involved);
          const about = p.type === 'dismissal' && r.chance(0.5) ? r.pick(involved) : null;
          // About him either as recorded, or only through the employee's CPF (recorded later); one
          // employee per person, with one live dismissal at most (hr_requests_one_dismissal).
          const throughCpf =
            about !== null && r.chance(0.5) && (status === HR_STATUS.negado || !liveDismissal.has(about.id));
          const recorded = about && !throughCpf ? about.id : null;
          let employeeId: number | null = null;
          if (about && throughCpf) {
            if (status !== HR_STATUS.negado) liveDismissal.add(about.id);
            employeeId = employeeOf.get(about.id) ?? null;
          }
          if (about && throughCpf && employeeId === null) {
            const e = await t.db
              .insertInto('hr_employees')
              .values({
                name: `Funcionário ${n}`,
                birth_date: '1990-01-01',
                registration: String(100 + n),
                date_admission: p.admission ?? '2020-01-01',
                branch: 1,
                email: null,
                cpf: cpf.get(about.id)!,
                rg: '1',
                pis: '1',
                tell: '1',
                food_voucher: 0,
                health_insurance: 0,
                transport_type_id: 1,
                wage_id: 1,
                work_time_id: 1,
                contract_type_id: 1,
                role: 9,
                sector: 'Operação',
                last_date_vacation: null,
                sale_vacation: '2030-01-01',
                current_year_vacation: 0,
                date_dismissal: null,
                dismissal_id: null,
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            employeeId = e.id;
            employeeOf.set(about.id, e.id);
          }
          await t.db
            .insertInto('hr_requests')
            .values({
              type_request: p.type,
              status,
              requester_id: who.id,
              requester_name: who.nome,
              requester_mat: who.matricula,
              requester_setor: null,
              employee_id: employeeId,
              subject_user_id: recorded,
              employee_name: p.type === 'dismissal' ? `Funcionário ${n}` : null,
              registration_employee: null,
              date_admission_employee: p.admission,
              role_id: 9,
              branch: 1,
              work_time: 1,
              contract_type_id: 1,
              reason_id: p.type === 'admission' ? 3 : null,
              substitute_for: null,
              breach_contract_id: p.breach,
              dism_fails: '',
              equipment_return: '',
              text_justify: 'Gerada.',
              created_on: today,
              created_at: new Date(Date.now() - n * 60_000).toISOString(),
              updated_at: now,
            })
            .execute();
        }
      }
    }
    callers = await signInAll(t.app, t.db, users);
    const employeeUser = new Map(
      (
        await t.db
          .selectFrom('hr_employees')
          .innerJoin('users', 'users.cpf', 'hr_employees.cpf')
          .select(['hr_employees.id as employeeId', 'users.id as userId'])
          .execute()
      ).map((e) => [e.employeeId, e.userId]),
    );
    requests = (await t.db.selectFrom('hr_requests').selectAll().execute()).map((q) => ({
      id: q.id,
      requesterId: q.requester_id,
      subjectIds: [q.subject_user_id, q.employee_id === null ? null : employeeUser.get(q.employee_id)].filter(
        (id): id is number => typeof id === 'number',
      ),
      status: q.status,
      path: hrRequestPath({
        typeRequest: q.type_request as 'admission',
        breachContractId: q.breach_contract_id,
        dateAdmission: q.date_admission_employee,
        createdOn: q.created_on,
      }),
    }));
  }, 120_000);
  afterAll(() => t.close());

  const waitingFor = (u: PopulationUser) => requests.filter((r) => awaitsHrDecisionOf(hrActor(u), r));

  it('the population has people for whom requests wait, by each rule', () => {
    const [juridico, diretor, presidente] = ['juridico', 'diretor', 'presidente'].map(
      (role) => viewers.find((u) => u.id === desks[role as 'diretor']!.approver!.userId)!,
    );
    const substitute = (role: 'diretor' | 'presidente') =>
      viewers.find((u) => u.id === desks[role]!.substitute!.userId)!;
    expect(waitingFor(juridico!).length).toBeGreaterThan(0);
    // The director's substitute is on duty: the director waits for nothing of his stage.
    expect(waitingFor(diretor!).filter((r) => r.status === HR_STATUS.diretor)).toEqual([]);
    expect(waitingFor(substitute('diretor')).length).toBeGreaterThan(0);
    // The president's substitute decides only what the president may not (his own, or about him).
    const standby = waitingFor(substitute('presidente'));
    expect(standby.length).toBeGreaterThan(0);
    expect(
      standby.every((r) => r.requesterId === presidente!.id || r.subjectIds.includes(presidente!.id)),
    ).toBe(true);
  });

  it('waiting=1 lists, and the home counts, exactly what awaitsHrDecisionOf gives; 403 to the rest', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const call = callers.get(u.id)!;
      if (!canListHrRequests(hrActor(u))) {
        const res = await call('/api/hr-requests/waiting');
        return res.statusCode === 403 && res.json().error === MSG.noPageAccess
          ? []
          : [`${describeUser(u)}: waiting deveria ser 403, foi ${res.statusCode}`];
      }
      const expected = waitingFor(u).map((r) => r.id);
      const rows = await allPages(async (page) => {
        const res = await call(`/api/hr-requests?scope=all&waiting=1&pageSize=20&page=${page}`);
        expect(res.statusCode, `${describeUser(u)}: ${res.body}`).toBe(200);
        return res.json<{ rows: { Id: number }[]; total?: number }>();
      });
      const count = (await call('/api/hr-requests/waiting')).json();
      const countProblem =
        count.count === Math.min(expected.length, HR_WAITING_CAP) &&
        count.capped === expected.length > HR_WAITING_CAP
          ? []
          : [`${describeUser(u)}: contagem ${JSON.stringify(count)}, esperava ${expected.length}`];
      return [
        ...scopeDifference(
          describeUser(u),
          rows.map((r) => r.Id),
          expected,
        ),
        ...countProblem,
      ];
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
