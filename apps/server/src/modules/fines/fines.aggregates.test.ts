import { type FineValues, fineFilters, PAID, toDateOnly } from '@intranet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { fileForm, xlsxBuffer } from '../../../test/xlsx-buffer.ts';
import { nowIso } from '../../db/database.ts';
import { demoFines, insertFines, loadFines } from '../../seed/demo-fines.ts';
import { type GoodRow, writeImport } from './fines.import.ts';
import * as q from './fines.queries.ts';
import { dashboardByCube, dashboardByPass, newFineRecord } from './fines.service.ts';
import { cubeAnswers, summaryAggregates, summaryAnswers } from './fines.summary.queries.ts';

/**
 * The dashboard (GET /api/fines/aggregates) against SQL written here over the fines themselves, on
 * a generated population, again after edits, deletes, inserts and an import: the summary table
 * (migration 0014) must follow every write path.
 */
const FILTERS: Record<string, string>[] = [
  {},
  { responsible: 'transp' },
  { responsible: 'braskem' },
  { business: 'resinas' },
  { responsible: 'transp', business: 'UNIB' },
  // Filters the summary does not hold: the pass over the fines answers them (same numbers).
  { STATUS_PAGMTO: PAID },
  { from: '2024-01-01', to: '2024-12-31', responsible: 'braskem' },
  { responsible: 'transp', STATUS_PAGMTO: PAID, from: '2024-01-01', to: '2024-12-31' },
  { STATUS_MULTA: 'Penalidade', business: 'resinas' },
  { STATUS_ND: 'N/A' },
  { UNIDADE: 'Camaçari', from: '2023-06-15', to: '2025-02-10' },
  { TRANSP: 'Translog Transportes Ltda' },
  // The cube (migration 0017): whole months from it, partial ones from the pass.
  { UNIDADE: 'Camaçari' },
  { STATUS_MULTA: 'Notificação' },
  { STATUS_PAGMTO: PAID, from: '2024-01-01', to: '2024-12-31' },
  { UNIDADE: 'Paulínia', from: '2024-03-01', to: '2024-06-30', responsible: 'transp' },
  { from: '2024-02-10', to: '2024-02-20' },
  { from: '2023-10-15', STATUS_MULTA: 'Penalidade' },
  { to: '2024-05-17', STATUS_ND: 'N/A', business: 'resinas' },
  { from: '2023-11-01', to: '2024-05-31', UNIDADE: 'Camaçari', STATUS_MULTA: 'Penalidade' },
  // The cube's roll-up (migration 0020): whole years, open at either end, with months around them.
  { from: '2023-01-01', to: '2024-12-31', STATUS_PAGMTO: PAID },
  { from: '2024-01-01', UNIDADE: 'Camaçari' },
  { to: '2023-12-31', STATUS_ND: 'N/A' },
  { from: '2023-03-01', to: '2025-04-30', responsible: 'transp' },
];
/** Filters whose only filters are responsible and business: the summary answers them. */
const SUMMARY_FILTERS = FILTERS.filter((f) =>
  Object.keys(f).every((k) => k === 'responsible' || k === 'business'),
);

