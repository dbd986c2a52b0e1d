import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { CALL, type Json, PDF, PNG, ticketRouteTests } from './tickets.routes.fixture.ts';

/** Answers (with files) and the materials list at status 20. */
describe(`tickets: answers and materials (${TEST_DIALECT})`, () => {
  const { app, newCall, setCall, detail, answer, statusOf } = ticketRouteTests();

  describe('answers', () => {
    it('the support answer reaches the requester by e-mail; markup is kept as typed text (issue 15)', async () => {
      const id = await newCall(DEMO.juridico);
      await setCall(DEMO.suporteTi, id, 1);
      const mailsBefore = app().outbox().length;
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
      const mails = app().outbox().slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: luiz.teixeira@rotasul.com.br');
      expect(mails[0]).toContain(`Subject: Chamado #${id}: nova resposta`);
      // A plain-text e-mail: the typed markup is text there too, never HTML.
      expect(mails[0]).not.toMatch(/Content-Type: text\/html/i);
    });

    it('a status change e-mails the requester; his own answer does not; no e-mail, no mail', async () => {
      const id = await newCall(DEMO.juridico);
      let before = app().outbox().length;
      await setCall(DEMO.suporteTi, id, 1);
      const mails = app().outbox().slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(
        /Subject: =\?UTF-8\?Q\?Chamado_#\d+:_Em_atendimento\?=|Subject: Chamado #\d+: Em atendimento/,
      );
      before = app().outbox().length;
      expect((await answer(DEMO.juridico, id, 'Obrigado')).statusCode).toBe(200);
      expect(app().outbox().length).toBe(before);
      await app()
        .db.updateTable('users')
        .set({ email: null })
        .where('matricula', '=', DEMO.juridico)
        .execute();
      expect((await setCall(DEMO.suporteTi, id, 3)).statusCode).toBe(200);
      expect(app().outbox().length).toBe(before);
      await app()
        .db.updateTable('users')
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
        .readdirSync(path.join(app().dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(app().dataDir, path.join(e.parentPath, e.name)))
        .sort();

    it.each([
      ['a call he may not see', DEMO.suporteTi, CALL.salario1008, 404, MSG.ticketNotFound],
      ['a finalised call', DEMO.gestorCompras, CALL.impressora1002, 400, MSG.ticketClosed],
    ] as const)(
      'refuses a multipart answer on %s before any byte reaches storage',
      async (_, who, id, status, error) => {
        const tmpDir = path.join(app().dataDir, 'files', '.tmp');
        // Storage creates .tmp for its first temporary file: absent after the call means none was written.
        fs.rmSync(tmpDir, { recursive: true, force: true });
        const before = storedFiles();
        const answersBefore = (
          await app().db.selectFrom('call_answers').select('id').where('call_id', '=', id).execute()
        ).length;
        const form = new FormData();
        form.append('msg', 'Segue a foto.');
        form.append('files', new Blob([PNG], { type: 'image/png' }), 'foto.png');
        form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'laudo.pdf');
        const res = await app().as(who)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: form });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ error });
        expect(fs.existsSync(tmpDir)).toBe(false);
        expect(storedFiles()).toEqual(before);
        const answersAfter = (
          await app().db.selectFrom('call_answers').select('id').where('call_id', '=', id).execute()
        ).length;
        expect(answersAfter).toBe(answersBefore);
      },
    );

    it("a purchase's materials call is Compras': a Compras user who did not open it answers it", async () => {
      const id = await newCall(DEMO.juridico, { dep: 'Infraestrutura', problem: 'Instalação' });
      const res = await answer(DEMO.gestorCompras, id, 'Sem relação com uma compra.');
      expect(res.statusCode).toBe(404);
      await app().db.updateTable('calls').set({ request_id: 78 }).where('id', '=', id).execute();
      const ok = await answer(DEMO.gestorCompras, id, 'Lista conferida pelo setor de Compras.');
      expect(ok.statusCode, ok.body).toBe(200);
      const d = (await detail(DEMO.juridico, id)).json<{ answers_call_receive: { msg: string }[] }>();
      expect(d.answers_call_receive.map((a) => a.msg)).toEqual(['Lista conferida pelo setor de Compras.']);
    });

    it('carries attachments in multipart', async () => {
      const form = new FormData();
      form.append('msg', 'Foto do painel');
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'painel.png');
      const res = await app().as(DEMO.analistaRh)({
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
      const file = await app().as(DEMO.colaborador)({
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
      app().as(who)({
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
      const listed = await app().as(DEMO.gestorMultas)({
        method: 'GET',
        url: `/api/getListMaterials?chamado_id=${CALL.prateleiras1009}`,
      });
      expect(listed.json()).toEqual(
        items.map((i) => ({ ...i, id: expect.any(Number), chamado_id: CALL.prateleiras1009 })),
      );
      expect((await post(DEMO.admin, { items })).json()).toEqual({ error: MSG.ticketTransitionInvalid });
      const denied = await app().as(DEMO.juridico)({
        method: 'GET',
        url: `/api/getListMaterials?chamado_id=${CALL.prateleiras1009}`,
      });
      expect(denied.statusCode).toBe(404);
    });
  });
});
