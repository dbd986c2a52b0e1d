import type { Actor, PurchaseFilters } from '@intranet/contracts';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { idSet } from '../src/db/id-set.ts';
import { preparedName } from '../src/db/prepared-statements.ts';
import * as apps from '../src/modules/apps/apps.queries.ts';
import * as calendar from '../src/modules/calendar/calendar.queries.ts';
import * as fines from '../src/modules/fines/fines.queries.ts';
import * as finesSummary from '../src/modules/fines/fines.summary.queries.ts';
import * as folders from '../src/modules/folders/folders.queries.ts';
import * as notices from '../src/modules/notices/notices.queries.ts';
import * as operations from '../src/modules/operations/operations.queries.ts';
import * as purchases from '../src/modules/purchases/purchases.queries.ts';
import * as tickets from '../src/modules/tickets/tickets.queries.ts';
import * as users from '../src/modules/users/users.queries.ts';
import { loadSessionUser, resolveSession } from '../src/platform/sessions.ts';
import { demoFines, loadFines } from '../src/seed/demo-fines.ts';
import { buildTestApp, DEMO, type TestApp } from './harness.ts';

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
 * A new module adds its list queries to LIST_QUERIES.
 */

interface ListQuery {
  name: string;
  /**
   * A "contains" search: every statement goes through a search index (db/search.ts), or is one of
   * pagedQuery's bounded walks (the text tested row by row): LIMITed, in the order of an index.
   */
  search?: true;
  /**
   * Every statement reads its rows in the order of an index: no sort of the matches (SQLite: no temp
   * B-tree); `'sqlite'`: on SQLite only, whose plans do not depend on the rows (PostgreSQL's do, and
   * its few demo fines may rightly be sorted).
   */
  ordered?: true | 'sqlite';
  run: (db: Db, who: Record<'admin' | 'support' | 'member', Actor>) => Promise<unknown>;
}

