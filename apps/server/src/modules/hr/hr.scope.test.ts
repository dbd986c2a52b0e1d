import {
  canListHrRequests,
  canSeeHrRequest,
  type HrActor,
  type HrDesks,
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

describe(`HR request lists against hr.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let requests: Awaited<ReturnType<typeof hrRequestFacts>>;
  let desks: HrDesks = {};
  const hrActor = (u: PopulationUser): HrActor => ({ ...u.actor, desks, today: toDateOnly(new Date()) });
  const named = (u: PopulationUser) =>
    Object.values(desks).some((d) => d?.approver?.userId === u.id || d?.substitute?.userId === u.id);

  beforeAll(async () => {
    const population = await populatedApp(2026_11_23);
    const { r } = population;
    ({ t, viewers, callers } = population);
    // Two stages get approvers from the population (one outside every HR rule but this one), a
    // third a substitute from it (no period: named is enough to follow the requests).
    const plain = viewers.filter(
      (u) => u.actor.privilegio === 3 && u.actor.admin === 0 && u.actor.setor.length === 0,
    );
    const gestor = viewers.find((u) => u.actor.privilegio === 2 && u.actor.admin === 0)!;
    desks = await seatHrDesks(t.db, {
      rh: {},
      juridico: { approver: plain[0]! },
      diretor: { substitute: plain[1]! },
      presidente: { approver: gestor },
    });
    const now = new Date().toISOString();
    const rows = Array.from({ length: 60 }, (_, i) => {
      const admission = i % 2 === 0;
      return testHrRequest(r.pick(viewers), {
        type_request: admission ? 'admission' : 'dismissal',
        status: r.pick([0, 1, 2, 3, 4, 5, 10]),
        employee_name: admission ? null : `Funcionário ${i}`,
        date_admission_employee: admission ? null : '2020-01-01',
        breach_contract_id: admission ? null : r.pick([1, 2, 3, 4]),
        created_on: now.slice(0, 10),
        created_at: new Date(Date.parse(now) - i * 60_000).toISOString(),
        updated_at: now,
      });
    });
    await t.db.insertInto('hr_requests').values(rows).execute();
    requests = await hrRequestFacts(t.db);
  }, 120_000);
  afterAll(() => t.close());

  const listed = (u: PopulationUser, scope: 'mine' | 'all') =>
    allPages(async (page) => {
      const res = await callers.get(u.id)!(`/api/hr-requests?scope=${scope}&pageSize=20&page=${page}`);
      expect(res.statusCode, `${describeUser(u)} ${scope}: ${res.body}`).toBe(200);
      const body = res.json<{ rows: { Id: number }[]; total?: number }>();
      return { rows: body.rows, total: body.total ?? Number.POSITIVE_INFINITY };
    });

  it('the population has listers by each clause and people who may not list', () => {
    const listers = viewers.filter((u) => canListHrRequests(hrActor(u)));
    // The plain jurídico approver and the plain substitute list only because an administrator named them.
    const plain = (u: PopulationUser) =>
      u.actor.privilegio === 3 && u.actor.admin === 0 && u.actor.setor.length === 0;
    expect(listers.filter((u) => named(u) && plain(u))).toHaveLength(2);
    expect(viewers.some((u) => !canListHrRequests(hrActor(u)))).toBe(true);
  });

  it('scope=mine: exactly the caller’s own requests, each one he may see', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const rows = await listed(u, 'mine');
      const expected = requests.filter((r) => r.requesterId === u.id && canSeeHrRequest(hrActor(u), r));
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.Id),
        expected.map((r) => r.id),
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('scope=all (Atendimento RH): every request canSeeHrRequest allows; 403 to who may not list', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const actor = hrActor(u);
      if (!canListHrRequests(actor)) {
        const res = await callers.get(u.id)!('/api/hr-requests?scope=all');
        return res.statusCode === 403 && res.json().error === MSG.noPageAccess
          ? []
          : [`${describeUser(u)}: scope=all deveria ser 403, foi ${res.statusCode}`];
      }
      const rows = await listed(u, 'all');
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.Id),
        requests.filter((r) => canSeeHrRequest(actor, r)).map((r) => r.id),
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
