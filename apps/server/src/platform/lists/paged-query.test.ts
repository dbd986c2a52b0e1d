import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCall } from '../../../test/call-rows.ts';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { HttpError } from '../errors.ts';
import { containsText, type TextTest } from '../text-search.ts';
import { hasText, type PageRequest, pagedQuery, rangeTest } from './paged-query.ts';

/**
 * The list helper on the real database (SQLite and PostgreSQL): a population of calls with many
 * ties on the sort columns, read page by page, must come back exactly once each, in the order the
 * sort and its tiebreak define.
 */

const MARK = 'pagedQuery';
const NAMES = ['ana', 'bia', 'caio', 'davi'];
const DAYS = ['2024-01-01T10:00:00.000Z', '2024-01-02T10:00:00.000Z', '2024-01-03T10:00:00.000Z'];
const COUNT = 47;

let t: TestApp;
let expected: { id: number; nome_usuario: string; data: string }[];

const filtered = () => t.db.selectFrom('calls').where('problema', '=', MARK);
const spec = {
  select: (q: ReturnType<typeof filtered>) =>
    q.select(['calls.id', 'calls.nome_usuario', 'calls.created_at as data']),
  sort: {
    id: ['calls.id'],
    data: ['calls.created_at'],
    nome: ['calls.nome_usuario', 'calls.created_at'],
  },
  tiebreak: 'calls.id',
  maxPageSize: 20,
} as const;
type Sort = keyof typeof spec.sort;

/** What SQL must answer: the sort's columns, then the id, all in the same direction. */
function order(sort: Sort, dir: 'asc' | 'desc') {
  const key = (r: (typeof expected)[number]) =>
    sort === 'id' ? [r.id] : sort === 'data' ? [r.data, r.id] : [r.nome_usuario, r.data, r.id];
  const cmp = (a: (string | number)[], b: (string | number)[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  const sorted = [...expected].sort((a, b) => cmp(key(a), key(b)));
  return (dir === 'asc' ? sorted : sorted.reverse()).map((r) => r.id);
}

async function walkPages(sort: Sort, dir: 'asc' | 'desc', pageSize: number) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await pagedQuery(filtered(), spec, { sort, dir, page, pageSize, count: true });
    // The total comes with the first page only: later pages do not count every row again.
    expect(res.total).toBe(page === 1 ? COUNT : undefined);
    ids.push(...res.rows.map((r) => r.id));
    if (page * res.pageSize >= COUNT) return ids;
  }
}

async function walkCursor(sort: Sort, dir: 'asc' | 'desc', pageSize: number) {
  const ids: number[] = [];
  let cursor = '';
  for (let i = 0; i < 100; i++) {
    const res = await pagedQuery(filtered(), spec, { sort, dir, pageSize, cursor });
    expect(res.total).toBeUndefined();
    // The key columns are left undefined (plan.ts#pageOf): an answer carries none of them.
    for (const row of res.rows) {
      expect(Object.keys(JSON.parse(JSON.stringify(row))).sort()).toEqual(['data', 'id', 'nome_usuario']);
    }
    ids.push(...res.rows.map((r) => r.id));
    if (!res.nextCursor) return ids;
    cursor = res.nextCursor;
  }
  throw new Error('o cursor não terminou');
}

beforeAll(async () => {
  t = await buildTestApp();
  const userId = await t.userId(DEMO.colaborador);
  const rows = Array.from({ length: COUNT }, (_, i) =>
    testCall(userId, {
      problema: MARK,
      dep: 'QSSMA',
      nome_usuario: NAMES[i % NAMES.length]!,
      created_at: DAYS[i % DAYS.length]!,
      updated_at: DAYS[0]!,
    }),
  );
  await t.db.insertInto('calls').values(rows).execute();
  expected = await filtered().select(['id', 'nome_usuario', 'created_at as data']).execute();
  expect(expected).toHaveLength(COUNT);
});

afterAll(async () => {
  await t?.close();
});

