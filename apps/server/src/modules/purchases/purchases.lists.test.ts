import { dayStartUtc, PURCHASE_MSG as MSG_PURCHASE, nextDayStartUtc, toDateOnly } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseRouteTests } from './purchases.fixture.ts';

/** The lists of requests: filters, sorting, paging, the export and the waiting count. */
describe(`purchases lists (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { open, newRequest, fire, atManager } = h;

  describe('lists', () => {
    it('received: Compras sees all; a colaborador gets 403; consultation lists only his own', async () => {
      const id = await newRequest({ descript: 'Ultrabook para faturamento' });
      const received = await h.t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: '/api/purchases?scope=received&q=ultrabook',
      });
      expect(received.statusCode).toBe(200);
      expect(received.json<{ rows: { id: number }[]; total: number }>()).toMatchObject({
        rows: [{ id }],
        total: 1,
      });
      expect(
        (await h.t.as(DEMO.colaborador)({ method: 'GET', url: '/api/purchases?scope=received' })).statusCode,
      ).toBe(403);
      const mine = (
        await h.t.as(DEMO.colaborador)({ method: 'GET', url: '/api/purchases?scope=mine&pageSize=200' })
      ).json<{ rows: { nome: string }[] }>();
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(mine.rows.every((r) => r.nome === 'João Pedro da Silva')).toBe(true);
      const other = await h.t.as(DEMO.juridico)({ method: 'GET', url: '/api/purchases?scope=mine' });
      expect(
        other
          .json<{ rows: unknown[] }>()
          .rows.every((r) => (r as { nome: string }).nome === 'Luiz Fernando Teixeira'),
      ).toBe(true);
    });

    it('refuses a search longer than 35 characters', async () => {
      const res = await h.t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: `/api/purchases?q=${'a'.repeat(36)}`,
      });
      expect(res.statusCode).toBe(400);
    });

    it('waiting=1 keeps what awaits the caller', async () => {
      const id = await atManager('800.00');
      await fire(DEMO.gestorCompras, id, 'encaminhar', 3);
      const dir = (
        await h.t.as(DEMO.diretor)({ method: 'GET', url: '/api/purchases?waiting=1&pageSize=200' })
      ).json<{ rows: { id: number; status: number }[] }>();
      expect(dir.rows.map((r) => r.id)).toContain(id);
      const compras = (
        await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases?waiting=1&pageSize=200' })
      ).json<{ rows: { id: number; status: number }[] }>();
      expect(compras.rows.every((r) => r.status === 3)).toBe(true);
      expect(compras.rows.map((r) => r.id)).not.toContain(id);
      // The home's count is the same list's size (below the cap).
      const count = (await h.t.as(DEMO.diretor)({ method: 'GET', url: '/api/purchases/waiting' })).json<{
        count: number;
        capped: boolean;
      }>();
      expect(count).toEqual({ count: dir.rows.length, capped: false });
      expect(
        (await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/waiting' })).json(),
      ).toEqual({ count: compras.rows.length, capped: false });
    });

    describe('the filter bar, one filter at a time', () => {
      type Row = {
        id: number;
        status: number;
        priority: number;
        filial: string;
        typerequest: string;
        date: string;
      };
      const list = async (query: string) => {
        const res = await h.t.as(DEMO.gestorCompras)({
          method: 'GET',
          url: `/api/purchases?pageSize=200&${query}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ rows: Row[] }>().rows;
      };
      const ids = (rows: Row[]) => rows.map((r) => r.id);
      // A: 1003 (Operação), compra, Alta, Mauá, still at 0. B: 1008 (Recursos Humanos), serviço, Baixa, Matriz, at 1.
      let a = 0;
      let b = 0;
      beforeAll(async () => {
        a = await newRequest({ descript: 'Empilhadeira elétrica', priority: 1, filial: 'Maua' });
        const opened = await open(DEMO.juridico, {
          descript: 'Manutenção do ar-condicionado',
          typerequest: 'servico',
          priority: 3,
          filial: 'Matriz',
        });
        expect(opened.statusCode, opened.body).toBe(200);
        b = opened.json<{ id: number }>().id;
        expect((await fire(DEMO.gestorCompras, b, 'analisar', 0)).statusCode).toBe(200);
      });

      it('status', async () => {
        const rows = await list('status=1');
        expect(ids(rows)).toContain(b);
        expect(ids(rows)).not.toContain(a);
        expect(rows.every((r) => r.status === 1)).toBe(true);
      });
      it('priority', async () => {
        const rows = await list('priority=1');
        expect(ids(rows)).toContain(a);
        expect(ids(rows)).not.toContain(b);
        expect(rows.every((r) => r.priority === 1)).toBe(true);
      });
      it('unit', async () => {
        const rows = await list('filial=Matriz');
        expect(ids(rows)).toContain(b);
        expect(ids(rows)).not.toContain(a);
        expect(rows.every((r) => r.filial === 'Matriz')).toBe(true);
      });
      it('type', async () => {
        const rows = await list('typerequest=servico');
        expect(ids(rows)).toContain(b);
        expect(ids(rows)).not.toContain(a);
        expect(rows.every((r) => r.typerequest === 'servico')).toBe(true);
      });
      it('period', async () => {
        const today = toDateOnly(new Date());
        expect(ids(await list(`from=${today}&to=${today}`))).toEqual(expect.arrayContaining([a, b]));
        const old = await list('from=2000-01-01&to=2000-01-31');
        expect(ids(old)).not.toContain(a);
        expect(
          old.every((r) => r.date >= dayStartUtc('2000-01-01') && r.date < nextDayStartUtc('2000-01-31')),
        ).toBe(true);
      });
      it('requester sector: any of the sectors the requester had at opening', async () => {
        const rh = await list(`setor=${encodeURIComponent('Recursos Humanos')}`);
        expect(ids(rh)).toContain(b);
        expect(ids(rh)).not.toContain(a);
        expect(ids(await list(`setor=${encodeURIComponent('Operação')}`))).toContain(a);
        const unknown = await h.t.as(DEMO.gestorCompras)({
          method: 'GET',
          url: '/api/purchases?setor=Marte',
        });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({ error: MSG_PURCHASE.unknownSector });
      });
      it('search ignores accents and case, and finds a ticket by number', async () => {
        expect(ids(await list('q=EMPILHADEIRA%20ELETRICA'))).toEqual([a]);
        expect(ids(await list('q=condicionado'))).toEqual([b]);
        expect(ids(await list(`q=${b}`))).toContain(b);
      });
      it('filters combine', async () => {
        expect(ids(await list('typerequest=servico&filial=Matriz&status=1&priority=3'))).toContain(b);
        expect(ids(await list('typerequest=servico&filial=Maua'))).not.toContain(b);
      });
    });

    it('sorts by each sortable column and pages by cursor', async () => {
      for (const sort of ['id', 'date', 'qnt', 'nome', 'priority', 'status']) {
        const res = await h.t.as(DEMO.admin)({
          method: 'GET',
          url: `/api/purchases?sort=${sort}&dir=asc&pageSize=3`,
        });
        expect(res.statusCode, `${sort}: ${res.body}`).toBe(200);
      }
      const first = (
        await h.t.as(DEMO.admin)({ method: 'GET', url: '/api/purchases?sort=id&dir=asc&pageSize=2&cursor=' })
      ).json<{ rows: { id: number }[]; nextCursor: string }>();
      const second = (
        await h.t.as(DEMO.admin)({
          method: 'GET',
          url: `/api/purchases?sort=id&dir=asc&pageSize=2&cursor=${first.nextCursor}`,
        })
      ).json<{ rows: { id: number }[] }>();
      expect(second.rows[0]?.id).toBeGreaterThan(first.rows[1]?.id ?? 0);
    });

    it('solicitacoes.xlsx holds what the filters show', async () => {
      const id = await newRequest({ descript: 'Planilha teste xlsx' });
      const res = await h.t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: '/api/purchases/export?q=planilha%20teste',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="solicitacoes.xlsx"');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
      const sheet = book.worksheets[0];
      expect(sheet?.getRow(1).values).toContain('Produto / Serviço');
      expect(sheet?.rowCount).toBe(2);
      expect(sheet?.getRow(2).getCell(1).value).toBe(id);
    });

    it('the picker lists only Compras users, by matrícula', async () => {
      const res = await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/users?q=1002' });
      expect(res.json()).toEqual([
        { id: await h.t.userId(DEMO.gestorCompras), nome: 'Patrícia Souza Ramos', matricula: '1002' },
      ]);
      const none = await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/users?q=1003' });
      expect(none.json()).toEqual([]);
    });
  });
});
