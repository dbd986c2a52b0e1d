import { canManageUsers, canSeeUser, type ManagedUser, MSG, userAbilitiesFor } from '@intranet/contracts';
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
import { orgLists } from '../org/org.names.ts';

interface Listed extends Partial<ManagedUser> {
  id: number;
  abilities?: unknown;
}

describe(`user lists against users.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let accounts: { id: number; active: number; privilegio: number; admin: number }[];

  beforeAll(async () => {
    ({ t, viewers, callers } = await populatedApp(2026_08_07));
    // Every account in the database, the demo's included, deactivated ones too.
    accounts = await t.db.selectFrom('users').select(['id', 'active', 'privilegio', 'admin']).execute();
  }, 120_000);
  afterAll(() => t.close());

  const branchesOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('user_branches')
        .innerJoin('branches', 'branches.id', 'user_branches.branch_id')
        .select('branches.name')
        .where('user_branches.user_id', '=', userId)
        .execute()
    ).map((b) => b.name);

  const listed = (u: PopulationUser, isAlter: 0 | 1) =>
    allPages(async (page) => {
      const res = await callers.get(u.id)!(`/api/users?isAlter=${isAlter}&pageSize=40&page=${page}`);
      expect(res.statusCode, `${describeUser(u)}: ${res.body}`).toBe(200);
      const body = res.json<{ users: Listed[]; total: number }>();
      return { rows: body.users, total: body.total };
    });

  it('the population holds deactivated accounts and users on both sides of the Usuarios permission', () => {
    expect(accounts.some((a) => a.active === 0)).toBe(true);
    expect(viewers.some((u) => canManageUsers(u.actor))).toBe(true);
    expect(viewers.some((u) => !canManageUsers(u.actor))).toBe(true);
  });

  it('the name directory lists exactly the accounts canSeeUser allows, to every member', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const rows = await listed(u, 0);
      const expected = accounts.filter((a) => canSeeUser(u.actor, a)).map((a) => a.id);
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('the administration list (isAlter=1): the same accounts, each with its abilities; 403 without the permission', async () => {
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const problems = await problemsOfEach(viewers, async (u) => {
      if (!canManageUsers(u.actor)) {
        const res = await callers.get(u.id)!('/api/users?isAlter=1');
        return res.statusCode === 403 && res.json().error === MSG.forbidden
          ? []
          : [`${describeUser(u)}: isAlter=1 deveria ser 403, foi ${res.statusCode}`];
      }
      const rows = await listed(u, 1);
      const expected = accounts.filter((a) => canSeeUser(u.actor, a)).map((a) => a.id);
      const out = scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
      const manager = { ...u.actor, filiais: await branchesOf(u.id) };
      const org = await orgLists(t.db);
      for (const r of rows) {
        const target = byId.get(r.id) && (r as ManagedUser);
        if (target && JSON.stringify(r.abilities) !== JSON.stringify(userAbilitiesFor(manager, target, org)))
          out.push(`${describeUser(u)}: abilities do usuário ${r.id} diferem da política`);
      }
      return out;
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