describe('pagedQuery', () => {
  it.each([
    ['id', 'asc', 10],
    ['id', 'desc', 7],
    ['data', 'desc', 5],
    ['nome', 'asc', 6],
    ['nome', 'desc', 20],
  ] as const)(
    'offset pages by %s %s (%i a page): every row once, in order, with the total',
    async (sort, dir, size) => {
      expect(await walkPages(sort, dir, size)).toEqual(order(sort, dir));
    },
  );

  it.each([
    ['id', 'asc', 10],
    ['data', 'desc', 4],
    ['data', 'asc', 47],
    ['nome', 'asc', 3],
    ['nome', 'desc', 1],
  ] as const)(
    'cursor pages by %s %s (%i a page): every row once, in order, no count',
    async (sort, dir, size) => {
      expect(await walkCursor(sort, dir, size)).toEqual(order(sort, dir));
    },
  );

  it('caps the page size and starts at page 1', async () => {
    const res = await pagedQuery(filtered(), spec, { sort: 'id', dir: 'asc', page: 0, pageSize: 10_000 });
    expect([res.page, res.pageSize, res.rows.length]).toEqual([1, 20, 20]);
    expect(res.rows.map((r) => r.id)).toEqual(order('id', 'asc').slice(0, 20));
    const last = await pagedQuery(filtered(), spec, { sort: 'id', dir: 'asc', page: 3, pageSize: 20 });
    expect(last.rows.map((r) => r.id)).toEqual(order('id', 'asc').slice(40));
  });

  it('counts the first page only, up to the cap', async () => {
    const capped = { ...spec, countCap: 10 };
    const first = await pagedQuery(filtered(), capped, { sort: 'id', dir: 'asc', pageSize: 5, count: true });
    expect([first.total, first.totalCapped]).toEqual([10, true]);
    const exact = await pagedQuery(
      filtered(),
      { ...spec, countCap: COUNT },
      { sort: 'id', dir: 'asc', pageSize: 5, count: true },
    );
    expect([exact.total, exact.totalCapped]).toEqual([COUNT, undefined]);
    const atCap = await pagedQuery(
      filtered(),
      { ...spec, countCap: COUNT - 1 },
      { sort: 'id', dir: 'asc', pageSize: 5, count: true },
    );
    expect([atCap.total, atCap.totalCapped]).toEqual([COUNT - 1, true]);
    const none = await pagedQuery(filtered().where('calls.id', '<', 0), spec, {
      sort: 'id',
      dir: 'asc',
      pageSize: 5,
      count: true,
    });
    expect([none.rows.length, none.total, none.totalCapped]).toEqual([0, 0, undefined]);
    const keyed = await pagedQuery(filtered(), spec, {
      sort: 'id',
      dir: 'asc',
      pageSize: 5,
      count: true,
      cursor: '',
    });
    expect(keyed.total).toBe(COUNT);
    const next = await pagedQuery(filtered(), spec, {
      sort: 'id',
      dir: 'asc',
      pageSize: 5,
      count: true,
      cursor: keyed.nextCursor,
    });
    expect(next.total).toBeUndefined();
    expect(next.rows.map((r) => r.id)).toEqual(order('id', 'asc').slice(5, 10));
  });

  it("counts a first page's total in its own statement: below, at and past the page, at and past the cap", async () => {
    const ids = order('id', 'asc');
    const upTo = (n: number) => filtered().where('calls.id', '<=', ids[n - 1]!);
    // Built on each run, and reused as the server runs it (compiled once, the total as a column).
    for (const runner of [undefined, t.db]) {
      for (const cursor of [undefined, '']) {
        for (const [rows, cap, total, capped] of [
          [3, 20, 3, undefined],
          [5, 20, 5, undefined],
          [6, 20, 6, undefined],
          [3, 3, 3, undefined],
          [4, 3, 3, true],
        ] as const) {
          const res = await pagedQuery(
            upTo(rows),
            { ...spec, countCap: cap },
            { sort: 'id', dir: 'asc', pageSize: 5, count: true, cursor },
            runner,
          );
          expect([res.rows.length, res.total, res.totalCapped]).toEqual([Math.min(rows, 5), total, capped]);
          expect(res.rows.map((r) => r.id)).toEqual(ids.slice(0, Math.min(rows, 5)));
        }
      }
    }
  });

  it('counts only when asked', async () => {
    const res = await pagedQuery(filtered(), spec, { sort: 'id', dir: 'asc', pageSize: 5 });
    expect(res.total).toBeUndefined();
    expect(res.nextCursor).toBeUndefined();
  });

  it.each([
    ['a sort outside the whitelist', { sort: 'descricao' }],
    ['an inherited name', { sort: 'constructor' }],
    ['a forged cursor', { cursor: 'bm9wZQ' }],
    ['a cursor of the wrong length', { cursor: Buffer.from('[1]').toString('base64url') }],
    ['a cursor with objects', { cursor: Buffer.from('[{},{}]').toString('base64url') }],
  ])('refuses %s with a 400', async (_, bad) => {
    const request = { sort: 'data', dir: 'asc', pageSize: 5, ...bad } as PageRequest<Sort>;
    const error = await pagedQuery(filtered(), spec, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
  });
});

describe('hasText', () => {
  it('says whether the index and scan forms of the filters differ, as compiling both would', () => {
    const calls = (_how: TextTest) =>
      t.db.selectFrom('calls').where('problema', '=', MARK).where('dep', '=', 'a');
    const contains = (text: string) => (how: TextTest) =>
      calls(how).where(containsText(t.db, { table: 'calls', column: 'nome_usuario' }, text, how));
    const range = (bounds: Parameters<typeof rangeTest>[3]) => (how: TextTest) =>
      calls(how).where(rangeTest(t.db, 'calls', 'created_at', bounds, how));
    const cases: [string, (how: TextTest) => ReturnType<typeof calls>][] = [
      ['no text', calls],
      ['a contains', contains('silva')],
      ['a contains too short for a trigram', contains('si')],
      ['a contains with accents', contains('Patrício')],
      [
        'a period',
        range([
          ['>=', '2024-01-01'],
          ['<', '2024-02-01'],
        ]),
      ],
      ['an empty range', range([])],
      [
        'a contains and a period',
        (how) => contains('ana')(how).where(rangeTest(t.db, 'calls', 'id', [['>', 3]], how)),
      ],
    ];
    for (const [name, byText] of cases) {
      const compiled = byText('index').compile().sql !== byText('scan').compile().sql;
      expect([name, hasText(byText)]).toEqual([name, compiled]);
    }
    // What the cases cover: no text, a contains, and a range (SQLite tests it as a text, PostgreSQL not).
    expect(hasText(calls)).toBe(false);
    expect(hasText(contains('silva'))).toBe(true);
    expect(hasText(range([['>=', '2024-01-01']]))).toBe(t.dialect === 'sqlite');
  });
});