const page = { sort: 'data', dir: 'desc', pageSize: 100, page: 1 } as const;
/** A list cursor (platform/lists/paged-query.ts: the sort key values of the last row seen). */
const cursorOf = (key: (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
const viewer = (a: Actor) => folders.viewerOf(a);
/** A Colaborador reaches about half the share (bench/folders-data.ts): the search's folder set as a parameter. */
const halfTheFolders = idSet(Array.from({ length: 5000 }, (_, i) => 2 * i + 1));
const buyer = (a: Actor) => ({ ...a, diretor: false });
const pf = (f: Partial<PurchaseFilters> & Pick<PurchaseFilters, 'scope'>): PurchaseFilters => ({
  q: undefined,
  filial: undefined,
  ...f,
});
const purchasePage = { sort: 'date', dir: 'desc', pageSize: 100 } as const;
/** Periods of the 10× shape's rows (from 2024-01-01, one an hour): a day of them, and all of them. */
const ONE_DAY = { from: '2024-06-01', to: '2024-06-01' } as const;
const TWO_YEARS = { from: '2024-01-01', to: '2026-12-31' } as const;

const finesPage = { sort: 'DATA_INFRACAO', dir: 'desc', pageSize: 100, count: true } as const;

export const LIST_QUERIES: ListQuery[] = [
  // Not a list, but every signed-in request runs it (issue 14: one statement).
  { name: 'sessions: lookup by token', run: (db) => resolveSession(db, 'x'.repeat(43)) },
  { name: 'fines: newest, with the total', run: (db) => fines.listFines(db, {}, finesPage) },
  {
    name: 'fines: responsible, payment status and period',
    run: (db) =>
      fines.listFines(
        db,
        { responsible: 'transp', STATUS_PAGMTO: 'Pagamento Realizado', from: '2024-01-01', to: '2024-12-31' },
        finesPage,
      ),
  },
  {
    name: 'fines: responsible, payment status and period, by carrier',
    run: (db) =>
      fines.listFines(
        db,
        { responsible: 'transp', STATUS_PAGMTO: 'Pagamento Realizado', from: '2024-01-01', to: '2024-12-31' },
        { ...finesPage, sort: 'TRANSP', dir: 'asc' },
      ),
  },
  // Filters the summary does not hold: the dashboard's one pass reads only the filtered fines.
  {
    name: 'fines: dashboard pass, responsible + payment status + period',
    run: (db) =>
      fines
        .dashboardSource(db, {
          responsible: 'transp',
          STATUS_PAGMTO: 'Pagamento Realizado',
          from: '2024-01-01',
          to: '2024-12-31',
        })
        .execute(),
  },
  {
    name: 'fines: dashboard pass, one status',
    run: (db) => fines.dashboardSource(db, { STATUS_MULTA: 'Penalidade' }).execute(),
  },
  {
    name: 'fines: one carrier, by carrier',
    run: (db) => fines.listFines(db, { TRANSP: 'Translog' }, { ...finesPage, sort: 'TRANSP', dir: 'asc' }),
  },
  { name: 'fines: plate starts with', run: (db) => fines.listFines(db, { PLACA: 'ABC' }, finesPage) },
  // The table's page for each filter of the bar alone, newest first: in the order of an index.
  ...(
    [
      ['one unit', { UNIDADE: 'Camaçari' }],
      ['one carrier', { TRANSP: 'Translog Transportes Ltda' }],
      ['one fine status', { STATUS_MULTA: 'Penalidade' }],
      ['one payment status', { STATUS_PAGMTO: 'Pagamento Realizado' }],
      ['one ND status', { STATUS_ND: 'N/A' }],
      ['responsible', { responsible: 'transp' }],
      ['business', { business: 'resinas' }],
      ['period', { from: '2024-01-01', to: '2024-12-31' }],
      // More fines than the walk start with Q (moreThanAWalk): tested on the walk of the date index.
      ['auto number starting with a common prefix', { NUMERO_AUTO: 'Q' }],
    ] as const
  ).map(
    ([what, f]): ListQuery => ({
      name: `fines: ${what}, newest first`,
      ordered: 'sqlite',
      run: (db) => fines.listFines(db, f, finesPage),
    }),
  ),
  {
    name: 'fines: a common period, by carrier (walk of the carrier index)',
    ordered: 'sqlite',
    run: (db) =>
      fines.listFines(
        db,
        { from: '2000-01-01', to: '2099-12-31' },
        { ...finesPage, sort: 'TRANSP', dir: 'asc' },
      ),
  },
  {
    name: 'fines: a rare auto number prefix, by carrier (its own index)',
    run: (db) =>
      fines.listFines(db, { NUMERO_AUTO: 'Q00000012' }, { ...finesPage, sort: 'TRANSP', dir: 'asc' }),
  },
  // The dashboard reads the summary table (migration 0014), never every fine.
  {
    name: 'fines: dashboard, no filter',
    run: (db) => finesSummary.summaryAggregates(db, {}, '2026-01-01'),
  },
  {
    name: 'fines: dashboard, responsible and business',
    run: (db) =>
      finesSummary.summaryAggregates(db, { responsible: 'transp', business: 'UNIB' }, '2026-01-01'),
  },
  {
    name: 'fines: dashboard, business only',
    run: (db) => finesSummary.summaryAggregates(db, { business: 'resinas' }, '2026-01-01'),
  },
  // The cube (migration 0017) for a period's whole months, through its roll-up by year (0020): a
  // whole year, no period, a year's few months (from the cube) and most of a year (the year less
  // the other months), each one statement.
  {
    name: 'fines: dashboard cube, payment status and period',
    run: (db) =>
      finesSummary.cubeDashboardCells(
        db,
        { STATUS_PAGMTO: 'Pagamento Realizado' },
        { from: '2024-01', to: '2024-12' },
        '2026-01-01',
      ),
  },
  {
    name: 'fines: dashboard cube, one unit, no period',
    run: (db) => finesSummary.cubeDashboardCells(db, { UNIDADE: 'Camaçari' }, {}, '2026-01-01'),
  },
  {
    name: "fines: dashboard cube, a year's months and most of the next",
    run: (db) =>
      finesSummary.cubeDashboardCells(
        db,
        { STATUS_MULTA: 'Penalidade' },
        { from: '2023-10', to: '2024-11' },
        '2026-01-01',
      ),
  },
  {
    name: 'tickets: open, admin, newest',
    run: (db, w) => tickets.listCalls(db, w.admin, { scope: 'open' }, page),
  },
  {
    name: 'tickets: open, one department',
    run: (db, w) => tickets.listCalls(db, w.support, { scope: 'open' }, page),
  },
  {
    name: 'notices: Avisos, first and next page',
    run: async (db) => {
      const first = await notices.pageNotices(db, { pageSize: 1 });
      return notices.pageNotices(db, { pageSize: 1, cursor: first.nextCursor });
    },
  },
  { name: 'tickets: mine', run: (db, w) => tickets.listCalls(db, w.member, { scope: 'mine' }, page) },
  {
    name: 'tickets: name contains',
    search: true,
    run: (db, w) => tickets.listCalls(db, w.admin, { scope: 'open', name: 'joao' }, page),
  },
  {
    name: 'tickets: attendant contains',
    search: true,
    run: (db, w) => tickets.listCalls(db, w.admin, { scope: 'open', attendant: 'fernanda' }, page),
  },
  {
    name: 'tickets: status and period',
    run: (db, w) =>
      tickets.listCalls(
        db,
        w.admin,
        { scope: 'open', status: 0, from: '2024-01-01', to: '2024-02-01' },
        page,
      ),
  },
  // Periods, narrow and wide, under the sort's own column and another. They are planned for their
  // values (lists/reuse.ts#mayPrepare): prepared, the generic plans of three of them read other
  // indexes than their values get (two under the sort's own column; one sorts every match of two
  // years of Compras), which the check of generic plans below refuses.
  ...(
    [
      ['status over two years', 'admin', { status: 1, ...TWO_YEARS }, 'data'],
      ['one day, newest', 'admin', ONE_DAY, 'data', true],
      ['one department, two years', 'support', TWO_YEARS, 'data'],
      ['one day, sorted by name', 'admin', ONE_DAY, 'nome_usuario'],
      ['two years, sorted by name', 'admin', TWO_YEARS, 'nome_usuario'],
    ] as const
  ).map(
    ([what, who, f, sort, ordered]): ListQuery => ({
      name: `tickets: ${what}`,
      ...(ordered && { ordered }),
      run: (db, w) =>
        tickets.listCalls(
          db,
          w[who],
          { scope: 'open', ...f },
          { ...page, sort, dir: sort === 'data' ? 'desc' : 'asc' },
        ),
    }),
  ),
  {
    name: 'tickets: by name, cursor page',
    ordered: true,
    run: (db, w) =>
      tickets.listCalls(
        db,
        w.admin,
        { scope: 'open' },
        { ...page, sort: 'nome_usuario', dir: 'asc', cursor: '' },
      ),
  },
  {
    name: 'tickets: by name, next page by cursor',
    ordered: true,
    run: (db, w) =>
      tickets.listCalls(
        db,
        w.admin,
        { scope: 'open' },
        { ...page, sort: 'nome_usuario', dir: 'asc', cursor: cursorOf(['M', '', 0]) },
      ),
  },
  {
    name: 'tickets: by date, next page by cursor',
    ordered: true,
    run: (db, w) =>
      tickets.listCalls(db, w.admin, { scope: 'open' }, { ...page, cursor: cursorOf(['2024-06-01', 5000]) }),
  },
  {
    name: 'tickets: name contains, sorted by name, next page',
    search: true,
    run: (db, w) =>
      tickets.listCalls(
        db,
        w.admin,
        { scope: 'open', name: 'joao' },
        { ...page, sort: 'nome_usuario', dir: 'asc', cursor: cursorOf(['M', '', 0]) },
      ),
  },
  {
    name: 'purchases: received, newest',
    run: (db, w) => purchases.listPurchases(db, buyer(w.admin), pf({ scope: 'received' }), purchasePage),
  },
  {
    name: "purchases: received, a manager's sectors",
    run: (db, w) => purchases.listPurchases(db, buyer(w.support), pf({ scope: 'received' }), purchasePage),
  },
  {
    name: 'purchases: mine',
    run: (db, w) => purchases.listPurchases(db, buyer(w.member), pf({ scope: 'mine' }), purchasePage),
  },
  {
    name: 'purchases: filter bar (status, priority, unit, type, period, sector)',
    run: (db, w) =>
      purchases.listPurchases(
        db,
        buyer(w.admin),
        pf({
          scope: 'received',
          status: 1,
          priority: 2,
          filial: 'Matriz',
          typerequest: 'compra',
          from: '2024-01-01',
          to: '2024-02-01',
          setor: 'Recursos Humanos',
        }),
        purchasePage,
      ),
  },
  ...(
    [
      ["a manager's sectors, one day", 'support', ONE_DAY],
      ["a manager's sectors, two years", 'support', TWO_YEARS],
      [
        'status, unit and type, two years',
        'admin',
        { status: 3, filial: 'Matriz', typerequest: 'compra', ...TWO_YEARS },
        true,
      ],
    ] as const
  ).map(
    ([what, who, f, ordered]): ListQuery => ({
      name: `purchases: received, ${what}`,
      ...(ordered && { ordered }),
      run: (db, w) =>
        purchases.listPurchases(db, buyer(w[who]), pf({ scope: 'received', ...f }), purchasePage),
    }),
  ),
  {
    // Migration 0015: the page walks one index in order and the total counts a range of it.
    name: 'purchases: status, unit and type',
    ordered: true,
    run: (db, w) =>
      purchases.listPurchases(
        db,
        buyer(w.admin),
        pf({ scope: 'received', status: 3, filial: 'Matriz', typerequest: 'compra' }),
        purchasePage,
      ),
  },
  {
    name: 'purchases: by quantity, cursor page',
    run: (db, w) =>
      purchases.listPurchases(db, buyer(w.admin), pf({ scope: 'received', typerequest: 'servico' }), {
        ...purchasePage,
        sort: 'qnt',
        dir: 'asc',
        cursor: '',
      }),
  },
  {
    // Fourth pass: (priority, qnt, created_at) (migration 0018) serves the filter and the order.
    name: 'purchases: priority, sorted by quantity',
    ordered: true,
    run: (db, w) =>
      purchases.listPurchases(db, buyer(w.admin), pf({ scope: 'received', priority: 1 }), {
        ...purchasePage,
        sort: 'qnt',
        dir: 'asc',
      }),
  },
  {
    // Fourth pass: `status in (3, 4)` and the manager test, not an OR the status index cannot serve.
    name: 'purchases: waiting for me, a director who manages sectors',
    run: (db, w) =>
      purchases.listPurchases(
        db,
        { ...w.member, privilegio: 2, diretor: true },
        pf({ scope: 'received', waiting: '1' }),
        purchasePage,
      ),
  },
  {
    name: 'purchases: waiting for me, a director',
    run: (db, w) =>
      purchases.listPurchases(
        db,
        { ...w.member, diretor: true },
        pf({ scope: 'received', waiting: '1' }),
        purchasePage,
      ),
  },
  {
    name: 'purchases: product or requester contains',
    search: true,
    run: (db, w) =>
      purchases.listPurchases(db, buyer(w.admin), pf({ scope: 'received', q: 'cadeira' }), purchasePage),
  },
  {
    name: 'users: name contains',
    search: true,
    run: (db) => users.listUsers(db, { search: 'souza', matchCpf: true }, { page: 1, pageSize: 20 }),
  },
  {
    name: 'users: matrícula prefix',
    run: (db) => users.listUsers(db, { search: '100', matchCpf: true }, { page: 1, pageSize: 20 }),
  },
  {
    // 1,000 users of the loaded shape (of 20,000 on PostgreSQL, of 2,500 on SQLite): walked in name
    // order, not read through the matrícula's index and sorted.
    name: 'users: a matrícula prefix many users share, by name',
    ordered: true,
    run: (db) => users.listUsers(db, { search: '8000001', matchCpf: true }, { page: 1, pageSize: 20 }),
  },
  {
    name: 'users: next page by cursor',
    run: (db) =>
      users.listUsers(
        db,
        { search: '', matchCpf: true },
        { page: 2, pageSize: 20, cursor: cursorOf(['Maria', 500]) },
      ),
  },
  {
    name: 'apps: name contains',
    run: (db) => apps.listApps(db, { search: 'portal', page: 1, pageSize: 50 }),
  },
  {
    name: 'folders: listing page',
    run: async (db, w) => {
      await folders.listChildFolders(db, 1, viewer(w.member), 201, 'a');
      await folders.listFolderFiles(db, 1, 201, 'a');
    },
  },
  {
    name: 'folders: search',
    search: true,
    run: async (db) => {
      for (const kind of ['folder', 'file'] as const) {
        await folders.nameMatches(db, kind, 'relatorio', { limit: 201, except: 1 });
        await folders.nameMatches(db, kind, 'relatorio', { limit: 201, within: halfTheFolders });
      }
    },
  },
  {
    name: 'folders: a search page read by id',
    run: async (db) => {
      await folders.listFoldersByIds(db, [1, 2, 3]);
      await folders.listFilesByIds(db, [1, 2, 3]);
    },
  },
  {
    name: 'folders: search, next page by cursor',
    search: true,
    run: async (db) => {
      // A cursor late in id order: most matches are below it (early, few are, and any plan is cheap).
      for (const kind of ['folder', 'file'] as const) {
        await folders.nameMatches(db, kind, 'relatorio', {
          before: 1_000_000,
          limit: 201,
          within: halfTheFolders,
        });
      }
    },
  },
  {
    name: 'folders: share-user search',
    search: true,
    run: (db) => folders.shareCandidates(db, 2, [1], 'silva'),
  },
  {
    name: 'calendar: a month of events, a member',
    run: (db, w) => calendar.eventsInRange(db, w.member, '2024-03-01', '2024-03-31'),
  },
  {
    name: 'calendar: a month of vacations, a manager and a member',
    run: async (db, w) => {
      await calendar.vacationsInRange(db, w.admin, '2024-03-01', '2024-03-31');
      await calendar.vacationsInRange(db, w.support, '2024-03-01', '2024-03-31');
      await calendar.vacationsInRange(db, w.member, '2024-03-01', '2024-03-31');
    },
  },
  {
    name: 'calendar: people, name contains',
    search: true,
    run: (db) => calendar.listPeople(db, 'souza'),
  },
  {
    name: 'calendar: people, matrícula prefix',
    run: (db) => calendar.listPeople(db, '100'),
  },
  {
    name: 'operations: OT folders, next page',
    run: (db) => operations.otFolders(db, { after: 'OT-1000', limit: 50 }),
  },
  {
    name: 'operations: OT folders, OT contains',
    search: true,
    run: (db) => operations.otFolders(db, { search: '1234', limit: 50 }),
  },
];

let t: TestApp;
let who: Record<'admin' | 'support' | 'member', Actor>;

/**
 * The SELECTs a list query sends (built, or written as raw SQL), compiled as the database gets them. A SELECT of no column is not
 * one: pagedQuery compiles a list's filters (FROM and WHERE only) to compare them, never sends them.
 */
async function statementsOf(q: ListQuery): Promise<CompiledQuery[]> {
  const nodes: {
    node: RootOperationNode;
    queryId: Parameters<KyselyPlugin['transformQuery']>[0]['queryId'];
  }[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await q.run(t.db.withPlugin(recorder), who);
  const executor = t.db.getExecutor();
  return nodes.flatMap((n) => {
    if (n.node.kind === 'SelectQueryNode')
      return (n.node.selections?.length ?? 0) > 0 ? [executor.compileQuery(n.node, n.queryId)] : [];
    if (n.node.kind !== 'RawNode') return [];
    const compiled = executor.compileQuery(n.node, n.queryId);
    return /^\s*(select|with)\b/i.test(compiled.sql) ? [compiled] : [];
  });
}

/** A statement's plan, one line per step (`generic`: PostgreSQL's plan for any values, as a prepared statement keeps it). */
async function planOf(statement: CompiledQuery, generic = false): Promise<string[]> {
  if (generic) return genericPlanOf(statement);
  if (t.dialect === 'sqlite') {
    const plan = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return plan.rows.map((r) => r.detail);
  }
  return t.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    try {
      const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
      );
      return plan.rows.map((r) => r['QUERY PLAN'].trim());
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
}

/** A parameter's value as a PostgreSQL literal (numbers, texts, arrays of them, null). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = Array.isArray(value)
    ? `{${value.map((v) => JSON.stringify(String(v))).join(',')}}`
    : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * PostgreSQL's generic plan of a statement that runs prepared (db/prepared-statements.ts): the one
 * plan it may keep for every value after a few runs, forced here (`plan_cache_mode`).
 */
function genericPlanOf(statement: CompiledQuery): Promise<string[]> {
  return t.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    await conn.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
    await conn.executeQuery(CompiledQuery.raw(`prepare query_plans_generic as ${statement.sql}`));
    try {
      // EXECUTE takes no bound parameters: its values are written as literals (a generic plan
      // does not look at them anyway).
      const values = statement.parameters.map(literal).join(', ');
      const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain execute query_plans_generic${values ? `(${values})` : ''}`),
      );
      return plan.rows.map((r) => r['QUERY PLAN'].trim());
    } finally {
      await conn.executeQuery(CompiledQuery.raw('deallocate query_plans_generic'));
      await conn.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
}

/**
 * The full scans of a plan. SQLite: "SCAN calls" reads the table, "SCAN calls USING INDEX …" walks
 * an index in order (the LIMIT stops it), "SCAN x VIRTUAL TABLE …" is the FTS5 search; the CTEs
 * (tree, chain, hit, match) are the query's own results, made through indexes, and `capped` the
 * LIMITed subquery a first page's total counts (lists/total.ts#countUpTo), `probe` the LIMITed
 * count of a range filter's matches (lists/paged-query.ts#rangeTest), `cube_keys` / `cube_maxima`
 * the fines dashboard's keys and maxima read off the cube's keys (fines.summary.queries.ts). PostgreSQL: "Seq Scan on".
 */
const fullScans = (plan: string[]) =>
  plan.filter((d) =>
    t.dialect === 'sqlite'
      ? /^SCAN \w+$/.test(d) &&
        !/^SCAN (tree|chain|hit|match|capped|probe|cube_keys|cube_maxima|skipped)$/.test(d)
      : /Seq Scan on/.test(d),
  );

/**
 * The indexes a PostgreSQL plan reads, in its order, with its full scans and sorts: what a
 * statement's generic plan must share with its plan for the values it runs with (how it reads an
 * index, by bitmap or in order, may differ with the rows expected).
 */
const pathsOf = (plan: string[]) =>
  plan.flatMap((line) => {
    const index = / using (\w+)|^(?:->\s*)?Bitmap Index Scan on (\w+)/.exec(line);
    if (index) return [index[1] ?? index[2]];
    return /Seq Scan on|^(->\s*)?Sort\s+\(/.test(line) ? [line.replace(/\s*\(cost=.*$/, '')] : [];
  });

/**
 * A sort of the rows a statement found, instead of an index read in order: SQLite "USE TEMP B-TREE
 * FOR ORDER BY"; PostgreSQL a "Sort" node (an "Incremental Sort" of the tiebreak within an
 * index's order is fine).
 */
const sorts = (plan: string[]) =>
  plan.filter((d) =>
    t.dialect === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/.test(d) : /^(->\s*)?Sort\s+\(/.test(d),
  );

/**
 * How pagedQuery's walks bound the rows they read without a search index (lists/walk.ts#walkedPage):
 * a LIMIT (read in an index's order), or the walk's last key (a row-value range of the sort's index).
 */
const BOUNDED = /\blimit\b|\) [<>]= \(/i;

/**
 * SQLite plans without statistics, whatever the rows; the rows decide which of pagedQuery's
 * statements run: more than its walk (2,000 rows) of calls, purchases and users whose names match
 * none of the searched texts, so that the search-index phase runs (and is checked) too; fines whose
 * auto numbers start with Q, so that the table's common ranges walk the sort's index.
 */
async function moreThanAWalk(db: Db) {
  const now = new Date().toISOString();
  await loadFines(db, demoFines(2500, { seed: 3, prefix: 'Q' }), now);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into calls (problema, dep, descricao, filial, status, user_id, nome_usuario, matricula_usuario,
      nome_suporte, created_at, updated_at)
    select 'Outros', 'Recursos Humanos', '-', 'Matriz', n % 4, 1, 'Pessoa ' || n, '8' || n, 'Suporte ' || (n % 50),
      strftime('%Y-%m-%dT%H:%M:%S.000Z', '2024-01-01', '+' || n || ' hours'), ${now} from g`.execute(db);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into purchase_requests (typerequest, descript, qnt, justify, justify_descript, priority, filial,
      status, user_id, nome_usuario, matricula_usuario, setor_usuario, created_at, updated_at)
    select case when n % 2 = 0 then 'compra' else 'servico' end, 'Produto ' || n, 1 + n % 9, 'Outros', '-',
      1 + n % 3, 'Matriz', n % 11, 1, 'Pessoa ' || n, '8' || n, 'Operação',
      strftime('%Y-%m-%dT%H:%M:%S.000Z', '2024-01-01', '+' || n || ' hours'), ${now} from g`.execute(db);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into users (nome, senha, matricula, filial, privilegio, suport, admin, created_at, updated_at)
    select 'Pessoa ' || n || ' Teste', '-', '8' || substr('000000000' || n, -9), 'Matriz', 4, 0, 0, ${now}, ${now}
    from g`.execute(db);
}

/** PostgreSQL plans by its statistics: enough rows that an index pays, as in production. */
async function tenTimesShape(db: Db) {
  const now = new Date().toISOString();
  await sql`insert into users (nome, senha, matricula, filial, privilegio, suport, admin, created_at, updated_at)
    select 'Pessoa ' || g || ' Teste', '-', '8' || lpad(g::text, 9, '0'), 'Matriz', 4, 0, 0, ${now}, ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into folders (name, name_key, parent_id, created_at)
    select 'Pasta ' || g, 'pasta ' || g, 1, ${now} from generate_series(1, 20000) g`.execute(db);
  await sql`insert into folder_files (name, name_key, file_name, folder_id, size, mime, tipo, created_at)
    select 'Arquivo ' || g || '.pdf', 'arquivo ' || g || '.pdf', 'plan-' || g, 2, 1, 'application/pdf', 'pdf', ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into calls (problema, dep, descricao, filial, status, user_id, nome_usuario, matricula_usuario,
      nome_suporte, created_at, updated_at)
    select 'Outros', 'Recursos Humanos', '-', 'Matriz', g % 4, 1, 'Pessoa ' || g, '8' || g, 'Suporte ' || (g % 50),
      to_char(timestamp '2024-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into purchase_requests (typerequest, descript, qnt, justify, justify_descript, priority, filial,
      status, user_id, nome_usuario, matricula_usuario, setor_usuario, created_at, updated_at)
    select case when g % 2 = 0 then 'compra' else 'servico' end, 'Produto ' || g, 1 + g % 9, 'Outros', '-',
      1 + g % 3, 'Matriz', g % 11, 1, 'Pessoa ' || g, '8' || g, 'Operação',
      to_char(timestamp '2024-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into purchase_request_sectors (request_id, sector, created_at)
    select id, case when id % 5 = 0 then 'Recursos Humanos' else 'Operação' end, created_at from purchase_requests
    on conflict do nothing`.execute(db);
  await sql`insert into operation_attachments (ot, slot, file_name, original_name, mime, size, created_at)
    select 'OT-' || lpad(g::text, 6, '0'), g % 4, 'plan-ot-' || g, 'video.mp4', 'video/mp4', 1, ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`analyze`.execute(db);
}

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
    const statements = await statementsOf(q);
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
      const plan = await planOf(s, generic);
      if (process.env.PLAN_DEBUG)
        console.log(`${q.name}${generic ? ' (generic)' : ''}\n${s.sql}\n  ${plan.join('\n  ')}`);
      // The one plan PostgreSQL may keep for all values is the one these values get.
      if (generic) {
        const forValues = pathsOf(await planOf(s));
        if (pathsOf(plan).join() !== forValues.join())
          problems.push(
            `generic plan reads ${pathsOf(plan).join(', ')}; for its values ${forValues.join(', ')}: ${s.sql}`,
          );
      }
      const scans = fullScans(plan);
      if (scans.length > 0) problems.push(`${scans.join('; ')} in: ${s.sql}`);
      const indexed = plan.some((line) => line.includes('_search'));
      const sorted = sorts(plan);
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
