import type { Actor, PurchaseFilters } from '@intranet/contracts';
import type { Db } from '../src/db/database.ts';
import { idSet } from '../src/db/id-set.ts';
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
import { resolveSession } from '../src/platform/sessions.ts';

/** The list queries of every module that the query-plans test explains (a new module adds its own). */
/** The actors a list query runs as. */
export type Who = Record<'admin' | 'support' | 'member', Actor>;

export interface ListQuery {
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
  run: (db: Db, who: Who) => Promise<unknown>;
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
