import { appAbilitiesFor, canManageApps, canSeeApp, isAdmin } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertApps,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

describe(`app list against apps.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let apps: { id: number; setores: string[] }[];

  beforeAll(async () => {
    t = await buildTestApp();
    const r = seededRandom(2026_08_08);
    const users = await insertUsers(t.db, r);
    await insertApps(t.db, r);
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
    // Every app in the database with its sectors, the demo's included.
    const rows = await t.db.selectFrom('apps').select('id').execute();
    const assigned = await t.db
      .selectFrom('app_sectors as aps')
      .innerJoin('sectors as s', 's.id', 'aps.sector_id')
      .select(['aps.app_id', 's.name'])
      .execute();
    apps = rows.map((a) => ({
      id: a.id,
      setores: assigned.filter((x) => x.app_id === a.id).map((x) => x.name),
    }));
  }, 120_000);
  afterAll(() => t.close());

  it('the population holds apps without sectors and non-admins who see some apps and not others', () => {
    expect(apps.some((a) => a.setores.length === 0)).toBe(true);
    const partial = viewers.filter(
      (u) =>
        !isAdmin(u.actor) &&
        apps.some((a) => canSeeApp(u.actor, a)) &&
        apps.some((a) => !canSeeApp(u.actor, a)),
    );
    expect(partial.length).toBeGreaterThan(0);
  });

  it('GET /api/apps lists exactly the apps canSeeApp allows, each with its abilities', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      let canCreate: boolean | undefined;
      const out: string[] = [];
      const rows = await allPages(async (page) => {
        const res = await callers.get(u.id)!(`/api/apps?pageSize=10&page=${page}`);
        expect(res.statusCode, `${describeUser(u)}: ${res.body}`).toBe(200);
        const body = res.json<{
          apps: { id: number; abilities: unknown }[];
          total: number;
          canCreate: boolean;
        }>();
        canCreate = body.canCreate;
        return { rows: body.apps, total: body.total };
      });
      if (canCreate !== canManageApps(u.actor)) out.push(`${describeUser(u)}: canCreate difere da política`);
      const abilities = JSON.stringify(appAbilitiesFor(u.actor));
      if (rows.some((r) => JSON.stringify(r.abilities) !== abilities))
        out.push(`${describeUser(u)}: abilities diferem da política`);
      const expected = apps.filter((a) => canSeeApp(u.actor, a)).map((a) => a.id);
      out.push(
        ...scopeDifference(
          describeUser(u),
          rows.map((r) => r.id),
          expected,
        ),
      );
      return out;
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
