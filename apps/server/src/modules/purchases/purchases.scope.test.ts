import {
  awaitsApprovalOf,
  canListReceivedPurchases,
  dayStartUtc,
  inReceivedList,
  isDirector,
  isPurchasing,
  isRequestManager,
  MSG,
  nextDayStartUtc,
  type PurchaseActor,
  type PurchaseFacts,
  SECTOR_ROLE_LABEL,
} from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertPurchases,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';
import { countWaiting, exportBatches, listPurchases } from './purchases.queries.ts';

type Request = PurchaseFacts & { id: number; createdAt: string };

async function exportedIds(buf: Buffer): Promise<number[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(buf).buffer);
  const ids: number[] = [];
  wb.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids;
}

describe(`purchase lists against purchases.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let requests: Request[];
  let sectorRows: { request_id: number; sector: string; created_at: string }[];
  const actors = new Map<number, PurchaseActor>();

  beforeAll(async () => {
    t = await buildTestApp();
    const r = seededRandom(2026_11_23);
    const users = await insertUsers(t.db, r);
    await insertPurchases(t.db, r, users);
    // The company has one director (approvers.role is unique): a Colaborador of the population here.
    const director = users.find((u) => u.active === 1 && u.actor.privilegio === 3 && u.actor.suport === 0)!;
    await t.db.deleteFrom('approvers').where('role', '=', 'diretor').execute();
    await t.db.insertInto('approvers').values({ role: 'diretor', user_id: director.id }).execute();
    const directors = [director];
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
    for (const u of users) actors.set(u.id, { ...u.actor, diretor: directors.includes(u) });
    // Every request in the database, the demo's included.
    const rows = await t.db
      .selectFrom('purchase_requests')
      .select(['id', 'user_id', 'status', 'created_at'])
      .execute();
    sectorRows = await t.db
      .selectFrom('purchase_request_sectors')
      .select(['request_id', 'sector', 'created_at'])
      .execute();
    const sectors = sectorRows;
    requests = rows.map((x) => ({
      id: x.id,
      createdAt: x.created_at,
      userId: x.user_id,
      status: x.status,
      requesterSectors: sectors.filter((s) => s.request_id === x.id).map((s) => s.sector),
      selectedQuoteCentavos: null,
      quoteCount: 0,
      inQuote: false,
    }));
  }, 120_000);
  afterAll(() => t.close());

  const actor = (u: PopulationUser) => actors.get(u.id)!;
  const as = (u: PopulationUser) => callers.get(u.id)!;

  it('has, for each clause of the rule, requests that only that clause shows to someone', () => {
    const purchasing = (u: PurchaseActor) => isPurchasing(u);
    const director = (u: PurchaseActor) => isDirector(u);
    const manager = (u: PurchaseActor, r: Request) => isRequestManager(u, r);
    const only = (clause: (u: PurchaseActor, r: Request) => boolean) =>
      viewers.some((v) =>
        requests.some((r) => {
          const a = actor(v);
          const others = [purchasing, director, manager].filter((f) => f !== clause);
          return clause(a, r) && !others.some((f) => f(a, r));
        }),
      );
    expect(only(purchasing)).toBe(true);
    expect(only(director)).toBe(true);
    expect(only(manager)).toBe(true);
    expect(viewers.some((v) => !canListReceivedPurchases(actor(v)))).toBe(true);
  });

  const listed = (u: PopulationUser, query: string) =>
    allPages(async (page) => {
      const res = await as(u)(`/api/purchases?${query}&pageSize=40&page=${page}`);
      expect(res.statusCode, `${describeUser(u)} ${query}: ${res.body}`).toBe(200);
      const body = res.json<{ rows: { id: number }[]; total?: number }>();
      return { rows: body.rows, total: body.total ?? Number.POSITIVE_INFINITY };
    });

  it('scope=received: exactly inReceivedList, 403 to who may not open it', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const a = actor(u);
      if (!canListReceivedPurchases(a)) {
        const res = await as(u)('/api/purchases?scope=received');
        return res.statusCode === 403 && res.json().error === MSG.noPageAccess
          ? []
          : [`${describeUser(u)}: received deveria ser 403, foi ${res.statusCode}`];
      }
      const rows = await listed(u, 'scope=received');
      const expected = requests.filter((r) => inReceivedList(a, r)).map((r) => r.id);
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('scope=mine: exactly the requester’s own', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const rows = await listed(u, 'scope=mine');
      const expected = requests.filter((r) => r.userId === u.id).map((r) => r.id);
      return scopeDifference(
        describeUser(u),
        rows.map((r) => r.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('waiting=1: exactly awaitsApprovalOf', async () => {
    const problems = await problemsOfEach(
      viewers.filter((u) => canListReceivedPurchases(actor(u))),
      async (u) => {
        const rows = await listed(u, 'scope=received&waiting=1');
        const expected = requests.filter((r) => awaitsApprovalOf(actor(u), r)).map((r) => r.id);
        return scopeDifference(
          `${describeUser(u)} waiting`,
          rows.map((r) => r.id),
          expected,
        );
      },
    );
    expect(problems).toEqual([]);
  }, 180_000);

  // queries.ts#waitingFilter writes a director's as `status in (3, 4) and (status = 4 or manager)`
  // (decision 0066), and counts it 4s first (decision 0029: queries.ts#inWaitingCountOrder):
  // each viewer made a director (a manager of sectors, of Compras, an admin, a member) gets exactly
  // the rule's rows, a first page's total of exactly as many, and the home's count of them.
  it('waiting=1 of any kind of director: exactly awaitsApprovalOf', async () => {
    const kinds = new Set<string>();
    let past = 0;
    const problems = await problemsOfEach(viewers, async (u) => {
      const a: PurchaseActor = { ...actor(u), diretor: true };
      kinds.add(`${a.privilegio}/${a.admin}`);
      const ids: number[] = [];
      const filters = { scope: 'received', waiting: '1', q: undefined, filial: undefined } as const;
      for await (const batch of exportBatches(t.db, a, filters, { sort: 'date', dir: 'desc' }, 50)) {
        ids.push(...batch.map((r) => r.id));
      }
      const expected = requests.filter((r) => awaitsApprovalOf(a, r)).map((r) => r.id);
      const first = await listPurchases(t.db, a, filters, { sort: 'date', dir: 'desc', pageSize: 20 });
      const total =
        first.total === expected.length
          ? []
          : [`${describeUser(u)}: total ${first.total}, esperado ${expected.length}`];
      // The home's count, below and past a cap of 5.
      const home = [await countWaiting(t.db, a, 10_000), await countWaiting(t.db, a, 5)];
      if (expected.length > 5) past++;
      const homeExpected = [
        { count: expected.length, capped: false },
        { count: Math.min(expected.length, 5), capped: expected.length > 5 },
      ];
      const homeCount =
        JSON.stringify(home) === JSON.stringify(homeExpected)
          ? []
          : [`${describeUser(u)}: home ${JSON.stringify(home)}, esperado ${JSON.stringify(homeExpected)}`];
      // With a period too: on SQLite a range walks the sort's index and counts apart (lists/walk.ts).
      const inPeriod = { ...filters, from: '2025-03-01', to: '2025-08-31' };
      const periodExpected = requests.filter(
        (r) =>
          awaitsApprovalOf(a, r) &&
          r.createdAt >= dayStartUtc(inPeriod.from) &&
          r.createdAt < nextDayStartUtc(inPeriod.to),
      ).length;
      const periodFirst = await listPurchases(t.db, a, inPeriod, { sort: 'date', dir: 'desc', pageSize: 3 });
      const periodTotal =
        periodFirst.total === periodExpected
          ? []
          : [`${describeUser(u)}: total no período ${periodFirst.total}, esperado ${periodExpected}`];
      return [
        ...total,
        ...homeCount,
        ...periodTotal,
        ...scopeDifference(`${describeUser(u)} director waiting`, ids, expected),
      ];
    });
    expect(problems).toEqual([]);
    expect(kinds.size).toBeGreaterThan(2);
    expect(past).toBeGreaterThan(0);
  }, 180_000);

  // The total of a sector within a period reads the sector rows' copy of the request's date
  // (migration 0029, queries.ts#ofSectorInPeriod); the page reads the request's own.
  it('sector + period: exactly the sector’s requests of the period, and a first page’s total of as many', async () => {
    expect(sectorRows.length).toBeGreaterThan(100);
    const copied = new Map(requests.map((r) => [r.id, r.createdAt]));
    expect(sectorRows.filter((s) => s.created_at !== copied.get(s.request_id))).toEqual([]);
    const periods = [
      { from: '2025-03-10', to: '2025-07-20' },
      { from: '2025-06-01', to: undefined },
      { from: undefined, to: '2025-02-28' },
    ];
    const purchasing = viewers.find((u) => isPurchasing(actor(u)))!;
    const manager = viewers.find(
      (u) =>
        !isPurchasing(actor(u)) &&
        !isDirector(actor(u)) &&
        isRequestManager(actor(u), { requesterSectors: actor(u).setor.map((m) => m.sector) }) &&
        actor(u).setor.length > 0,
    )!;
    const checked: string[] = [];
    const problems = await problemsOfEach(
      [purchasing, manager].flatMap((u) =>
        // The demo's sectors (a fresh install's names).
        Object.values(SECTOR_ROLE_LABEL).flatMap((sector) => periods.map((p) => ({ u, sector, p }))),
      ),
      async ({ u, sector, p }) => {
        const a = actor(u);
        const filters = {
          scope: 'received',
          setor: sector,
          from: p.from,
          to: p.to,
          q: undefined,
          filial: undefined,
        } as const;
        const expected = requests
          .filter(
            (r) =>
              inReceivedList(a, r) &&
              r.requesterSectors.includes(sector) &&
              (!p.from || r.createdAt >= dayStartUtc(p.from)) &&
              (!p.to || r.createdAt < nextDayStartUtc(p.to)),
          )
          .map((r) => r.id);
        const label = `${describeUser(u)} ${sector} ${p.from ?? '…'}–${p.to ?? '…'}`;
        if (expected.length > 0) checked.push(label);
        const ids: number[] = [];
        for await (const batch of exportBatches(t.db, a, filters, { sort: 'date', dir: 'desc' }, 25)) {
          ids.push(...batch.map((r) => r.id));
        }
        const first = await listPurchases(t.db, a, filters, { sort: 'date', dir: 'desc', pageSize: 10 });
        const total =
          first.total === expected.length
            ? []
            : [`${label}: total ${first.total}, esperado ${expected.length}`];
        return [...total, ...scopeDifference(label, ids, expected)];
      },
    );
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThan(10);
  }, 180_000);

  it('solicitacoes.xlsx holds exactly the received list', async () => {
    const problems = await problemsOfEach(
      viewers.filter((u) => canListReceivedPurchases(actor(u))).slice(0, 40),
      async (u) => {
        const res = await as(u)('/api/purchases/export?scope=received');
        if (res.statusCode !== 200) return [`${describeUser(u)}: export respondeu ${res.statusCode}`];
        const expected = requests.filter((r) => inReceivedList(actor(u), r)).map((r) => r.id);
        return scopeDifference(`${describeUser(u)} export`, await exportedIds(res.rawPayload), expected);
      },
    );
    expect(problems).toEqual([]);
  }, 180_000);
});
