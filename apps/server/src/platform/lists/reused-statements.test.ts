import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCall } from '../../../test/call-rows.ts';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import type { TextTest } from '../text-search.ts';
import { type PageRequest, pagedQuery, rangeTest } from './paged-query.ts';
import { runReused } from './reused-statements.ts';

/**
 * pagedQuery's reused statements on the real database (SQLite and PostgreSQL): a page read through
 * statements compiled once (a runner given) answers what the page built and compiled on each call
 * answers, for other values of the same filters, every sort, offset and cursor pages, and totals;
 * a statement whose parameters are not the filters' own plus the page's is never reused wrongly.
 */

const MARKS = ['reusedA', 'reusedB'];
const NAMES = ['ana', 'bia', 'caio', 'davi', 'eva'];
const DAYS = ['2024-05-01T10:00:00.000Z', '2024-05-02T10:00:00.000Z', '2024-05-03T10:00:00.000Z'];

let t: TestApp;

const filtered = (mark: string, deps: string[]) =>
  t.db.selectFrom('calls').where('problema', '=', mark).where('dep', 'in', deps);
/** A module constant, as the lists that reuse their statements declare it. */
const SPEC = {
  select: (q: ReturnType<typeof filtered>) =>
    q.select(['calls.id', 'calls.nome_usuario', 'calls.created_at as data', 'calls.dep']),
  sort: {
    id: ['calls.id'],
    data: ['calls.created_at'],
    nome: ['calls.nome_usuario', 'calls.created_at'],
  },
  tiebreak: 'calls.id',
  maxPageSize: 50,
  countCap: 20,
} as const;
type Sort = keyof typeof SPEC.sort;

beforeAll(async () => {
  t = await buildTestApp();
  const userId = await t.userId(DEMO.colaborador);
  const rows = Array.from({ length: 66 }, (_, i) =>
    testCall(userId, {
      problema: MARKS[i % 2]!,
      dep: i % 3 === 0 ? 'QSSMA' : 'Infraestrutura',
      nome_usuario: NAMES[i % NAMES.length]!,
      created_at: DAYS[i % DAYS.length]!,
      updated_at: DAYS[0]!,
    }),
  );
  await t.db.insertInto('calls').values(rows).execute();
});

afterAll(async () => {
  await t?.close();
});

/** Every page of a walk (offset pages, or cursor pages when `cursor`), with and without reuse. */
async function walk(mark: string, deps: string[], sort: Sort, dir: 'asc' | 'desc', cursor: boolean) {
  const pages: { built: unknown; reused: unknown }[] = [];
  let request: PageRequest<Sort> = {
    sort,
    dir,
    pageSize: 7,
    page: 1,
    count: true,
    cursor: cursor ? '' : undefined,
  };
  for (let i = 0; i < 30; i++) {
    const built = await pagedQuery(filtered(mark, deps), SPEC, request);
    const reused = await pagedQuery(filtered(mark, deps), SPEC, request, t.db);
    pages.push({ built, reused });
    if (cursor ? !built.nextCursor : built.rows.length < 7) return pages;
    request = cursor
      ? { ...request, cursor: built.nextCursor }
      : { ...request, page: (request.page ?? 1) + 1 };
  }
  throw new Error('a walk that does not end');
}

