import { MSG, toDateOnly } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

type Json = Record<string, unknown>;

/**
 * The hand-computed fixture (values in reais). F4's infraction date is unset afterwards through
 * PUT (1901-01-01 means not set), so it counts neither before nor after the contract.
 */
const F1 = {
  NUMERO_AUTO: 'A001',
  DATA_INFRACAO: '2023-10-31',
  ORGAO_AUTUADOR: 'PRF',
  UNIDADE: 'Camaçari',
  PLACA: 'ABC1D23',
  TRANSP: 'Translog',
  NOME_AUTUADO: 'BRASKEM S.A.',
  NEGOCIO: 'PP',
  TIPO_VEICULO: 'Carreta',
  STATUS_MULTA: 'Penalidade',
  STATUS_PAGMTO: 'Pagamento Realizado',
  VALOR_TOTAL_MULTA: 100.5,
  VAL_PAGO_ATUALIZADO: 110,
  DATA_VENC_MULTA: '2023-12-01',
  DATA_PAGMTO: '2023-12-11',
  DATA_APURACAO: '2024-03-01',
  N_DOC_NOTA_DEBITO: 'ND1',
  VAL_REALIZADO_ND: 110,
  STATUS_ND: 'ND Realizada',
};
const F2 = {
  NUMERO_AUTO: 'A002',
  DATA_INFRACAO: '01/11/2023',
  ORGAO_AUTUADOR: 'PRF',
  UNIDADE: 'Camaçari',
  PLACA: 'abc-1d99',
  TRANSP: 'Translog',
  NOME_AUTUADO: 'Translog Ltda',
  NEGOCIO: 'UNIB',
  TIPO_VEICULO: 'Truck',
  STATUS_MULTA: 'Notificação',
  STATUS_PAGMTO: 'À Vencer',
  VALOR_TOTAL_MULTA: '200,00',
  VALOR_ATUALIZADO: 250,
  DATA_VENC_MULTA: '2099-01-01',
  DATA_APURACAO: '2024-02-29',
};
const F3 = {
  NUMERO_AUTO: 'B003',
  DATA_INFRACAO: '2024-05-10',
  ORGAO_AUTUADOR: 'DER-SP',
  UNIDADE: 'Paulínia',
  PLACA: 'XYZ9876',
  TRANSP: 'Rodobens',
  NEGOCIO: 'PVC',
  TIPO_VEICULO: 'Carreta',
  STATUS_MULTA: 'Penalidade',
  STATUS_PAGMTO: 'Aguardando Boleto',
  VALOR_TOTAL_MULTA: 300,
  DATA_APURACAO: '2024-04-01',
};
const F4 = {
  NUMERO_AUTO: 'B004',
  DATA_INFRACAO: '2024-01-15',
  ORGAO_AUTUADOR: 'PRF',
  UNIDADE: 'Camaçari',
  PLACA: 'QWE1234',
  TRANSP: 'Rodobens',
  NOME_AUTUADO: 'Rodobens SA',
  NEGOCIO: 'XYZ',
  STATUS_MULTA: 'Notificação',
  STATUS_PAGMTO: 'Pagamento Realizado',
  VALOR_TOTAL_MULTA: 50.25,
  VAL_PAGO_ATUALIZADO: 50.25,
  DATA_PAGMTO: '2024-03-31',
  DATA_APURACAO: '2024-03-31',
};

