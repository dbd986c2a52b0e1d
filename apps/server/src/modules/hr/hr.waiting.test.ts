import {
  awaitsHrDecisionOf,
  canListHrRequests,
  HR_STATUS,
  HR_WAITING_CAP,
  type HrActor,
  type HrDesks,
  hrRequestPath,
  MSG,
  toDateOnly,
} from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  type PopulationUser,
  populatedApp,
  problemsOfEach,
  scopeDifference,
} from '../../../test/population.ts';
import { hrRequestFacts, seatHrDesks, testHrRequest } from '../../../test/population-hr.ts';

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
  let requests: Awaited<ReturnType<typeof hrRequestFacts>>;
  let desks: HrDesks = {};
  const today = toDateOnly(new Date());
  const hrActor = (u: PopulationUser): HrActor => ({ ...u.actor, desks, today });

  beforeAll(async () => {
    const population = await populatedApp(2026_12_01, 7000);
    const { r } = population;
    ({ t, viewers, callers } = population);
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
    desks = await seatHrDesks(t.db, {
      juridico: { approver: juridico },
      diretor: {
        approver: diretor,
        substitute: onDuty,
        from: toDateOnly(new Date(Date.now() - 86_400_000)),
        to: today,
      },
      presidente: { approver: presidente, substitute: standby },
    });
    const now = new Date().toISOString();

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
            .values(
              testHrRequest(who, {
                type_request: p.type,
                status,
                employee_id: employeeId,
                subject_user_id: recorded,
                employee_name: p.type === 'dismissal' ? `Funcionário ${n}` : null,
                date_admission_employee: p.admission,
                breach_contract_id: p.breach,
                created_on: today,
                created_at: new Date(Date.now() - n * 60_000).toISOString(),
                updated_at: now,
              }),
            )
            .execute();
        }
      }
    }
    requests = await hrRequestFacts(t.db);
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