describe('pagedQuery with reused statements', () => {
  it.each([
    ['id', 'asc', false],
    ['data', 'desc', false],
    ['nome', 'asc', true],
    ['nome', 'desc', true],
    ['data', 'asc', true],
  ] as const)(
    'by %s %s (cursor: %s): the pages the built statements answer, for other filter values too',
    async (sort, dir, cursor) => {
      for (const [mark, deps] of [
        [MARKS[0]!, ['QSSMA', 'Infraestrutura']],
        [MARKS[1]!, ['QSSMA', 'Infraestrutura']],
        [MARKS[1]!, ['Infraestrutura', 'Compras']],
        [MARKS[0]!, ['QSSMA']],
      ] as const) {
        const pages = await walk(mark, [...deps], sort, dir, cursor);
        for (const { built, reused } of pages) expect(reused).toEqual(built);
        // The walk read rows: the equality above is not that of two empty pages.
        expect(pages.flatMap((p) => (p.built as { rows: unknown[] }).rows).length).toBeGreaterThan(5);
      }
    },
  );

  it('counts a first page exactly below the cap and as capped above it', async () => {
    const first = { sort: 'id' as const, dir: 'asc' as const, pageSize: 5, count: true };
    const few = await pagedQuery(filtered(MARKS[0]!, ['QSSMA']), SPEC, first, t.db);
    const many = await pagedQuery(filtered(MARKS[0]!, ['QSSMA', 'Infraestrutura']), SPEC, first, t.db);
    expect([few.total, few.totalCapped]).toEqual([11, undefined]);
    expect([many.total, many.totalCapped]).toEqual([20, true]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('pagedQuery on PostgreSQL: prepared statements', () => {
  it('runs a plain page and its total as prepared statements of the connection, never a range page', async () => {
    await t.db.connection().execute(async (conn) => {
      const prepared = async () =>
        (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)
        ).rows.map((r) => r.statement);
      const before = new Set(await prepared());
      const first = { sort: 'data' as const, dir: 'desc' as const, pageSize: 5, count: true };
      // Three departments: a shape of the filters (an IN of three) that no test above asked.
      const plain = await pagedQuery(
        filtered(MARKS[0]!, ['QSSMA', 'Infraestrutura', 'TI']),
        SPEC,
        first,
        conn,
      );
      expect(plain.rows.length).toBe(5);
      const added = (await prepared()).filter((s) => !before.has(s));
      // The page (in the sort's order, with the filters' IN list), which carries the total (the
      // probe past the cap, else the count) as a column: one statement.
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/"dep" in \(\$\d+, \$\d+, \$\d+\).* order by "calls"\."created_at" desc/);
      expect(added[0]).toMatch(
        /case when \(select 1 as "one" from "calls" where .* limit 1 offset \d+\) is not null then \d+\s+else \(select count\(\*\) as "total" from "calls" where .*\) end as "__page_key_total"/,
      );

      // The same filters with other values: the same prepared statements, none added.
      await pagedQuery(filtered(MARKS[1]!, ['Infraestrutura', 'Compras', 'RH']), SPEC, first, conn);
      expect((await prepared()).length).toBe(before.size + added.length);

      // A range (rangeTest: its plan depends on how wide it is), which PostgreSQL reads as a plain
      // page: planned on each run, never prepared.
      const ranged = (how: TextTest) =>
        filtered(MARKS[0]!, ['QSSMA', 'Infraestrutura', 'TI']).where(
          rangeTest(conn, 'calls', 'created_at', [['>=', DAYS[1]!]], how),
        );
      const found = await pagedQuery(ranged, SPEC, first, conn);
      expect(found.rows.length).toBeGreaterThan(0);
      // A period written as a plain filter: the same.
      const period = await pagedQuery(
        filtered(MARKS[0]!, ['QSSMA', 'Infraestrutura', 'TI']).where('created_at', '>=', DAYS[1]!),
        SPEC,
        first,
        conn,
      );
      expect(period.rows.length).toBeGreaterThan(0);
      expect((await prepared()).length).toBe(before.size + added.length);
    });
  });
});

describe('runReused', () => {
  const filters = (mark: string) => t.db.selectFrom('calls').where('problema', '=', mark);

  it('reuses nothing when the statement has parameters of its own besides the filters and the tail', async () => {
    const owner = {};
    const answers: unknown[] = [];
    let builds = 0;
    for (const [mark, label] of [
      [MARKS[0]!, 'primeiro'],
      [MARKS[1]!, 'segundo'],
    ] as const) {
      const f = filters(mark);
      const rows = await runReused(t.db, owner, 'labelled', f.compile(), [2], (tail) =>
        f
          .$call((q) => {
            builds++;
            return q;
          })
          .select(['calls.id', sql<string>`${label}`.as('label')])
          .orderBy('calls.id')
          .limit(tail[0] as number),
      );
      answers.push(rows.map((r) => [r.label, typeof r.id]));
    }
    // Built to find its layout (none), then built for each run.
    expect(builds).toBe(3);
    expect(answers).toEqual([
      [
        ['primeiro', 'number'],
        ['primeiro', 'number'],
      ],
      [
        ['segundo', 'number'],
        ['segundo', 'number'],
      ],
    ]);
  });

  it('puts each value where the statement has it, with grouping, a having and a cursor after the filters', async () => {
    const owner = {};
    let builds = 0;
    const byName = (mark: string, atLeast: number, after: string, limit: number) => {
      const f = filters(mark).groupBy('calls.nome_usuario').having(sql<number>`count(*)`, '>=', atLeast);
      const compiled: CompiledQuery = f.select('calls.nome_usuario').compile();
      const built = (tail: readonly unknown[]) =>
        f
          .$call((q) => {
            builds++;
            return q;
          })
          .select(['calls.nome_usuario', sql<number>`count(*)`.as('n')])
          .where('calls.nome_usuario', '>', tail[0] as string)
          .orderBy('calls.nome_usuario')
          .limit(tail[1] as number);
      return { compiled, built, tail: [after, limit] };
    };
    for (const [mark, atLeast, after, limit] of [
      [MARKS[0]!, 6, 'ana', 3],
      [MARKS[1]!, 7, 'bia', 2],
      [MARKS[0]!, 1, '', 10],
    ] as const) {
      const { compiled, built, tail } = byName(mark, atLeast, after, limit);
      const reused = await runReused(t.db, owner, 'grouped', compiled, tail, built);
      expect(reused.map((r) => [r.nome_usuario, Number(r.n)])).toEqual(
        (await built(tail).execute()).map((r) => [r.nome_usuario, Number(r.n)]),
      );
      expect(reused.length).toBeGreaterThan(0);
    }
    // Built once for its layout, then reused: each `built(tail).execute()` above is one more build.
    expect(builds).toBe(1 + 3);
  });
});
