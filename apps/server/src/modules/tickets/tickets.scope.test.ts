import {
  type CallFacts,
  canListOpenCalls,
  canSeeCall,
  inOpenQueue,
  isPurchasing,
  MSG,
  supportsDepartment,
} from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertCalls,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

type Call = CallFacts & { id: number };

/** The ticket ids of an exported spreadsheet (first column, after the header). */
async function exportedIds(buf: Buffer): Promise<number[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ids: number[] = [];
  wb.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids;
}

describe(`ticket lists against tickets.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let users: PopulationUser[];
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let calls: Call[];

  beforeAll(async () => {
    t = await buildTestApp();
    const r = seededRandom(2026_08_05);
    users = await insertUsers(t.db, r);
    await insertCalls(t.db, r, users);
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
    // Every call in the database, the demo's included: the lists must agree with the policy on all.
    calls = (
      await t.db.selectFrom('calls').select(['id', 'user_id', 'dep', 'status', 'request_id']).execute()
    ).map((c) => ({ id: c.id, userId: c.user_id, dep: c.dep, status: c.status, requestId: c.request_id }));
  }, 120_000);
  afterAll(() => t.close());

  const as = (u: PopulationUser) => callers.get(u.id)!;

  it('has, for each clause of the rule, calls that only that clause shows to someone', () => {
    const onlyBy = (clause: (u: PopulationUser, c: Call) => boolean) =>
      viewers.some((u) =>
        calls.some((c) => canSeeCall(u.actor, c) && clause(u, c) && !otherClauses(u, c, clause)),
      );
    const own = (u: PopulationUser, c: Call) => c.userId === u.id;
    const department = (u: PopulationUser, c: Call) => supportsDepartment(u.actor, c.dep);
    const purchase = (u: PopulationUser, c: Call) => c.requestId !== null && isPurchasing(u.actor);
    const otherClauses = (u: PopulationUser, c: Call, except: typeof own) =>
      [own, department, purchase].filter((f) => f !== except).some((f) => f(u, c));
    expect(onlyBy(own)).toBe(true);
    expect(onlyBy(department)).toBe(true);
    expect(onlyBy(purchase)).toBe(true);
    expect(viewers.filter((u) => !canListOpenCalls(u.actor)).length).toBeGreaterThan(0);
  });

  const listed = (u: PopulationUser, scope: 'mine' | 'open') =>
    allPages(async (page) => {
      const res = await as(u)(`/api/calls?scope=${scope}&pageSize=25&page=${page}`);
      expect(res.statusCode, `${describeUser(u)} ${scope}: ${res.body}`).toBe(200);
      return res.json<{ rows: { id: number }[]; total: number }>();
    });

  it('GET /api/calls?scope=mine (My calls): exactly the calls canSeeCall allows, for every user', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const rows = await listed(u, 'mine');
      const expected = calls.filter((c) => canSeeCall(u.actor, c)).map((c) => c.id);
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('GET /api/calls?scope=open (Chamados Abertos): exactly the inOpenQueue calls, 403 to who may not open it', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      if (!canListOpenCalls(u.actor)) {
        const res = await as(u)('/api/calls?scope=open');
        return res.statusCode === 403 && res.json().error === MSG.noPageAccess
          ? []
          : [`${describeUser(u)}: scope=open deveria ser 403, foi ${res.statusCode}`];
      }
      const rows = await listed(u, 'open');
      const expected = calls.filter((c) => inOpenQueue(u.actor, c)).map((c) => c.id);
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('GET /api/calls/export: each spreadsheet holds exactly the calls of its list', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const out: string[] = [];
      for (const scope of ['mine', 'open'] as const) {
        const res = await as(u)(`/api/calls/export?scope=${scope}`);
        if (scope === 'open' && !canListOpenCalls(u.actor)) {
          if (res.statusCode !== 403) out.push(`${describeUser(u)}: export open deveria ser 403`);
          continue;
        }
        if (res.statusCode !== 200) {
          out.push(`${describeUser(u)}: export ${scope} respondeu ${res.statusCode}`);
          continue;
        }
        const rule = scope === 'mine' ? canSeeCall : inOpenQueue;
        const expected = calls.filter((c) => rule(u.actor, c)).map((c) => c.id);
        out.push(
          ...scopeDifference(
            `${describeUser(u)} export ${scope}`,
            await exportedIds(res.rawPayload),
            expected,
          ),
        );
      }
      return out;
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