describe(`fines dashboard numbers = SQL over the fines (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const gestor = () => t.as(DEMO.gestorMultas);

  /** What the dashboard must say, straight from the fines table. */
  async function expected(f: Record<string, string>) {
    const where = [sql`1 = 1`];
    if (f.responsible) where.push(sql`responsavel = ${f.responsible}`);
    if (f.business) where.push(sql`negocio_grupo = ${f.business}`);
    if (f.STATUS_PAGMTO) where.push(sql`"STATUS_PAGMTO" = ${f.STATUS_PAGMTO}`);
    if (f.from) where.push(sql`"DATA_INFRACAO" >= ${f.from}`);
    if (f.to) where.push(sql`"DATA_INFRACAO" <= ${f.to}`);
    for (const c of ['STATUS_MULTA', 'STATUS_ND', 'UNIDADE', 'TRANSP'] as const)
      if (f[c]) where.push(sql`${sql.ref(c)} = ${f[c]}`);
    const w = sql.join(where, sql` and `);
    const isPaid = sql`"STATUS_PAGMTO" = ${PAID}`;
    const { rows } = await sql<Record<string, number | string | null>>`select
        count(*) as "totalMultas",
        sum(case when ${isPaid} then 1 else 0 end) as "totalMultasPago",
        sum("VALOR_TOTAL_MULTA") as "totalValMultas",
        sum(case when ${isPaid} then "VAL_PAGO_ATUALIZADO" else 0 end) as "totalValPago",
        max("VALOR_TOTAL_MULTA") as "maiorValMulta",
        sum(case when "DATA_INFRACAO" < '2023-11-01' then 1 else 0 end) as "totalFinesBeforeContract",
        count(distinct "TRANSP") as "totalTransp",
        count("N_DOC_NOTA_DEBITO") as "totalND",
        sum("VAL_REALIZADO_ND") as "totalValND",
        sum(case when responsavel = 'transp' then 1 else 0 end) as "countTransp",
        sum(case when responsavel = 'braskem' then 1 else 0 end) as "countBraskem",
        sum(case when responsavel is null then 1 else 0 end) as "countUnspecified"
      from fines where ${w}`.execute(t.db);
    const r = rows[0]!;
    const num = (k: string) => Number(r[k] ?? 0);
    // What is left to pay and the longest delay, fine by fine.
    const fines = await sql<{
      s: string | null;
      v: number;
      a: number;
      venc: string | null;
      pag: string | null;
      inf: string | null;
    }>`select "STATUS_PAGMTO" as s, "VALOR_TOTAL_MULTA" as v, "VALOR_ATUALIZADO" as a,
        "DATA_VENC_MULTA" as venc, "DATA_PAGMTO" as pag, "DATA_INFRACAO" as inf from fines where ${w}`.execute(
      t.db,
    );
    const today = toDateOnly(new Date());
    let aPagar = 0;
    let atraso = 0;
    let after = 0;
    for (const x of fines.rows) {
      if (x.s !== PAID) aPagar += Number(x.a) > 0 ? Number(x.a) : Number(x.v);
      if (x.venc) atraso = Math.max(atraso, (Date.parse(x.pag ?? today) - Date.parse(x.venc)) / 86_400_000);
      if (x.inf && x.inf >= '2023-11-01') after++;
    }
    const group = async (expr: ReturnType<typeof sql>, col: string) =>
      (
        await sql<{ key: string; count: number; value: number }>`select ${expr} as key, count(*) as count,
          sum("VALOR_TOTAL_MULTA") as value from fines where ${w} and ${sql.ref(col)} is not null
          group by ${expr}`.execute(t.db)
      ).rows
        .map((g) => ({ key: String(g.key), count: Number(g.count), value: Number(g.value) / 100 }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    return {
      totals: {
        totalMultas: num('totalMultas'),
        totalMultasPago: num('totalMultasPago'),
        totalMultasAPagar: num('totalMultas') - num('totalMultasPago'),
        totalValMultas: num('totalValMultas') / 100,
        totalValPago: num('totalValPago') / 100,
        totalValAPagar: aPagar / 100,
        maiorValMulta: num('maiorValMulta') / 100,
        maiorAtraso: atraso,
        totalFinesBeforeContract: num('totalFinesBeforeContract'),
        totalFinesAfterContract: after,
        totalFinesTransp: num('countTransp'),
        totalTransp: num('totalTransp'),
        totalND: num('totalND'),
        totalValND: num('totalValND') / 100,
        countTransp: num('countTransp'),
        countBraskem: num('countBraskem'),
        countUnspecified: num('countUnspecified'),
      },
      byTransp: await group(sql.ref('TRANSP'), 'TRANSP'),
      byOrgao: await group(sql.ref('ORGAO_AUTUADOR'), 'ORGAO_AUTUADOR'),
      byStatusNd: await group(sql.ref('STATUS_ND'), 'STATUS_ND'),
      byMonth: await group(sql`substr("DATA_INFRACAO", 1, 7)`, 'DATA_INFRACAO'),
      byYear: await group(sql`substr("DATA_INFRACAO", 1, 4)`, 'DATA_INFRACAO'),
    };
  }

  const byKey = (points: { key: string; count: number; value: number }[]) =>
    [...points].sort((a, b) => (a.key < b.key ? -1 : 1));
  const money = (o: Record<string, number>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 100) / 100]));

  async function compareAll(stage: string) {
    for (const f of FILTERS) {
      const res = await gestor()({ method: 'GET', url: `/api/fines/aggregates?${new URLSearchParams(f)}` });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json();
      const want = await expected(f);
      const label = `${stage} ${JSON.stringify(f)}`;
      expect(want.totals.totalMultas, label).toBeGreaterThan(0);
      const gotTotals = Object.fromEntries(Object.keys(want.totals).map((k) => [k, got[k]]));
      expect(money(gotTotals), label).toEqual(money(want.totals));
      for (const s of ['byTransp', 'byOrgao', 'byStatusNd', 'byMonth', 'byYear'] as const) {
        expect(
          byKey(got.series[s]).map((p) => ({ ...p, value: Math.round(p.value * 100) / 100 })),
          `${label} ${s}`,
        ).toEqual(want[s].map((p) => ({ ...p, value: Math.round(p.value * 100) / 100 })));
      }
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.deleteFrom('fines').execute();
    await t.db
      .transaction()
      .execute((tx) => insertFines(tx, demoFines(1200, { seed: 5, prefix: 'G' }), nowIso()));
  });
  afterAll(() => t.close());

  /**
   * The summary table, the cube and the pass over the fines answer the same dashboard for the same
   * filters (series included, beyond what compareAll checks: units, vehicle types, semesters).
   */
  async function summaryEqualsPass(stage: string) {
    const today = toDateOnly(new Date());
    for (const f of SUMMARY_FILTERS) {
      const filters = fineFilters.parse(f);
      const summary = await summaryAggregates(t.db, filters, today);
      const pass = await dashboardByPass(t.db, filters, today);
      expect(summary.totals.totalMultas, `${stage} ${JSON.stringify(f)}`).toBeGreaterThan(0);
      expect(summary, `${stage} ${JSON.stringify(f)}`).toEqual(pass);
    }
    const cubeFilters = FILTERS.filter((f) => !summaryAnswers(f) && cubeAnswers(f));
    expect(cubeFilters.length).toBeGreaterThan(8);
    for (const f of cubeFilters) {
      const filters = fineFilters.parse(f);
      const cube = await dashboardByCube(t.db, filters, today);
      const pass = await dashboardByPass(t.db, filters, today);
      expect(cube.totals.totalMultas, `${stage} cube ${JSON.stringify(f)}`).toBeGreaterThan(0);
      expect(cube, `${stage} cube ${JSON.stringify(f)}`).toEqual(pass);
    }
  }

  it('on a generated population', async () => {
    await compareAll('seeded');
    await summaryEqualsPass('seeded');
  });

  it('after a bulk load as `npm run seed:fines` and the benches do it (summaries deferred to its end)', async () => {
    const before = await t.db
      .selectFrom('fines')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    // On top of the stored fines: the deferral counts only what this transaction wrote.
    const loaded = await loadFines(t.db, demoFines(900, { seed: 6, prefix: 'S' }), nowIso());
    expect(loaded).toBe(900);
    const after = await t.db
      .selectFrom('fines')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n) - Number(before?.n)).toBe(900);
    await compareAll('bulk load');
    await summaryEqualsPass('bulk load');
  });

  it('after edits (status, amounts, dates set and unset, who answers), deletes and inserts', async () => {
    const ids = (await t.db.selectFrom('fines').select('id').orderBy('id').limit(60).execute()).map(
      (r) => r.id,
    );
    for (const [i, id] of ids.entries()) {
      const payload: Record<string, unknown> = { id };
      if (i % 3 === 0)
        Object.assign(payload, {
          STATUS_PAGMTO: PAID,
          DATA_PAGMTO: '2025-03-10',
          VAL_PAGO_ATUALIZADO: 321.09,
        });
      if (i % 3 === 1)
        Object.assign(payload, {
          STATUS_PAGMTO: 'Aguardando Boleto',
          DATA_PAGMTO: null,
          VALOR_ATUALIZADO: 0,
        });
      if (i % 4 === 0)
        Object.assign(payload, { NOME_AUTUADO: i % 8 === 0 ? 'Braskem Idesa' : null, NEGOCIO: 'UNIB' });
      if (i % 5 === 0)
        Object.assign(payload, {
          DATA_INFRACAO: '2023-10-31',
          TRANSP: 'Transportes Novos',
          VALOR_TOTAL_MULTA: 9999.99,
        });
      if (i % 7 === 0)
        Object.assign(payload, { DATA_VENC_MULTA: null, N_DOC_NOTA_DEBITO: 'ND-1', VAL_REALIZADO_ND: 12.34 });
      const res = await gestor()({ method: 'PUT', url: '/api/managerFines', payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await t.db.deleteFrom('fines').where('id', 'in', ids.slice(40)).execute();
    const insert = await gestor()({
      method: 'POST',
      url: '/api/fines',
      payload: {
        NUMERO_AUTO: 'N-1',
        DATA_INFRACAO: '2024-05-05',
        ORGAO_AUTUADOR: 'Órgão Novo',
        UNIDADE: 'Camaçari',
        PLACA: 'ABC1D23',
        TRANSP: 'Transportes Novos',
        STATUS_MULTA: 'Penalidade',
        VALOR_TOTAL_MULTA: 10000.01,
        DATA_VENC_MULTA: '2020-01-01',
      },
    });
    expect(insert.statusCode, insert.body).toBe(201);
    // The largest fine and the oldest open one of their cube cell, deleted or lowered after: the
    // cube's maxima must be read again from the fines left (a maximum cannot be subtracted).
    for (const [numero, valor, venc] of [
      ['N-2', 20000.02, '2019-01-01'],
      ['N-3', 30000.03, '2018-06-01'],
    ] as const) {
      const res = await gestor()({
        method: 'POST',
        url: '/api/fines',
        payload: {
          NUMERO_AUTO: numero,
          DATA_INFRACAO: '2024-05-06',
          ORGAO_AUTUADOR: 'PRF',
          TRANSP: 'Translog Transportes Ltda',
          UNIDADE: 'Camaçari',
          PLACA: 'ABC1D24',
          STATUS_MULTA: 'Penalidade',
          VALOR_TOTAL_MULTA: valor,
          DATA_VENC_MULTA: venc,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const high = await t.db
      .selectFrom('fines')
      .select(['id', 'NUMERO_AUTO'])
      .where('NUMERO_AUTO', 'in', ['N-2', 'N-3'])
      .execute();
    await t.db.deleteFrom('fines').where('NUMERO_AUTO', '=', 'N-2').execute();
    const lowered = await gestor()({
      method: 'PUT',
      url: '/api/managerFines',
      payload: {
        id: high.find((r) => r.NUMERO_AUTO === 'N-3')?.id,
        VALOR_TOTAL_MULTA: 1.23,
        DATA_VENC_MULTA: null,
      },
    });
    expect(lowered.statusCode, lowered.body).toBeLessThan(300);
    await compareAll('edited');
    await summaryEqualsPass('edited');
  });

  it('after an import that adds and updates fines', async () => {
    const header = [
      'NUMERO_AUTO',
      'DATA_INFRACAO',
      'ORGAO_AUTUADOR',
      'UNIDADE',
      'PLACA',
      'TRANSP',
      'STATUS_MULTA',
      'VALOR_TOTAL_MULTA',
      'NOME_AUTUADO',
    ];
    const rows = [
      [
        'G000000100',
        '2022-02-02',
        'PRF',
        'Paulínia',
        'QWE1234',
        'Rodobens',
        'Penalidade',
        77.7,
        'BRASKEM S.A.',
      ],
      ['I-1', '2025-01-15', 'DER-SP', 'Paulínia', 'QWE1235', 'Rodobens', 'Notificação', 55.5, 'Rodobens SA'],
      ['I-2', '2023-11-01', 'DER-SP', 'Camaçari', 'QWE1236', 'Translog', 'Penalidade', 44.4, ''],
    ];
    const preview = await gestor()({
      method: 'POST',
      url: '/api/fines/import',
      payload: fileForm(await xlsxBuffer([header, ...rows]), 'multas.xlsx'),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const id = preview.json().importId;
    // The upload is read as a job: followed until its preview is ready.
    for (;;) {
      const read = (await gestor()({ method: 'GET', url: `/api/fines/import/${id}/preview` })).json();
      if (read.state === 'ready') {
        expect(read.preview).toMatchObject({ added: 2, updated: 1, refused: [] });
        break;
      }
      expect(read.state).toBe('reading');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const commit = await gestor()({ method: 'POST', url: `/api/fines/import/${id}/commit` });
    expect(commit.statusCode, commit.body).toBe(200);
    for (;;) {
      const job = (await gestor()({ method: 'GET', url: `/api/fines/import/${id}` })).json();
      if (job.state === 'done') break;
      expect(job.state).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await compareAll('imported');
    await summaryEqualsPass('imported');
  });

  /** The summaries' tables as they stand (to compare before / after a rolled-back write). */
  const summaries = async () => ({
    aggregates: (await sql`select * from fines_aggregates order by 1, 2, 3, 4`.execute(t.db)).rows,
    cube: (await sql`select * from fines_cube order by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(t.db)).rows,
    max: (await sql`select * from fines_cube_max order by 1, 2, 3, 4, 5, 6, 7`.execute(t.db)).rows,
  });
  const gestorId = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('matricula', '=', DEMO.gestorMultas)
        .executeTakeFirstOrThrow()
    ).id;
  /** `count` generated rows as the preview keeps them, `per` to a batch. */
  async function* batchesOf(values: Iterable<FineValues>, per: number, between?: () => Promise<void>) {
    let batch: GoodRow[] = [];
    let line = 1;
    for (const v of values) {
      batch.push({ line: ++line, values: { ...v, NUMERO_AUTO: String(v.NUMERO_AUTO) } });
      if (batch.length === per) {
        yield batch;
        batch = [];
        await between?.();
      }
    }
    if (batch.length > 0) yield batch;
  }

  it('an import of updates and inserts in several batches: the summaries applied once at the end', async () => {
    // The stored G fines again with other values (updates), and new ones (inserts), 100 a batch.
    const user = await gestorId();
    const updates = demoFines(150, { seed: 77, prefix: 'G' });
    const inserts = demoFines(250, { seed: 78, prefix: 'J' });
    const done = await writeImport(t.db, user, 'mix.xlsx', batchesOf([...updates, ...inserts].values(), 100));
    // Some of those G fines were deleted by the test before: inserted again.
    expect(done.added + done.updated).toBe(400);
    expect(done.updated).toBeGreaterThan(100);
    await compareAll('mixed import');
    await summaryEqualsPass('mixed import');
  });

  it('a fine inserted then lowered inside one deferred transaction leaves no maximum too high', async () => {
    const [fine] = [...demoFines(1, { seed: 79, prefix: 'K' })];
    await t.db.transaction().execute(async (tx) => {
      await q.deferSummaries(tx);
      await q.insertFines(tx, [{ ...newFineRecord(fine!, nowIso()), VALOR_TOTAL_MULTA: 99_999_999 }]);
      const [stored] = await q.finesByNumero(tx, [String(fine!.NUMERO_AUTO)]);
      await q.rewriteFines(tx, [{ ...stored!, VALOR_TOTAL_MULTA: 100 }]);
      await q.applyDeferredSummaries(tx);
    });
    await compareAll('inserted then lowered');
    await summaryEqualsPass('inserted then lowered');
  });

  it('a failing import leaves the summary and the cube as they were', async () => {
    const before = await summaries();
    const user = await gestorId();
    const failing = async function* () {
      yield* batchesOf(demoFines(120, { seed: 80, prefix: 'G' }), 60);
      yield* batchesOf(demoFines(60, { seed: 81, prefix: 'L' }), 60);
      throw new Error('falha de propósito');
    };
    await expect(writeImport(t.db, user, 'falha.xlsx', failing())).rejects.toThrow('falha de propósito');
    expect(await summaries()).toEqual(before);
    await compareAll('failed import');
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'a fine inserted by another connection during an import is counted once',
    async () => {
      const user = await gestorId();
      const others = [...demoFines(2, { seed: 82, prefix: 'M' })];
      let n = 0;
      // Between two batches, another connection inserts a fine and commits (its own triggers count it).
      const between = async () => {
        const other = others[n++];
        if (other) await insertFines(t.db, [other], nowIso());
      };
      const done = await writeImport(
        t.db,
        user,
        'concurrent.xlsx',
        batchesOf(demoFines(200, { seed: 83, prefix: 'N' }), 80, between),
      );
      expect(done).toEqual({ added: 200, updated: 0, unchanged: 0 });
      const stored = await t.db.selectFrom('fines').select('id').where('NUMERO_AUTO', 'like', 'M%').execute();
      expect(stored).toHaveLength(2);
      await compareAll('concurrent insert');
      await summaryEqualsPass('concurrent insert');
    },
  );
});
