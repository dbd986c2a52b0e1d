import { searchKey } from '@intranet/contracts';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCall } from '../../../test/call-rows.ts';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { containsText, type TextTest } from '../text-search.ts';
import { type Page, pagedQuery, roundBelow } from './index.ts';

/**
 * The two-phase page of a "contains" list (walk.ts#walkedPage) on the real database
 * (SQLite and PostgreSQL): whether the page comes from the walk of the sort's index (a common text)
 * or from the search index (a rare or absent one), every page of a cursor walk holds the rows the
 * plain search-index plan answers, in the same order, and the first page's total is exact or an
 * honest "mais de N".
 */

const MARK = 'pagedContains';
const COUNT = 240;
const DAYS = Array.from({ length: 7 }, (_, d) => `2024-03-0${d + 1}T08:00:00.000Z`);
const WALK = 30;

/** Who opened call i: "Silva" in 2 of 5 calls, "Patrício" in 1 of 25, "Zuleica" once. */
function nameOf(i: number) {
  if (i === 137) return 'Zuleica Prado';
  if (i % 25 === 3) return 'Patrício Lima';
  if (i % 5 < 2) return `Ana Silva ${i % 3}`;
  return i % 2 === 0 ? 'Bruno Costa' : 'Carla Dias';
}

let t: TestApp;
let all: { id: number; nome_usuario: string; data: string; dep: string }[];
/** The SQL of each statement sent through `recorded`. */
let sent: string[] = [];
let recorded: TestApp['db'];

const spec = {
  select: (q: ReturnType<ReturnType<typeof filteredBy>>) =>
    q.select(['calls.id', 'calls.nome_usuario', 'calls.created_at as data', 'calls.dep']),
  sort: {
    data: ['calls.created_at'],
    nome: ['calls.nome_usuario', 'calls.created_at'],
    id: ['calls.id'],
  },
  tiebreak: 'calls.id',
  walkRows: WALK,
} as const;
type Sort = keyof typeof spec.sort;

const filteredBy = (text: string, dep?: string) => (how: TextTest) => {
  let q = recorded
    .selectFrom('calls')
    .where('problema', '=', MARK)
    .where(containsText(recorded, { table: 'calls', column: 'nome_usuario' }, text, how));
  if (dep) q = q.where('dep', '=', dep);
  return q;
};