describe(`fines (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const as = (m: string) => t.as(m);
  const get = (url: string, m: string = DEMO.gestorMultas) => as(m)({ method: 'GET', url });
  const numbers = (res: { json: () => unknown }) =>
    (res.json() as { rows: { NUMERO_AUTO: string }[] }).rows.map((r) => r.NUMERO_AUTO).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.deleteFrom('fines').execute();
    for (const fine of [F1, F2, F3, F4]) {
      const res = await as(DEMO.gestorMultas)({ method: 'POST', url: '/api/fines', payload: fine });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ success: true, message: MSG.fineInserted });
    }
    for (const r of await t.db.selectFrom('fines').select(['id', 'NUMERO_AUTO']).execute()) {
      ids[r.NUMERO_AUTO] = r.id;
    }
    const res = await as(DEMO.gestorMultas)({
      method: 'PUT',
      url: '/api/managerFines',
      payload: { id: ids.B004, DATA_INFRACAO: '1901-01-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  describe('insert', () => {
    it('stores normalised values: plate, dates, money in centavos, derived responsible and business', async () => {
      const row = await t.db
        .selectFrom('fines')
        .selectAll()
        .where('NUMERO_AUTO', '=', 'A002')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        PLACA: 'ABC1D99',
        DATA_INFRACAO: '2023-11-01',
        VALOR_TOTAL_MULTA: 20000,
        responsavel: 'transp',
        negocio_grupo: 'UNIB',
        DATA_PAGMTO: null,
      });
      expect(Number(row.PESO_EXCEDENTE_Kg)).toBe(0);
    });

    it('answers the missing required fields and writes nothing', async () => {
      const before = await t.db
        .selectFrom('fines')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const res = await as(DEMO.gestorMultas)({
        method: 'POST',
        url: '/api/fines',
        payload: { NUMERO_AUTO: 'C999', PLACA: 'AAA1111', VALOR_TOTAL_MULTA: 0 },
      });
      expect(res.statusCode).toBe(400);
      const requeire = [
        'DATA_INFRACAO',
        'ORGAO_AUTUADOR',
        'UNIDADE',
        'TRANSP',
        'STATUS_MULTA',
        'VALOR_TOTAL_MULTA',
      ];
      expect(res.json()).toEqual({
        success: false,
        error: MSG.fineMissingFields,
        message: MSG.fineInsertError(MSG.fineMissingFields, requeire.join(', ')),
        requeire,
      });
      const after = await t.db
        .selectFrom('fines')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a second fine with the same auto number (409) and bad values (400, Portuguese)', async () => {
      const dup = await as(DEMO.gestorMultas)({ method: 'POST', url: '/api/fines', payload: F3 });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ success: false, error: MSG.fineDuplicate, requeire: [] });
      const bad = await as(DEMO.gestorMultas)({
        method: 'POST',
        url: '/api/fines',
        payload: { ...F3, NUMERO_AUTO: 'C100', DATA_INFRACAO: '31/02/2024' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MSG.fineInvalidDate);
    });

    it('is refused to users outside Gestão de Multas', async () => {
      const res = await as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/fines',
        payload: { ...F3, NUMERO_AUTO: 'Z1' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('aggregates', () => {
    it('computes every spec §3 aggregate of the fixture in SQL', async () => {
      const res = await get('/api/fines/aggregates');
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json();
      expect(a).toMatchObject({
        totalMultas: 4,
        totalMultasPago: 2,
        totalMultasAPagar: 2,
        totalValMultas: 650.75,
        totalValPago: 160.25,
        totalValAPagar: 550,
        maiorValMulta: 300,
        maiorAtraso: 10,
        unidadeMaxAutu: 'Camaçari',
        organMaxAutuador: 'PRF',
        totalFinesBeforeContract: 1,
        totalFinesAfterContract: 2,
        totalFinesTransp: 2,
        totalTransp: 2,
        totalND: 1,
        totalValND: 110,
        countTransp: 2,
        countBraskem: 1,
        countUnspecified: 1,
      });
      expect(a.series.byYear).toEqual([
        { key: '2023', count: 2, value: 300.5 },
        { key: '2024', count: 1, value: 300 },
      ]);
      expect(a.series.bySemester).toEqual([
        { key: '2023-S2', count: 2, value: 300.5 },
        { key: '2024-S1', count: 1, value: 300 },
      ]);
      expect(a.series.byMonth.map((s: { key: string }) => s.key)).toEqual(['2023-10', '2023-11', '2024-05']);
      expect(a.series.byOrgao[0]).toEqual({ key: 'PRF', count: 3, value: 350.75 });
      expect(a.series.byTipoVeiculo).toEqual([
        { key: 'Carreta', count: 2, value: 400.5 },
        { key: 'Truck', count: 1, value: 200 },
      ]);
    });

    it('follows the filters', async () => {
      const a = (await get('/api/fines/aggregates?responsible=transp')).json();
      expect(a).toMatchObject({ totalMultas: 2, totalValMultas: 250.25, countBraskem: 0, maiorAtraso: 0 });
      const b = (await get('/api/fines/aggregates?business=resinas&STATUS_MULTA=Penalidade')).json();
      expect(b).toMatchObject({ totalMultas: 2, countBraskem: 1, countUnspecified: 1, totalValAPagar: 300 });
    });

    it('counts an unpaid overdue fine late until today (São Paulo)', async () => {
      await as(DEMO.gestorMultas)({
        method: 'PUT',
        url: '/api/managerFines',
        payload: { id: ids.B003, DATA_VENC_MULTA: '2024-06-01' },
      });
      const today = toDateOnly(new Date());
      const expected = Math.round((Date.parse(today) - Date.parse('2024-06-01')) / 86_400_000);
      const a = (await get('/api/fines/aggregates?NUMERO_AUTO=B003')).json();
      expect(a.maiorAtraso).toBe(expected);
      await as(DEMO.gestorMultas)({
        method: 'PUT',
        url: '/api/managerFines',
        payload: { id: ids.B003, DATA_VENC_MULTA: null },
      });
    });
  });

  describe('list and filters', () => {
    it.each([
      ['responsible=braskem', ['A001']],
      ['responsible=transp', ['A002', 'B004']],
      ['business=resinas', ['A001', 'B003']],
      ['business=UNIB', ['A002']],
      ['STATUS_PAGMTO=Pagamento%20Realizado', ['A001', 'B004']],
      ['STATUS_ND=ND%20Realizada', ['A001']],
      ['PLACA=ABC1', ['A001', 'A002']],
      ['PLACA=abc-1d2', ['A001']],
      ['NUMERO_AUTO=B', ['B003', 'B004']],
      [`UNIDADE=${encodeURIComponent('Paulínia')}`, ['B003']],
      ['TRANSP=Rodobens', ['B003', 'B004']],
      ['from=2023-11-01&to=2024-12-31', ['A002', 'B003']],
      ['responsible=transp&STATUS_MULTA=Notifica%C3%A7%C3%A3o', ['A002', 'B004']],
      ['responsible=all&business=all', ['A001', 'A002', 'B003', 'B004']],
    ])('%s', async (query, expected) => {
      const res = await get(`/api/fines?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(numbers(res)).toEqual(expected);
    });

    it('pages by cursor: the total comes with the first page only', async () => {
      const first = await get('/api/fines?sort=id&dir=asc&pageSize=3');
      const p1 = first.json();
      expect(p1.total).toBe(4);
      expect(p1.rows.map((r: { id: number }) => r.id)).toEqual([ids.A001, ids.A002, ids.B003]);
      expect(p1.rows[0].VALOR_TOTAL_MULTA).toBe(100.5);
      const p2 = (await get(`/api/fines?sort=id&dir=asc&pageSize=3&cursor=${p1.nextCursor}`)).json();
      expect(p2.total).toBeUndefined();
      expect(p2.nextCursor).toBeUndefined();
      expect(p2.rows.map((r: { id: number }) => r.id)).toEqual([ids.B004]);
    });

    it('refuses bad filters with 400', async () => {
      expect((await get('/api/fines?STATUS_PAGMTO=Pago')).statusCode).toBe(400);
      expect((await get('/api/fines?sort=MOTIVO')).statusCode).toBe(400);
      expect((await get('/api/fines?cursor=bogus')).statusCode).toBe(400);
    });

    it('GET managerFines answers rows by NUMERO_AUTO, by id and by page', async () => {
      const one = await get('/api/managerFines?NUMERO_AUTO=A001');
      expect(one.statusCode).toBe(200);
      expect(one.json()).toHaveLength(1);
      expect(one.json()[0]).toMatchObject({
        NUMERO_AUTO: 'A001',
        VAL_PAGO_ATUALIZADO: 110,
        DATA_EMAIL: null,
      });
      expect((await get(`/api/managerFines?id=${ids.B003}`)).json()[0].NUMERO_AUTO).toBe('B003');
      const page = (await get('/api/managerFines?limit=2&pageIndex=1')).json();
      expect(page.map((r: { NUMERO_AUTO: string }) => r.NUMERO_AUTO)).toEqual(['B003', 'B004']);
    });

    it('offers the units and carriers that exist', async () => {
      expect((await get('/api/fines/options')).json()).toEqual({
        units: ['Camaçari', 'Paulínia'],
        carriers: ['Rodobens', 'Translog'],
      });
    });
  });

  describe('PUT managerFines', () => {
    it('saves the changed fields normalised and audits old and new values', async () => {
      const res = await as(DEMO.gestorMultas)({
        method: 'PUT',
        url: '/api/managerFines',
        payload: {
          id: ids.A002,
          STATUS_PAGMTO: 'Pagamento Realizado',
          DATA_PAGMTO: '05/06/2024',
          VAL_PAGO_ATUALIZADO: '1.234,56',
          KM_RODOVIA: '',
          NOME_AUTUADO: 'Braskem Idesa',
          TRANSP: 'Translog',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: MSG.fineUpdated });
      const row = (await get(`/api/managerFines?id=${ids.A002}`)).json()[0];
      expect(row).toMatchObject({
        STATUS_PAGMTO: 'Pagamento Realizado',
        DATA_PAGMTO: '2024-06-05',
        VAL_PAGO_ATUALIZADO: 1234.56,
        KM_RODOVIA: 0,
      });
      const stored = await t.db
        .selectFrom('fines')
        .select('responsavel')
        .where('id', '=', ids.A002!)
        .executeTakeFirstOrThrow();
      expect(stored.responsavel).toBe('braskem');
      const audit = await t.db
        .selectFrom('audit_log')
        .select('summary')
        .where('action', '=', 'fine.update')
        .where('entity_id', '=', String(ids.A002))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.summary).toContain('STATUS_PAGMTO: "À Vencer" → "Pagamento Realizado"');
      expect(audit.summary).toContain('DATA_PAGMTO: "" → "2024-06-05"');
      expect(audit.summary).toContain('VAL_PAGO_ATUALIZADO: 0 → 1234.56');
      expect(audit.summary).not.toContain('TRANSP');
      // Restore the fixture for the other tests.
      await as(DEMO.gestorMultas)({
        method: 'PUT',
        url: '/api/managerFines',
        payload: {
          id: ids.A002,
          STATUS_PAGMTO: 'À Vencer',
          DATA_PAGMTO: null,
          VAL_PAGO_ATUALIZADO: 0,
          NOME_AUTUADO: 'Translog Ltda',
        },
      });
    });

    it('answers 404 for an unknown fine, 409 for a taken auto number, 400 for a bad status', async () => {
      const put = (payload: Json) =>
        as(DEMO.gestorMultas)({ method: 'PUT', url: '/api/managerFines', payload });
      expect((await put({ id: 999_999, STATUS_MULTA: 'Penalidade' })).statusCode).toBe(404);
      const dup = await put({ id: ids.A002, NUMERO_AUTO: 'A001' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe(MSG.fineDuplicate);
      const bad = await put({ id: ids.A002, STATUS_MULTA: 'Paga' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MSG.fineInvalidStatus);
    });
  });

  describe('BM report', () => {
    it('flags AP and PG at the month edges', async () => {
      const res = await get('/api/fines/bm?year=2024&month=3');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res
        .json()
        .rows.map((r: { NUMERO_AUTO: string; AP: boolean; PG: boolean }) => [r.NUMERO_AUTO, r.AP, r.PG]);
      expect(rows).toEqual([
        ['A001', true, false],
        ['B004', true, true],
      ]);
      const feb = (await get('/api/fines/bm?year=2024&month=2')).json().rows;
      expect(feb.map((r: { NUMERO_AUTO: string }) => r.NUMERO_AUTO)).toEqual(['A002']);
      expect((await get('/api/fines/bm?year=2012&month=1')).json()).toEqual({ rows: [], total: 0 });
    });

    it('pages the month by id: the first page counts it, the cursor reads on, the last page has none', async () => {
      const first = (await get('/api/fines/bm?year=2024&month=3&pageSize=1')).json();
      expect(first.rows.map((r: { NUMERO_AUTO: string }) => r.NUMERO_AUTO)).toEqual(['A001']);
      expect(first.total).toBe(2);
      expect(first.nextCursor).toBe(String(first.rows[0].id));
      const second = (
        await get(`/api/fines/bm?year=2024&month=3&pageSize=1&cursor=${first.nextCursor}`)
      ).json();
      expect(second).toEqual({
        rows: [expect.objectContaining({ NUMERO_AUTO: 'B004', AP: true, PG: true })],
      });
      expect((await get('/api/fines/bm?year=2024&month=3&cursor=abc')).statusCode).toBe(400);
      expect((await get('/api/fines/bm?year=2024&month=3&pageSize=201')).statusCode).toBe(400);
    });

    it('refuses years outside 2012…now', async () => {
      expect((await get('/api/fines/bm?year=2011&month=1')).statusCode).toBe(400);
      expect((await get(`/api/fines/bm?year=${new Date().getUTCFullYear() + 2}&month=1`)).statusCode).toBe(
        400,
      );
      expect((await get('/api/fines/bm?year=2024&month=13')).statusCode).toBe(400);
    });
  });

  describe('spreadsheets', () => {
    const readBack = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return { res, sheet: wb.worksheets[0]! };
    };

    it('multas_geral.xlsx: the filtered fines with real date and number cells, frozen header, auto-filter', async () => {
      const { res, sheet } = await readBack('/api/fines/export?responsible=transp');
      expect(res.headers['content-disposition']).toContain('multas_geral.xlsx');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toHaveLength(43);
      expect(header[0]).toBe('NUMERO_AUTO');
      expect(sheet.rowCount).toBe(3);
      const col = (name: string) => header.indexOf(name) + 1;
      const a002 = [2, 3].map((r) => sheet.getRow(r)).find((r) => r.getCell(1).value === 'A002')!;
      const date = a002.getCell(col('DATA_INFRACAO'));
      expect(date.value).toBeInstanceOf(Date);
      expect((date.value as Date).toISOString().slice(0, 10)).toBe('2023-11-01');
      expect(date.numFmt).toBe('dd/mm/yyyy');
      const money = a002.getCell(col('VALOR_TOTAL_MULTA'));
      expect(money.value).toBe(200);
      expect(money.numFmt).toContain('#,##0.00');
      expect(a002.getCell(col('DATA_PAGMTO')).value).toBeNull();
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
    });

    it('BM.xlsx: the month with its AP and PG columns', async () => {
      const { res, sheet } = await readBack('/api/fines/bm/export?year=2024&month=3');
      expect(res.headers['content-disposition']).toContain('BM.xlsx');
      expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['AP', 'PG', 'NUMERO_AUTO']);
      const rows = [2, 3].map((r) => [1, 2, 3].map((c) => sheet.getRow(r).getCell(c).value || null));
      expect(rows).toEqual([
        ['AP', null, 'A001'],
        ['AP', 'PG', 'B004'],
      ]);
    });
  });
});
