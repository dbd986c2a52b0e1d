import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { CALL, type Json, PDF, PNG, ticketRouteTests } from './tickets.routes.fixture.ts';

/** Opening a call and the status machine (PUT /api/setCall). */
describe(`tickets: open and status (${TEST_DIALECT})`, () => {
  const { app, open, newCall, setCall, detail, statusOf, callCount } = ticketRouteTests();

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
      [
        { problem: 'CAT', descript: 'x', dep: 'QSSMA', filial: 'Santos' },
        'Unidade: "Santos" não é uma filial ativa.',
      ],
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
      const res = await app().as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall' });
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
      const res = await app().as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall', payload: form });
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
      const file = await app().as(DEMO.suporteTi)({
        method: 'GET',
        url: `/api/${d.attachments[0]!.filepath}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const other = await app().as(DEMO.analistaRh)({
        method: 'GET',
        url: `/api/${d.attachments[1]!.filepath}`,
      });
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
      const res = await app().as(DEMO.juridico)({ method: 'POST', url: '/api/insertCall', payload: form });
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
      const bad = await app().as(DEMO.admin)({
        method: 'PUT',
        url: '/api/setCall',
        payload: { id: 'x', status: 1 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('purchasing accepts a materials list only on a call that belongs to a purchase', async () => {
      const id = await newCall(DEMO.juridico, { dep: 'Infraestrutura', problem: 'Instalação' });
      await app().db.updateTable('calls').set({ status: 21 }).where('id', '=', id).execute();
      // Not a purchase: purchasing may not even see it.
      expect((await setCall(DEMO.gestorCompras, id, 23)).statusCode).toBe(404);
      await app().db.updateTable('calls').set({ request_id: 77 }).where('id', '=', id).execute();
      expect((await setCall(DEMO.juridico, id, 23)).statusCode).toBe(403);
      expect((await setCall(DEMO.gestorCompras, id, 23)).statusCode).toBe(200);
      expect((await setCall(DEMO.gestorCompras, id, 22)).statusCode).toBe(200);
      expect(await statusOf(id)).toBe(22);
    });
  });
});