/** What the list must answer, computed here: the matching rows in the sort's order, then by id. */
function expected(text: string, sort: Sort, dir: 'asc' | 'desc', dep?: string) {
  const key = (r: (typeof all)[number]) =>
    sort === 'id' ? [r.id] : sort === 'data' ? [r.data, r.id] : [r.nome_usuario, r.data, r.id];
  const cmp = (a: (string | number)[], b: (string | number)[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  const rows = all
    .filter((r) => searchKey(r.nome_usuario).includes(searchKey(text)) && (!dep || r.dep === dep))
    .sort((a, b) => cmp(key(a), key(b)));
  return (dir === 'asc' ? rows : rows.reverse()).map((r) => r.id);
}

/**
 * Whether a statement read rows through the search index (FTS5 table / trigram LIKE); the walk's
 * edge statement, which also probes each text's matches in the index up to a limit, is not one.
 */
const byIndex = (sqlText: string) =>
  /_search|like search_key/.test(sqlText) && !/__text_probe_/.test(sqlText);
/** Whether a statement tested rows on their stored search key (the walk of phase one). */
const walked = (sqlText: string) => /(instr|strpos)\("\w+"\."search_\w+"/.test(sqlText);

/** Every cursor page of `filtered`, with the statements each page sent. */
async function walk(
  filtered: ReturnType<typeof filteredBy> | ReturnType<ReturnType<typeof filteredBy>>,
  sort: Sort,
  dir: 'asc' | 'desc',
  pageSize: number,
  walkRows = WALK,
) {
  const pages: { page: Page<{ id: number }>; statements: string[] }[] = [];
  let cursor = '';
  for (let i = 0; i < 200; i++) {
    sent = [];
    const page = await pagedQuery(
      filtered,
      { ...spec, walkRows },
      {
        sort,
        dir,
        pageSize,
        cursor,
        count: true,
      },
    );
    pages.push({ page, statements: sent });
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('o cursor não terminou');
}

const idsOf = (pages: { page: Page<{ id: number }> }[]) => pages.flatMap((p) => p.page.rows.map((r) => r.id));

beforeAll(async () => {
  t = await buildTestApp();
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      // A SELECT of no column is never sent: pagedQuery compiles the filters so to compare them.
      if (args.node.kind === 'SelectQueryNode' && (args.node.selections?.length ?? 0) > 0) {
        sent.push(t.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  recorded = t.db.withPlugin(recorder);
  const userId = await t.userId(DEMO.colaborador);
  const rows = Array.from({ length: COUNT }, (_, i) =>
    testCall(userId, {
      problema: MARK,
      dep: i % 3 === 0 ? 'TI' : 'QSSMA',
      nome_usuario: nameOf(i),
      created_at: DAYS[(i * 5) % DAYS.length]!,
      updated_at: DAYS[0]!,
    }),
  );
  await t.db.insertInto('calls').values(rows).execute();
  all = await t.db
    .selectFrom('calls')
    .select(['id', 'nome_usuario', 'created_at as data', 'dep'])
    .where('problema', '=', MARK)
    .execute();
  expect(all).toHaveLength(COUNT);
});

afterAll(async () => {
  await t?.close();
});

describe('pagedQuery with a "contains" filter', () => {
  it.each([
    ['silva', 'data', 'desc', 7],
    ['SILVA', 'nome', 'asc', 5],
    ['silva 2', 'id', 'asc', 4],
    ['patricio', 'data', 'desc', 7],
    ['patrício', 'nome', 'desc', 3],
    ['zuleica', 'data', 'asc', 7],
    ['zzzz', 'data', 'desc', 7],
    ['li', 'id', 'desc', 6],
    ['a', 'nome', 'asc', 20],
  ] as const)(
    '"%s" by %s %s (%i a page): the rows and order of the search index, page by page',
    async (text, sort, dir, size) => {
      const want = expected(text, sort, dir);
      const twoPhase = await walk(filteredBy(text), sort, dir, size);
      const plain = await walk(filteredBy(text)('index'), sort, dir, size);
      expect(idsOf(twoPhase)).toEqual(want);
      expect(idsOf(plain)).toEqual(want);
      expect(twoPhase.map((p) => p.page.rows.length)).toEqual(plain.map((p) => p.page.rows.length));
      // Rows carry only the selected columns (no key or total columns of the walk) into an answer:
      // the key columns are left undefined (plan.ts#pageOf), which no writer writes.
      for (const { page } of twoPhase) {
        for (const row of page.rows) {
          expect(Object.keys(JSON.parse(JSON.stringify(row))).sort()).toEqual([
            'data',
            'dep',
            'id',
            'nome_usuario',
          ]);
        }
      }
      // The total comes with the first page only: exact from the search index, or from a walk that
      // saw every row; "mais de N" (N below the truth) from a walk that stopped early.
      const first = twoPhase[0]!.page;
      expect(twoPhase.slice(1).every((p) => p.page.total === undefined)).toBe(true);
      if (first.totalCapped) expect(first.total).toBeLessThan(want.length);
      else expect(first.total).toBe(want.length);
    },
  );

  it('reads a common text by walking the sort, a rare one through the search index', async () => {
    const common = await walk(filteredBy('silva'), 'data', 'desc', 7);
    // 2 in 5 rows match: each page fills within the walk, without the search index.
    expect(common.length).toBeGreaterThan(10);
    for (const p of common.slice(0, -1)) expect(p.statements.some(byIndex)).toBe(false);
    const first = common[0]!.page;
    expect(first.totalCapped).toBe(true);
    // The 8 rows read for a page of 7 (a next page follows): "mais de 5", with no count of the walk.
    expect(first.total).toBe(5);
    expect(common[0]!.statements.some((q) => /count\(\*\)/.test(q))).toBe(false);

    for (const text of ['zuleica', 'zzzz']) {
      const [rare] = await walk(filteredBy(text), 'data', 'desc', 7);
      expect(rare!.statements.some(byIndex)).toBe(true);
      expect(rare!.page.totalCapped).toBeUndefined();
    }
  });

  it('walks first whatever the text, then reads a rare or absent one through the search index', async () => {
    // The walk is 30 rows here: "patricio" matches about 10 calls, "zuleica" 1, "zzzz" none.
    for (const [text, size] of [
      ['patricio', 7],
      ['zuleica', 3],
      ['zzzz', 7],
    ] as const) {
      const pages = await walk(filteredBy(text), 'data', 'desc', size);
      expect(idsOf(pages)).toEqual(expected(text, 'data', 'desc'));
      const first = pages[0]!;
      expect(first.statements.some(walked), `${text}: ${first.statements.join('; ')}`).toBe(true);
      expect(first.statements.some(byIndex)).toBe(true);
      // No statement counts the text's matches in the search index before the walk.
      expect(first.statements.some((q) => /__text_probe_/.test(q))).toBe(false);
      expect(first.page.total).toBe(expected(text, 'data', 'desc').length);
      expect(first.page.totalCapped).toBeUndefined();
    }
    const common = await walk(filteredBy('silva'), 'data', 'desc', 7);
    expect(common[0]!.statements.some(walked)).toBe(true);
    expect(common[0]!.statements.some(byIndex)).toBe(false);
  });

  it('sorted by the searched column, skips the values before the first match instead of reading the search index', async () => {
    // Sorted by name, "patrício" (about 10 calls) and "zuleica" (1) come after the 30 rows the walk
    // reads, all of "Ana Silva": the distinct names from the walk's end are tested, and the walk
    // starts again at the first that matches. "zzzz" matches no name: an empty page, counted 0.
    for (const [text, dir, size] of [
      ['patricio', 'asc', 4],
      ['zuleica', 'asc', 7],
      ['zzzz', 'asc', 7],
      ['ana silva', 'desc', 6],
    ] as const) {
      const pages = await walk(filteredBy(text), 'nome', dir, size);
      const want = expected(text, 'nome', dir);
      expect(idsOf(pages), text).toEqual(want);
      const first = pages[0]!;
      expect(
        first.statements.some((q) => /with recursive/.test(q)),
        text,
      ).toBe(true);
      expect(first.statements.some(byIndex), `${text}: ${first.statements.join('; ')}`).toBe(false);
      if (first.page.totalCapped) expect(first.page.total, text).toBeLessThan(want.length);
      else expect(first.page.total, text).toBe(want.length);
    }
    // A text in the first rows by name is found by the walk alone: no skip.
    const common = await walk(filteredBy('silva'), 'nome', 'asc', 4);
    expect(common[0]!.statements.some((q) => /with recursive/.test(q))).toBe(false);
  });

  it('answers from the walk alone, with the exact total, when it sees every row', async () => {
    const pages = await walk(filteredBy('zuleica'), 'data', 'desc', 7, COUNT + 1);
    expect(idsOf(pages)).toEqual(expected('zuleica', 'data', 'desc'));
    expect(pages[0]!.statements.some(byIndex)).toBe(false);
    expect(pages[0]!.page).toMatchObject({ total: 1 });
    expect(pages[0]!.page.totalCapped).toBeUndefined();
  });

  it('keeps the other filters in the walk (a department and a common text)', async () => {
    const pages = await walk(filteredBy('silva', 'TI'), 'nome', 'asc', 4);
    expect(idsOf(pages)).toEqual(expected('silva', 'nome', 'asc', 'TI'));
    expect(pages[0]!.statements.some(byIndex)).toBe(false);
  });

  it('pages by offset too, the same rows as the search index', async () => {
    for (const text of ['silva', 'patricio']) {
      for (const page of [1, 2, 3]) {
        const request = { sort: 'data', dir: 'desc', pageSize: 5, page, count: page === 1 } as const;
        const twoPhase = await pagedQuery(filteredBy(text), spec, request);
        const plain = await pagedQuery(filteredBy(text)('index'), spec, request);
        expect(twoPhase.rows.map((r) => r.id)).toEqual(
          expected(text, 'data', 'desc').slice((page - 1) * 5, page * 5),
        );
        expect(plain.rows).toEqual(twoPhase.rows);
      }
    }
  });

  it('refuses a forged cursor with a 400 before reading anything', async () => {
    sent = [];
    const error = await pagedQuery(filteredBy('silva'), spec, {
      sort: 'data',
      dir: 'asc',
      pageSize: 5,
      cursor: Buffer.from('["x"]').toString('base64url'),
    }).catch((e: unknown) => e);
    expect((error as { statusCode?: number }).statusCode).toBe(400);
    expect(sent).toEqual([]);
  });
});

describe('roundBelow', () => {
  it.each([
    [2, 1],
    [3, 2],
    [8, 5],
    [12, 10],
    [100, 50],
    [101, 100],
    [247, 200],
    [1_999, 1_000],
    [2_001, 2_000],
  ])('%i → %i', (n, below) => {
    expect(roundBelow(n)).toBe(below);
  });
});
