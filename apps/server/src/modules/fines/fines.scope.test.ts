import { canReadFines } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  type Caller,
  describeUser,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

/**
 * fines.policy.ts decides the whole list at once (Gestão de Multas and admins read every fine,
 * nobody else reads any): each user of a generated population gets every fine through the keyset
 * pages, or 403 on every reading call.
 */
describe(`fine lists against fines.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let all: number[];

  beforeAll(async () => {
    t = await buildTestApp();
    const users = await insertUsers(t.db, seededRandom(2026_11_23));
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
    all = (await t.db.selectFrom('fines').select('id').execute()).map((r) => r.id);
  }, 120_000);
  afterAll(() => t.close());

  it('the population has both readers and non-readers, and the demo has fines', () => {
    expect(viewers.some((u) => canReadFines(u.actor))).toBe(true);
    expect(viewers.some((u) => !canReadFines(u.actor))).toBe(true);
    expect(all.length).toBeGreaterThan(200);
  });

  it('each user lists exactly what the policy lets them read', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const call = callers.get(u.id)!;
      const who = describeUser(u);
      if (!canReadFines(u.actor)) {
        const statuses = await Promise.all(
          ['/api/fines', '/api/fines/aggregates', '/api/managerFines', '/api/fines/bm?year=2024&month=1'].map(
            async (url) => (await call(url)).statusCode,
          ),
        );
        return statuses.every((s) => s === 403) ? [] : [`${who}: deveria ser recusado ${statuses}`];
      }
      const ids: number[] = [];
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const res = await call(`/api/fines?sort=id&dir=asc&pageSize=200${cursor ? `&cursor=${cursor}` : ''}`);
        if (res.statusCode !== 200) return [`${who}: ${res.statusCode}`];
        const body = res.json<{ rows: { id: number }[]; total?: number; nextCursor?: string }>();
        if (page === 0 && body.total !== all.length) return [`${who}: total ${body.total}`];
        ids.push(...body.rows.map((r) => r.id));
        if (!body.nextCursor) break;
        cursor = body.nextCursor;
      }
      return scopeDifference(who, ids, all);
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
