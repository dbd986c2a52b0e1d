import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { exportBatches } from './tickets.queries.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Demo calls (seed/demo-data.ts DEMO_CALLS), by id. */
const CALL = {
  coletor1003: 1, // TI, status 0
  salario1008: 2, // RH, status 1, attended by 1005
  arCondicionado1006: 3, // Infraestrutura, status 2
  impressora1002: 4, // TI, status 3
  epi1007: 5, // QSSMA, status 0
  prateleiras1009: 6, // Infraestrutura, status 20
  horasExtras1003: 7, // RH, status 1
  intranet1008: 8, // TI, status 0
};

type Json = Record<string, unknown>;

describe(`tickets (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
  });
  afterAll(() => t.close());

  const open = (matricula: string, payload: Json) =>
    t.as(matricula)({ method: 'POST', url: '/api/insertCall', payload });
  const newCall = async (matricula: string, payload: Partial<Json> = {}) => {
    const res = await open(matricula, {
      problem: 'Computador',
      descript: 'Não liga.',
      dep: 'Tecnologia de Informacao',
      filial: 'Matriz',
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const setCall = (matricula: string, id: number, status: number) =>
    t.as(matricula)({ method: 'PUT', url: '/api/setCall', payload: { id, status } });
  const detail = (matricula: string, id: number) =>
    t.as(matricula)({ method: 'GET', url: `/api/getSingleCall?id=${id}` });
  const list = (matricula: string, query: string) =>
    t.as(matricula)({ method: 'GET', url: `/api/calls?${query}` });
  const ids = (res: { json: () => unknown }) =>
    (res.json() as { rows: { id: number }[] }).rows.map((r) => r.id);
  const answer = (matricula: string, id: number, msg: string) =>
    t.as(matricula)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: { msg } });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('calls').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const callCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('calls')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /api/insertCall', () => {
    it('opens a call with the spec payload and answers the Sucesso message', async () => {
      const res = await open(DEMO.juridico, {
        problem: 'Empilhadeira',
        descript: 'A empilhadeira 2 está com vazamento de óleo.',
        dep: 'Manutenção',
        filial: 'Mauá',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ success: boolean; id: number; message: string }>();
      expect(body).toEqual({
        success: true,
        id: expect.any(Number),
        message: 'Seu chamado foi enviado para a equipe técnica.',
      });
      const d = (await detail(DEMO.juridico, body.id)).json<Json>();
      expect(d).toMatchObject({
        id: body.id,
        problema: 'Empilhadeira',
        dep: 'Infraestrutura',
        descricao: 'A empilhadeira 2 está com vazamento de óleo.',
        filial: 'Maua',
        status: 0,
        nome_usuario: 'Luiz Fernando Teixeira',
        matricula_usuario: '1008',
        setor_usuario: 'Recursos Humanos',
        nome_suporte: null,
        matricula_suporte: null,
        answers_call_receive: [],
        abilities: { transitions: [], answer: true, insertMaterials: false },
      });
      expect(d.history).toEqual([
        expect.objectContaining({ action: 'call.open', userName: 'Luiz Fernando Teixeira' }),
      ]);
    });

    it.each([
      [{}, MSG.fillAllFields],
      [{ problem: '', descript: 'x', dep: 'QSSMA', filial: 'Matriz' }, MSG.fillAllFields],
      [
        { problem: 'CAT', descript: '   ', dep: 'QSSMA', filial: 'Matriz' },
        'Esse campo deve ser preenchido.',
      ],
      [{ problem: 'CAT', descript: 'x', dep: 'Financeiro', filial: 'Matriz' }, 'Departamento inválido.'],
      [{ problem: 'CAT', descript: 'x', dep: 'QSSMA', filial: 'Santos' }, 'Unidade inválida.'],
      [
        { problem: 'Internet', descript: 'x', dep: 'QSSMA', filial: 'Matriz' },
        'Tipo de problema inválido para o departamento escolhido.',
      ],
    ])('refuses %j with 400 "%s"', async (payload, message) => {
      const before = await callCount();
      const res = await open(DEMO.juridico, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      expect(await callCount()).toBe(before);
    });

    it('refuses a request without a body', async () => {
      const res = await t.as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.fillAllFields });
    });

    it('takes images and PDF as multipart, served only to who sees the call', async () => {
      const form = new FormData();
      form.append('problem', 'Impressora');
      form.append('descript', 'Segue foto do erro e o manual.');
      form.append('dep', 'Tecnologia de Informação');
      form.append('filial', 'Matriz');
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'erro.png');
      form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'manual técnico.pdf');
      const res = await t.as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall', payload: form });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ id: number }>().id;
      const d = (await detail(DEMO.juridico, id)).json<{
        attachments: { filepath: string; name: string; mime: string }[];
        imgAttachment: string;
      }>();
      expect(d.attachments.map((a) => [a.name, a.mime])).toEqual([
        ['erro.png', 'image/png'],
        ['manual técnico.pdf', 'application/pdf'],
      ]);
      expect(d.imgAttachment).toBe(d.attachments[0]!.filepath);
      const file = await t.as(DEMO.suporteTi)({ method: 'GET', url: `/api/${d.attachments[0]!.filepath}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const other = await t.as(DEMO.analistaRh)({ method: 'GET', url: `/api/${d.attachments[1]!.filepath}` });
      expect(other.statusCode).toBe(404);
    });

    it('refuses a file that is not an image or PDF by its bytes, and opens nothing', async () => {
      const before = await callCount();
      const form = new FormData();
      form.append('problem', 'Impressora');
      form.append('descript', 'x');
      form.append('dep', 'Tecnologia de Informacao');
      form.append('filial', 'Matriz');
      form.append('files', new Blob(['#!/bin/sh\necho oi\n'], { type: 'image/png' }), 'foto.png');
      const res = await t.as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall', payload: form });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Formato inválido. Envie imagens ou PDF.' });
      expect(await callCount()).toBe(before);
    });
  });

  describe('PUT /api/setCall: the status machine per role and status', () => {
    it('Atender 0→1 by the department support records the attendant; others are refused', async () => {
      const id = await newCall(DEMO.juridico);
      // The requester sees his call but may not attend it; the others may not even see it.
      for (const [who, status] of [
        [DEMO.juridico, 403],
        [DEMO.colaborador, 404],
        [DEMO.analistaRh, 404],
        [DEMO.gestorCompras, 404],
        [DEMO.diretor, 404],
      ] as const) {
        const res = await setCall(who, id, 1);
        expect(res.statusCode, who).toBe(status);
      }
      expect((await setCall(DEMO.suporteTi, id, 3)).json()).toEqual({ error: MSG.ticketTransitionInvalid });
      expect((await setCall(DEMO.suporteTi, id, 2)).statusCode).toBe(400);
      const res = await setCall(DEMO.suporteTi, id, 1);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Status do chamado alterado com sucesso!' });
      expect(await detail(DEMO.suporteTi, id).then((r) => r.json())).toMatchObject({
        status: 1,
        nome_suporte: 'Rafael Lima Barbosa',
        matricula_suporte: '1004',
        abilities: { transitions: [2, 3], answer: true },
      });
      // Once taken, it cannot be taken again.
      expect((await setCall(DEMO.admin, id, 1)).statusCode).toBe(400);
    });

    it('Compras 1→2, Retirar de compras 2→1, Finalizar 1→3 and 2→3; nothing leaves Finalizado', async () => {
      const a = await newCall(DEMO.juridico);
      expect((await setCall(DEMO.suporteTi, a, 1)).statusCode).toBe(200);
      expect((await setCall(DEMO.juridico, a, 2)).statusCode).toBe(403);
      expect((await setCall(DEMO.suporteTi, a, 2)).statusCode).toBe(200);
      expect(await statusOf(a)).toBe(2);
      expect((await setCall(DEMO.analistaRh, a, 1)).statusCode).toBe(404);
      expect((await setCall(DEMO.suporteTi, a, 1)).statusCode).toBe(200);
      expect((await setCall(DEMO.suporteTi, a, 3)).statusCode).toBe(200);
      expect(await statusOf(a)).toBe(3);
      for (const to of [0, 1, 2, 20]) expect((await setCall(DEMO.admin, a, to)).statusCode).toBe(400);

      const b = await newCall(DEMO.juridico);
      expect((await setCall(DEMO.admin, b, 1)).statusCode).toBe(200);
      expect((await setCall(DEMO.admin, b, 2)).statusCode).toBe(200);
      expect((await setCall(DEMO.suporteTi, b, 3)).statusCode).toBe(200);
      const d = (await detail(DEMO.juridico, b)).json<{
        nome_suporte: string;
        history: { action: string }[];
      }>();
      expect(d.nome_suporte).toBe('Carlos Eduardo Mendes');
      expect(d.history.map((h) => h.action)).toEqual([
        'call.open',
        'call.atender',
        'call.compras',
        'call.finalizar',
      ]);
    });

    it('answers 404 for a call that does not exist and 400 for a status outside the table', async () => {
      expect((await setCall(DEMO.admin, 999_999, 1)).json()).toEqual({ error: MSG.ticketNotFound });
      expect((await setCall(DEMO.admin, CALL.epi1007, 7)).statusCode).toBe(400);
      const bad = await t.as(DEMO.admin)({
        method: 'PUT',
        url: '/api/setCall',
        payload: { id: 'x', status: 1 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('purchasing accepts a materials list only on a call that belongs to a purchase', async () => {
      const id = await newCall(DEMO.juridico, { dep: 'Infraestrutura', problem: 'Instalação' });
      await t.db.updateTable('calls').set({ status: 21 }).where('id', '=', id).execute();
      // Not a purchase: purchasing may not even see it.
      expect((await setCall(DEMO.gestorCompras, id, 23)).statusCode).toBe(404);
      await t.db.updateTable('calls').set({ request_id: 77 }).where('id', '=', id).execute();
      expect((await setCall(DEMO.juridico, id, 23)).statusCode).toBe(403);
      expect((await setCall(DEMO.gestorCompras, id, 23)).statusCode).toBe(200);
      expect((await setCall(DEMO.gestorCompras, id, 22)).statusCode).toBe(200);
      expect(await statusOf(id)).toBe(22);
    });
  });

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
        t.db.updateTable('calls').set({ created_at }).where('id', '=', id).execute();
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
      const res = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/calls/export?scope=open&status=0' });
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
      const res = await t.as(DEMO.admin)({
        method: 'GET',
        url: '/api/calls/export?scope=open&sort=id&dir=asc',
      });
      const sheetIds = (await readXlsx(res.rawPayload)).slice(1).map((r) => r[0]);
      expect(sheetIds).toEqual(ids(await list(DEMO.admin, 'scope=open&sort=id&dir=asc&pageSize=200')));
      expect(sheetIds).toEqual([...sheetIds].sort((a, b) => Number(a) - Number(b)));
    });

    it('walks every row once in keyset batches, ties on the same instant included', async () => {
      await t.db
        .updateTable('calls')
        .set({ created_at: '2024-05-05T12:00:00.000Z' })
        .where('id', '<=', 5)
        .execute();
      const admin = await t.db
        .selectFrom('users')
        .select('id')
        .where('matricula', '=', DEMO.admin)
        .executeTakeFirstOrThrow();
      const actor = { userId: admin.id, privilegio: 1, suport: 1, admin: 1, setor: [] };
      const seen: number[] = [];
      for await (const batch of exportBatches(t.db, actor, { scope: 'open' }, 2))
        seen.push(...batch.map((r) => r.id));
      const all = ids(await list(DEMO.admin, 'scope=open&pageSize=200'));
      expect(seen).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('chamados.xlsx has My calls; the cookie session downloads it; no session is 401', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: DEMO.colaborador, password: 'intranet123' },
      });
      const cookie = login.cookies.find((c) => c.name === 'intranet_session')!;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/calls/export?scope=mine',
        cookies: { intranet_session: cookie.value },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="chamados.xlsx"');
      const rows = await readXlsx(res.rawPayload);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['João Pedro da Silva', 'João Pedro da Silva']);
      expect((await t.app.inject({ method: 'GET', url: '/api/calls/export' })).statusCode).toBe(401);
      expect(
        (await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/calls/export?scope=open' })).statusCode,
      ).toBe(403);
    });
  });

  describe('answers', () => {
    it('the support answer reaches the requester by e-mail; markup is kept as typed text (issue 15)', async () => {
      const id = await newCall(DEMO.juridico);
      await setCall(DEMO.suporteTi, id, 1);
      const mailsBefore = t.outbox().length;
      const res = await answer(
        DEMO.suporteTi,
        id,
        '<script>alert(1)</script><b>Reinicie</b> o roteador & teste: 1 < 2',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Resposta enviada!' });
      const d = (await detail(DEMO.juridico, id)).json<{
        answers_call_receive: { msg: string; userName: string }[];
      }>();
      expect(d.answers_call_receive).toEqual([
        expect.objectContaining({
          userName: 'Rafael Lima Barbosa',
          msg: '<script>alert(1)</script><b>Reinicie</b> o roteador & teste: 1 < 2',
        }),
      ]);
      const mails = t.outbox().slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: luiz.teixeira@rotasul.com.br');
      expect(mails[0]).toContain(`Subject: Chamado #${id}: nova resposta`);
      // A plain-text e-mail: the typed markup is text there too, never HTML.
      expect(mails[0]).not.toMatch(/Content-Type: text\/html/i);
    });

    it('a status change e-mails the requester; his own answer does not; no e-mail, no mail', async () => {
      const id = await newCall(DEMO.juridico);
      let before = t.outbox().length;
      await setCall(DEMO.suporteTi, id, 1);
      const mails = t.outbox().slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(
        /Subject: =\?UTF-8\?Q\?Chamado_#\d+:_Em_atendimento\?=|Subject: Chamado #\d+: Em atendimento/,
      );
      before = t.outbox().length;
      expect((await answer(DEMO.juridico, id, 'Obrigado')).statusCode).toBe(200);
      expect(t.outbox().length).toBe(before);
      await t.db.updateTable('users').set({ email: null }).where('matricula', '=', DEMO.juridico).execute();
      expect((await setCall(DEMO.suporteTi, id, 3)).statusCode).toBe(200);
      expect(t.outbox().length).toBe(before);
      await t.db
        .updateTable('users')
        .set({ email: 'luiz.teixeira@rotasul.com.br' })
        .where('matricula', '=', DEMO.juridico)
        .execute();
    });

    it('refuses over 1000 characters, empty text, other departments and finalised calls', async () => {
      const long = await answer(DEMO.juridico, CALL.salario1008, 'a'.repeat(1001));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ error: 'A resposta deve ter no máximo 1000 caracteres.' });
      expect((await answer(DEMO.juridico, CALL.salario1008, 'a'.repeat(1000))).statusCode).toBe(200);
      expect((await answer(DEMO.juridico, CALL.salario1008, ' \n ')).json()).toEqual({
        error: MSG.fieldRequired,
      });
      expect((await answer(DEMO.suporteTi, CALL.salario1008, 'oi')).statusCode).toBe(404);
      expect((await answer(DEMO.colaborador, CALL.salario1008, 'oi')).statusCode).toBe(404);
      const closed = await answer(DEMO.gestorCompras, CALL.impressora1002, 'Voltou a manchar');
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toEqual({ error: 'Este chamado está finalizado e não aceita novas mensagens.' });
    });

    /** Every stored file, temporary ones included, as paths under the storage root. */
    const storedFiles = () =>
      fs
        .readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(t.dataDir, path.join(e.parentPath, e.name)))
        .sort();

    it.each([
      ['a call he may not see', DEMO.suporteTi, CALL.salario1008, 404, MSG.ticketNotFound],
      ['a finalised call', DEMO.gestorCompras, CALL.impressora1002, 400, MSG.ticketClosed],
    ] as const)(
      'refuses a multipart answer on %s before any byte reaches storage',
      async (_, who, id, status, error) => {
        const tmpDir = path.join(t.dataDir, 'files', '.tmp');
        // Storage creates .tmp for its first temporary file: absent after the call means none was written.
        fs.rmSync(tmpDir, { recursive: true, force: true });
        const before = storedFiles();
        const answersBefore = (
          await t.db.selectFrom('call_answers').select('id').where('call_id', '=', id).execute()
        ).length;
        const form = new FormData();
        form.append('msg', 'Segue a foto.');
        form.append('files', new Blob([PNG], { type: 'image/png' }), 'foto.png');
        form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'laudo.pdf');
        const res = await t.as(who)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: form });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ error });
        expect(fs.existsSync(tmpDir)).toBe(false);
        expect(storedFiles()).toEqual(before);
        const answersAfter = (
          await t.db.selectFrom('call_answers').select('id').where('call_id', '=', id).execute()
        ).length;
        expect(answersAfter).toBe(answersBefore);
      },
    );

    it("a purchase's materials call is Compras': a Compras user who did not open it answers it", async () => {
      const id = await newCall(DEMO.juridico, { dep: 'Infraestrutura', problem: 'Instalação' });
      const res = await answer(DEMO.gestorCompras, id, 'Sem relação com uma compra.');
      expect(res.statusCode).toBe(404);
      await t.db.updateTable('calls').set({ request_id: 78 }).where('id', '=', id).execute();
      const ok = await answer(DEMO.gestorCompras, id, 'Lista conferida pelo setor de Compras.');
      expect(ok.statusCode, ok.body).toBe(200);
      const d = (await detail(DEMO.juridico, id)).json<{ answers_call_receive: { msg: string }[] }>();
      expect(d.answers_call_receive.map((a) => a.msg)).toEqual(['Lista conferida pelo setor de Compras.']);
    });

    it('carries attachments in multipart', async () => {
      const form = new FormData();
      form.append('msg', 'Foto do painel');
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'painel.png');
      const res = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: `/api/calls/${CALL.horasExtras1003}/answers`,
        payload: form,
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = (await detail(DEMO.colaborador, CALL.horasExtras1003)).json<{
        answers_call_receive: { attachments: { filepath: string; name: string }[] }[];
      }>();
      const last = d.answers_call_receive.at(-1)!;
      expect(last.attachments.map((a) => a.name)).toEqual(['painel.png']);
      const file = await t.as(DEMO.colaborador)({
        method: 'GET',
        url: `/api/${last.attachments[0]!.filepath}`,
      });
      expect(file.statusCode).toBe(200);
    });
  });

  describe('materials at status 20', () => {
    const items = [
      { item_name: 'Prateleira de aço 2m', measure: 'unidades', qnt: 4 },
      { item_name: 'Parafuso sextavado', measure: 'unidades', qnt: 32 },
      { item_name: 'Cabo elétrico', measure: 'metros', qnt: 12.5 },
    ];
    const post = (who: string, body: unknown) =>
      t.as(who)({
        method: 'POST',
        url: `/api/calls/${CALL.prateleiras1009}/materials`,
        payload: body as Json,
      });

    it('refuses bad lists and other departments', async () => {
      expect((await post(DEMO.admin, { items: [] })).json()).toEqual({ error: MSG.fillAllFields });
      expect((await post(DEMO.admin, { items: [{ ...items[0], measure: 'caixas' }] })).json()).toEqual({
        error: 'Unidade de medida inválida.',
      });
      expect((await post(DEMO.admin, { items: [{ ...items[0], qnt: 0 }] })).json()).toEqual({
        error: 'Informe uma quantidade maior que zero.',
      });
      expect((await post(DEMO.suporteTi, { items })).statusCode).toBe(404);
      expect((await post(DEMO.gestorMultas, { items })).statusCode).toBe(403);
    });

    it('the department support inserts the list: status 21 and the list is readable', async () => {
      const res = await post(DEMO.admin, { items });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Lista de materiais enviada!' });
      expect(await statusOf(CALL.prateleiras1009)).toBe(21);
      const listed = await t.as(DEMO.gestorMultas)({
        method: 'GET',
        url: `/api/getListMaterials?chamado_id=${CALL.prateleiras1009}`,
      });
      expect(listed.json()).toEqual(
        items.map((i) => ({ ...i, id: expect.any(Number), chamado_id: CALL.prateleiras1009 })),
      );
      expect((await post(DEMO.admin, { items })).json()).toEqual({ error: MSG.ticketTransitionInvalid });
      const denied = await t.as(DEMO.juridico)({
        method: 'GET',
        url: `/api/getListMaterials?chamado_id=${CALL.prateleiras1009}`,
      });
      expect(denied.statusCode).toBe(404);
    });
  });
});
