import { FINE_FIELD_NAMES, type FineFilters, PAID } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { nowIso } from '../../db/database.ts';
import { demoFines, insertFines } from '../../seed/demo-fines.ts';
import { fineSheetRows } from './fines.export.ts';

/**
 * The exports read the fines in keyset batches (1,000 rows): these fines are more than two batches,
 * on three infraction days only (so most batch edges fall inside a run of equal DATA_INFRACAO,
 * where only the id orders), with some fines without DATA_INFRACAO (a walk of their own), and
 * more than one batch of them in March 2024 for BM.xlsx.
 */
const COUNT = 2_600;
const DAYS = ['2024-03-10', '2024-03-09', '2023-12-31'];
const UNDATED_EVERY = 37;

interface Stored {
  id: number;
  NUMERO_AUTO: string;
  DATA_INFRACAO: string | null;
  responsavel: string | null;
  STATUS_PAGMTO: string | null;
  DATA_APURACAO: string | null;
  DATA_PAGMTO: string | null;
  VALOR_TOTAL_MULTA: number;
}

let t: TestApp;
let stored: Stored[];

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.deleteFrom('fines').execute();
  const fines = [...demoFines(COUNT, { seed: 21, prefix: 'E', today: '2025-06-30' })].map((fine, i) => ({
    ...fine,
    DATA_INFRACAO: i % UNDATED_EVERY === 5 ? null : (DAYS[i % DAYS.length] as string),
    DATA_APURACAO: i % 2 === 0 ? '2024-03-15' : fine.DATA_APURACAO,
    DATA_PAGMTO: i % 5 === 0 ? '2024-03-31' : fine.DATA_PAGMTO,
  }));
  await t.db.transaction().execute((tx) => insertFines(tx, fines, nowIso()));
  const rows = await t.db
    .selectFrom('fines')
    .select([
      'id',
      'NUMERO_AUTO',
      'DATA_INFRACAO',
      'responsavel',
      'STATUS_PAGMTO',
      'DATA_APURACAO',
      'DATA_PAGMTO',
      'VALOR_TOTAL_MULTA',
    ])
    .execute();
  stored = rows.map((r) => ({ ...r, VALOR_TOTAL_MULTA: Number(r.VALOR_TOTAL_MULTA) }));
});
afterAll(() => t.close());

/** The export's order worked out here: newest infraction first (then id), undated fines last by id. */
function expected(keep: (f: Stored) => boolean = () => true): Stored[] {
  const dated = stored.filter((f) => keep(f) && f.DATA_INFRACAO !== null);
  const undated = stored.filter((f) => keep(f) && f.DATA_INFRACAO === null);
  dated.sort((a, b) =>
    a.DATA_INFRACAO === b.DATA_INFRACAO
      ? b.id - a.id
      : (b.DATA_INFRACAO as string) < (a.DATA_INFRACAO as string)
        ? -1
        : 1,
  );
  undated.sort((a, b) => b.id - a.id);
  return [...dated, ...undated];
}

async function readIds(f: Partial<FineFilters>, batchSize: number): Promise<number[]> {
  const ids: number[] = [];
  for await (const batch of fineSheetRows(t.db, f, batchSize)) for (const row of batch) ids.push(row.id);
  return ids;
}

async function readBack(url: string) {
  const res = await t.as(DEMO.gestorMultas)({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const column = (name: string) => header.indexOf(name) + 1;
  const body = [];
  for (let r = 2; r <= sheet.rowCount; r++) body.push(sheet.getRow(r));
  return { sheet, header, column, body };
}

describe('multas_geral.xlsx over several batches', () => {
  it('the fixture has what the test is about', () => {
    expect(stored).toHaveLength(COUNT);
    const undated = stored.filter((f) => f.DATA_INFRACAO === null).length;
    expect(undated).toBeGreaterThan(60);
    expect(stored.filter((f) => f.responsavel === 'transp').length).toBeGreaterThan(1000);
  });

  it('every fine once, in order, whatever the batch size (edges inside equal dates and among the undated)', async () => {
    const want = expected().map((f) => f.id);
    for (const size of [1000, 64, 7]) {
      const ids = await readIds({}, size);
      expect(new Set(ids).size, `batch ${size}`).toBe(ids.length);
      expect(ids, `batch ${size}`).toEqual(want);
    }
  });

  it('the filters applied, across batches', async () => {
    const f: Partial<FineFilters> = { responsible: 'transp', STATUS_PAGMTO: PAID };
    const want = expected((s) => s.responsavel === 'transp' && s.STATUS_PAGMTO === PAID).map((s) => s.id);
    expect(want.length).toBeGreaterThan(100);
    expect(await readIds(f, 50)).toEqual(want);
    const period: Partial<FineFilters> = { from: '2024-03-01', to: '2024-03-09' };
    expect(await readIds(period, 100)).toEqual(
      expected((s) => s.DATA_INFRACAO === '2024-03-09').map((s) => s.id),
    );
  });

  it('downloaded and read back: every row once in order, real dates and amounts, frozen header, auto-filter', async () => {
    const { sheet, header, column, body } = await readBack('/api/fines/export');
    expect(header).toHaveLength(FINE_FIELD_NAMES.length);
    const want = expected();
    expect(body.map((r) => r.getCell(1).value)).toEqual(want.map((f) => f.NUMERO_AUTO));
    const first = body[0]!;
    const date = first.getCell(column('DATA_INFRACAO'));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(DAYS[0]);
    expect(date.numFmt).toBe('dd/mm/yyyy');
    const money = first.getCell(column('VALOR_TOTAL_MULTA'));
    expect(money.value).toBe(want[0]!.VALOR_TOTAL_MULTA / 100);
    expect(money.numFmt).toBe('"R$" #,##0.00');
    expect(body.at(-1)!.getCell(column('DATA_INFRACAO')).value).toBeNull();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:AQ${COUNT + 1}`);
  });

  it('downloaded with the filter bar: only the filtered fines', async () => {
    const { body } = await readBack(
      `/api/fines/export?responsible=transp&STATUS_PAGMTO=${encodeURIComponent(PAID)}`,
    );
    const want = expected((s) => s.responsavel === 'transp' && s.STATUS_PAGMTO === PAID);
    expect(body.map((r) => r.getCell(1).value)).toEqual(want.map((f) => f.NUMERO_AUTO));
  });

  it('BM.xlsx over several batches: the month by id, each with its AP and PG flags', async () => {
    const { header, column, body } = await readBack('/api/fines/bm/export?year=2024&month=3');
    expect(header.slice(0, 3)).toEqual(['AP', 'PG', 'NUMERO_AUTO']);
    const inMarch = (d: string | null) => d !== null && d >= '2024-03-01' && d < '2024-04-01';
    const want = stored
      .filter((f) => inMarch(f.DATA_APURACAO) || inMarch(f.DATA_PAGMTO))
      .sort((a, b) => a.id - b.id);
    expect(want.length).toBeGreaterThan(1000);
    expect(
      body.map((r) => [r.getCell(1).value || null, r.getCell(2).value || null, r.getCell(3).value]),
    ).toEqual(
      want.map((f) => [
        inMarch(f.DATA_APURACAO) ? 'AP' : null,
        inMarch(f.DATA_PAGMTO) ? 'PG' : null,
        f.NUMERO_AUTO,
      ]),
    );
    expect(body[0]!.getCell(column('DATA_APURACAO')).value).toBeInstanceOf(Date);
  });
});
