import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { nowIso } from '../../db/database.ts';
import { demoFines, insertFines } from '../../seed/demo-fines.ts';
import * as q from './fines.queries.ts';
import { cubeDashboardCells } from './fines.summary.queries.ts';

/**
 * Migration 0023 (decision 0081): the dashboard's reads come
 * off indexes alone. The pass over a period's edge days or over one carrier reads the fines'
 * covering index (no fine row); on PostgreSQL the cube's tables are read by index-only scans (their
 * keys carry the counts, sums and maxima: without them the planner could only use an Index Scan).
 * The answers themselves are checked against SQL over the fines in fines.aggregates.test.ts.
 */
describe(`fines dashboard reads off indexes (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.deleteFrom('fines').execute();
    await t.db
      .transaction()
      .execute((tx) => insertFines(tx, demoFines(1200, { seed: 9, prefix: 'P' }), nowIso()));
    // The visibility map, as autovacuum leaves it: an index-only scan needs it.
    if (TEST_DIALECT === 'postgres') await sql`vacuum analyze`.execute(t.db);
  });
  afterAll(() => t.close());

  /** The plan of `statement`, one line per step; PostgreSQL with only index reads allowed. */
  async function planOf(statement: CompiledQuery): Promise<string> {
    if (TEST_DIALECT === 'sqlite') {
      const plan = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      return plan.rows.map((r) => r.detail).join('\n');
    }
    return t.db.connection().execute(async (conn) => {
      await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      await conn.executeQuery(CompiledQuery.raw('set enable_bitmapscan = off'));
      try {
        const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
        );
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
        await conn.executeQuery(CompiledQuery.raw('reset enable_bitmapscan'));
      }
    });
  }

  /** The statements `run` sends, as compiled (a raw statement's embedded builders are seen on their own too: left out). */
  async function sent(run: (db: TestApp['db']) => Promise<unknown>): Promise<CompiledQuery[]> {
    const statements: CompiledQuery[] = [];
    const executor = t.db.getExecutor();
    await run(
      t.db.withPlugin({
        transformQuery: (args) => {
          statements.push(executor.compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    );
    return statements.filter((s) => !/^select "fines"/.test(s.sql));
  }

  const covering = (index: string) =>
    TEST_DIALECT === 'sqlite' ? `USING COVERING INDEX ${index}` : `Index Only Scan using ${index}`;

  it("the pass over a period's two edges reads the period's covering index, one range each", async () => {
    const [statement] = await sent((db) =>
      // With another filter (a status, a unit) the database may walk that filter's own index instead.
      q.filteredCells(db, { responsible: 'all', business: 'all' }, '2026-01-01', [
        { from: '2024-01-15', to: '2024-01-31' },
        { from: '2024-12-01', to: '2024-12-10' },
      ]),
    );
    const plan = await planOf(statement!);
    expect(plan.split(covering('fines_data_infracao_dash_idx')).length - 1, plan).toBe(2);
  });

  it('the pass over one carrier reads the carrier covering index', async () => {
    const [statement] = await sent((db) =>
      q.filteredCells(db, { TRANSP: 'Translog Transportes Ltda' }, '2026-01-01'),
    );
    expect(await planOf(statement!)).toContain(covering('fines_transp_dash_idx'));
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    "the cube's tables are read by index-only scans (their keys carry what is summed)",
    async () => {
      const statements = await sent((db) =>
        Promise.all([
          cubeDashboardCells(db, { STATUS_MULTA: 'Penalidade' }, {}, '2026-01-01'),
          cubeDashboardCells(db, { UNIDADE: 'Camaçari' }, { from: '2024-02', to: '2024-11' }, '2026-01-01'),
        ]),
      );
      const plans = (await Promise.all(statements.map(planOf))).join('\n');
      for (const table of ['fines_cube', 'fines_cube_roll', 'fines_cube_max', 'fines_cube_max_roll'])
        expect(plans, table).toContain(`Index Only Scan using ${table}_pk`);
      expect(plans).not.toMatch(/Index Scan using fines_cube/);
    },
  );
});
