import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedName } from '../src/db/prepared-statements.ts';
import { loadSessionUser } from '../src/platform/sessions.ts';
import { buildTestApp, DEMO, type TestApp } from './harness.ts';
import {
  BOUNDED,
  fullScans,
  moreThanAWalk,
  pathsOf,
  planOf,
  sorts,
  statementsOf,
  tenTimesShape,
} from './query-plans.fixture.ts';
import { LIST_QUERIES, type Who } from './query-plans.lists.ts';

/**
 * Issue 14: no list query of a module reads a whole table. Each registered list query runs once
 * through a Kysely that records the statements it sends; each SELECT is then explained:
 * - SQLite: EXPLAIN QUERY PLAN, without ANALYZE statistics (SQLite then plans for big tables, the
 *   10× shape); a `SCAN <table>` step without an index is a full scan;
 * - PostgreSQL: EXPLAIN with `enable_seqscan = off` (a `Seq Scan` left means no index serves
 *   that access), after filling calls, purchase requests, users, folders, files and OT attachments with 20,000 rows
 *   each and ANALYZE (on
 *   the few demo rows PostgreSQL rightly prefers any B-tree to a trigram index); a statement that
 *   runs prepared also in its generic plan, which must read the indexes its plan for its values
 *   reads (pathsOf).
 * A new module adds its list queries to LIST_QUERIES (query-plans.lists.ts).
 */

let t: TestApp;
let who: Who;

beforeAll(async () => {
  t = await buildTestApp();
  const actor = async (matricula: string) => {
    const user = await loadSessionUser(t.db, await t.userId(matricula));
    if (!user) throw new Error(matricula);
    return user;
  };
  await (t.dialect === 'postgres' ? tenTimesShape(t.db) : moreThanAWalk(t.db));
  who = {
    admin: await actor(DEMO.admin),
    support: await actor(DEMO.suporteTi),
    member: await actor(DEMO.colaborador),
  };
  // 120,000 rows through their search-index triggers: a minute on a busy 2-CPU machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** How many list queries had statements checked in their generic plan (PostgreSQL). */
let preparedChecked = 0;

describe('list queries read no whole table', () => {
  it.each(LIST_QUERIES.map((q) => [q.name, q] as const))('%s', async (_, q) => {
    const statements = await statementsOf(t, who, q);
    expect(statements.length).toBeGreaterThan(0);
    // Run as the server runs it (its statements reused, some prepared on PostgreSQL): those
    // prepared are also checked in the one plan PostgreSQL may keep for all their values.
    await q.run(t.db, who);
    const runs = statements.flatMap((s) => [
      { s, generic: false },
      ...(t.dialect === 'postgres' && preparedName(s.sql) ? [{ s, generic: true }] : []),
    ]);
    if (runs.some((r) => r.generic)) preparedChecked++;
    const problems: string[] = [];
    for (const { s, generic } of runs) {
      const plan = await planOf(t, s, generic);
      if (process.env.PLAN_DEBUG)
        console.log(`${q.name}${generic ? ' (generic)' : ''}\n${s.sql}\n  ${plan.join('\n  ')}`);
      // The one plan PostgreSQL may keep for all values is the one these values get.
      if (generic) {
        const forValues = pathsOf(await planOf(t, s));
        if (pathsOf(plan).join() !== forValues.join())
          problems.push(
            `generic plan reads ${pathsOf(plan).join(', ')}; for its values ${forValues.join(', ')}: ${s.sql}`,
          );
      }
      const scans = fullScans(t.dialect, plan);
      if (scans.length > 0) problems.push(`${scans.join('; ')} in: ${s.sql}`);
      const indexed = plan.some((line) => line.includes('_search'));
      const sorted = sorts(t.dialect, plan);
      if ((q.ordered === true || q.ordered === t.dialect) && sorted.length > 0)
        problems.push(`${sorted.join('; ')} in: ${s.sql}`);
      // A "contains" filter on a B-tree column reads every row in range; only a search index avoids
      // it, or a bounded walk of the page's order (pagedQuery's first phase).
      if (q.search && !indexed && (sorted.length > 0 || !BOUNDED.test(s.sql))) {
        problems.push(`no search index nor walk in order (${plan.join('; ')}) in: ${s.sql}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // After the queries above: the plain lists' statements are prepared on PostgreSQL, so their
  // generic plans were checked (a check that never ran would pass unseen).
  it.runIf(process.env.TEST_DB === 'postgres')(
    'checked the generic plans of the lists that run prepared',
    () => {
      expect(preparedChecked).toBeGreaterThanOrEqual(10);
    },
  );
});
