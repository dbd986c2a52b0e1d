import { MSG } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { exportBatches } from './tickets.queries.ts';
import { CALL, type Json, ticketRouteTests } from './tickets.routes.fixture.ts';

/** Reading calls: one call, the list's scopes, filters and paging, the export. */
describe(`tickets: reading, list, export (${TEST_DIALECT})`, () => {
  const { app, detail, list, ids, callCount } = ticketRouteTests();

  describe('reading calls', () => {
    it.each([
      [DEMO.colaborador, CALL.coletor1003, 200],
      [DEMO.suporteTi, CALL.coletor1003, 200],
      [DEMO.admin, CALL.coletor1003, 200],
      [DEMO.juridico, CALL.coletor1003, 404],
      [DEMO.analistaRh, CALL.coletor1003, 404],
      [DEMO.gestorCompras, CALL.coletor1003, 404],
      [DEMO.analistaRh, CALL.salario1008, 200],
      [DEMO.suporteTi, CALL.salario1008, 404],
      [DEMO.admin, 999_999, 404],
    ])('%s reads call %i → %i', async (who, id, status) => {
      const res = await detail(who, id);
      expect(res.statusCode).toBe(status);
      // A call one may not see is answered like one that does not exist.
      if (status === 404) expect(res.json()).toEqual({ error: MSG.ticketNotFound });
    });

    it('the detail has the spec read shape with answers', async () => {
      const d = (await detail(DEMO.juridico, CALL.salario1008)).json<Json>();
      expect(Object.keys(d)).toEqual(
        expect.arrayContaining([
          'id',
          'problema',
          'dep',
          'descricao',
          'data',
          'status',
          'nome_usuario',
          'matricula_usuario',
          'setor_usuario',
          'setores_usuario',
          'nome_suporte',
          'matricula_suporte',
          'filial',
          'link',
          'imgAttachment',
          'request_id',
          'answers_call_receive',
        ]),
      );
      expect(d.answers_call_receive).toEqual([
        expect.objectContaining({
          userName: 'Fernanda Oliveira Costa',
          msg: expect.stringContaining('Recebido'),
          attachments: [],
        }),
        expect.objectContaining({ userName: 'Luiz Fernando Teixeira', msg: 'Obrigado! Fico no aguardo.' }),
      ]);
    });
  });

  describe('GET /api/calls: scopes, filters, paging', () => {
    it('My calls of a colaborador are only his own', async () => {
      const res = await list(DEMO.colaborador, 'scope=mine');
      expect(res.statusCode).toBe(200);
      expect(ids(res).sort((a, b) => a - b)).toEqual([CALL.coletor1003, CALL.horasExtras1003]);
    });

    it('Chamados Abertos: refused to a colaborador, the supported departments for support, all for admin', async () => {
      const refused = await list(DEMO.juridico, 'scope=open');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Você não tem autorização de acesso a essa página' });
      const ti = (await list(DEMO.suporteTi, 'scope=open&pageSize=200')).json<{ rows: { dep: string }[] }>();
      expect(new Set(ti.rows.map((r) => r.dep))).toEqual(new Set(['Tecnologia de Informacao']));
      const rh = (await list(DEMO.analistaRh, 'scope=open&pageSize=200')).json<{ rows: { dep: string }[] }>();
      expect(new Set(rh.rows.map((r) => r.dep))).toEqual(new Set(['Recursos Humanos']));
      const compras = (await list(DEMO.gestorCompras, 'scope=open')).json<{ rows: unknown[] }>();
      expect(compras.rows.every((r) => (r as { id: number }).id > 8)).toBe(true);
      const all = (await list(DEMO.admin, 'scope=open&pageSize=200')).json<{ total: number }>();
      expect(all.total).toBe(await callCount());
    });

    it.each([
      ['ticket=3', [CALL.arCondicionado1006]],
      ['name=jo%C3%A3o', [CALL.coletor1003, CALL.horasExtras1003]],
      ['attendant=fernanda', [CALL.salario1008, CALL.horasExtras1003]],
      ['dep=Manuten%C3%A7%C3%A3o&filial=Mau%C3%A1', [CALL.prateleiras1009]],
      ['matricula=1007', [CALL.epi1007]],
      ['setor=fatura', [CALL.epi1007]],
      ['status=20', [CALL.prateleiras1009]],
      ['ticket=abc&matricula=1009', [CALL.prateleiras1009]],
      ['name=100%25', []],
      ['status=999', []], // no call has it: an empty `in ()` is an error on PostgreSQL
    ])('filter %s', async (query, expected) => {
      const res = await list(DEMO.admin, `scope=open&pageSize=200&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        ids(res)
          .filter((id) => id <= 8)
          .sort((a, b) => a - b),
      ).toEqual(expected);
    });

    it('filters by a São Paulo date range', async () => {
      const set = (id: number, created_at: string) =>
        app().db.updateTable('calls').set({ created_at }).where('id', '=', id).execute();
      await set(CALL.coletor1003, '2024-03-10T12:00:00.000Z');
      await set(CALL.horasExtras1003, '2024-03-11T02:30:00.000Z'); // 10/03 23:30 in São Paulo
      await set(CALL.intranet1008, '2024-03-11T03:30:00.000Z'); // 11/03 00:30 in São Paulo
      const day10 = await list(DEMO.admin, 'scope=open&from=2024-03-10&to=2024-03-10');
      expect(ids(day10).sort((a, b) => a - b)).toEqual([CALL.coletor1003, CALL.horasExtras1003]);
      const from11 = await list(DEMO.admin, 'scope=open&from=2024-03-11&to=2024-03-11');
      expect(ids(from11)).toEqual([CALL.intranet1008]);
      // A day as people type it, dd/mm/aaaa, is the same day (issue 32).
      const typed = await list(DEMO.admin, 'scope=open&from=11/03/2024&to=11/03/2024');
      expect(ids(typed)).toEqual([CALL.intranet1008]);
      // Not a calendar day: a clear 400, not a 500 from an invalid Date.
      const notADay = await list(DEMO.admin, 'scope=open&to=2024-02-32');
      expect(notADay.statusCode).toBe(400);
      expect(notADay.json()).toEqual({ error: 'Data inválida (use dd/mm/aaaa).' });
    });

    it('pages and sorts in SQL', async () => {
      const page1 = (await list(DEMO.admin, 'scope=open&sort=id&dir=asc&page=1&pageSize=3')).json<{
        rows: { id: number }[];
        total: number;
        page: number;
      }>();
      const page2 = (await list(DEMO.admin, 'scope=open&sort=id&dir=asc&page=2&pageSize=3')).json<{
        rows: { id: number }[];
      }>();
      expect(page1.rows.map((r) => r.id)).toEqual([1, 2, 3]);
      expect(page2.rows.map((r) => r.id)).toEqual([4, 5, 6]);
      expect(page1.total).toBeGreaterThanOrEqual(8);
    });

    it('refuses filters longer than 15 characters', async () => {
      const res = await list(DEMO.admin, `scope=open&name=${'a'.repeat(16)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'O filtro deve ter no máximo 15 caracteres.' });
    });
  });

  describe('GET /api/calls/export', () => {
    const readXlsx = async (buf: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    it('dados.xlsx has the filtered rows of Chamados Abertos', async () => {
      const res = await app().as(DEMO.suporteTi)({
        method: 'GET',
        url: '/api/calls/export?scope=open&status=0',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe('attachment; filename="dados.xlsx"');
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0]).toEqual([
        'Ticket',
        'Nome',
        'Matrícula',
        'Setor',
        'Departamento',
        'Problema',
        'Unidade',
        'Data e hora',
        'Status',
        'Atendente',
        'Descrição',
      ]);
      const listed = ids(await list(DEMO.suporteTi, 'scope=open&status=0&pageSize=200'));
      expect(rows.slice(1).map((r) => r[0])).toEqual(listed);
      expect(rows.slice(1).every((r) => r[4] === 'Tecnologia de Informação' && r[8] === 'Não atendido')).toBe(
        true,
      );
      expect(String(rows[1]![7])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    });

    it('follows the sort of the table it was downloaded from', async () => {
      const res = await app().as(DEMO.admin)({
        method: 'GET',
        url: '/api/calls/export?scope=open&sort=id&dir=asc',
      });
      const sheetIds = (await readXlsx(res.rawPayload)).slice(1).map((r) => r[0]);
      expect(sheetIds).toEqual(ids(await list(DEMO.admin, 'scope=open&sort=id&dir=asc&pageSize=200')));
      expect(sheetIds).toEqual([...sheetIds].sort((a, b) => Number(a) - Number(b)));
    });

    it('walks every row once in keyset batches, ties on the same instant included', async () => {
      await app()
        .db.updateTable('calls')
        .set({ created_at: '2024-05-05T12:00:00.000Z' })
        .where('id', '<=', 5)
        .execute();
      const admin = await app()
        .db.selectFrom('users')
        .select('id')
        .where('matricula', '=', DEMO.admin)
        .executeTakeFirstOrThrow();
      const actor = { userId: admin.id, privilegio: 1, suport: 1, admin: 1, setor: [] };
      const seen: number[] = [];
      for await (const batch of exportBatches(app().db, actor, { scope: 'open' }, 2))
        seen.push(...batch.map((r) => r.id));
      const all = ids(await list(DEMO.admin, 'scope=open&pageSize=200'));
      expect(seen).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('chamados.xlsx has My calls; the cookie session downloads it; no session is 401', async () => {
      const login = await app().app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: DEMO.colaborador, password: 'intranet123' },
      });
      const cookie = login.cookies.find((c) => c.name === 'intranet_session')!;
      const res = await app().app.inject({
        method: 'GET',
        url: '/api/calls/export?scope=mine',
        cookies: { intranet_session: cookie.value },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="chamados.xlsx"');
      const rows = await readXlsx(res.rawPayload);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['João Pedro da Silva', 'João Pedro da Silva']);
      expect((await app().app.inject({ method: 'GET', url: '/api/calls/export' })).statusCode).toBe(401);
      expect(
        (await app().as(DEMO.colaborador)({ method: 'GET', url: '/api/calls/export?scope=open' })).statusCode,
      ).toBe(403);
    });
  });
});
