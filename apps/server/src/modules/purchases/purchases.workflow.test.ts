import { MSG, PURCHASE_MSG as MSG_PURCHASE } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { PDF, purchaseRouteTests } from './purchases.fixture.ts';

/** A request's way through its stages: opening, the whole journey, the manager's threshold, denials, who fires which transition, and two advancing at once. */
describe(`purchases workflow (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { form, open, newRequest, fire, detail, quote, select, atManager } = h;

  it('the demo has a request in every status, and one awaiting a materials list', async () => {
    const rows = await h.t.db
      .selectFrom('purchase_requests')
      .select(['id', 'status', 'call_id'])
      .orderBy('id')
      .execute();
    expect(rows.slice(0, 11).map((r) => [r.id, r.status])).toEqual(
      Array.from({ length: 11 }, (_, i) => [i + 1, i]),
    );
    const waiting = await detail(DEMO.gestorCompras, 12);
    expect(waiting.statusLabel).toBe('Solicitação aberta - aguardando lista de materiais');
    expect(waiting.stages.every((s) => s.state === 'pending')).toBe(true);
    // Demo request 11 was denied by 1002 at the manager's stage: the timeline marks that stage.
    const denied = await detail(DEMO.colaborador, 11);
    expect(denied.stages.find((s) => s.state === 'denied')?.key).toBe('awaitapprovalManager');
  });

  describe('open request', () => {
    it('lists every missing required field after the spec message', async () => {
      const res = await h.t.as(DEMO.colaborador)({
        method: 'POST',
        url: '/api/purchases',
        payload: form({ typerequest: 'servico', qnt: 1, filial: 'Matriz' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: `${MSG.fillRequired} Serviço, Justificativa, Descrição da justificativa, Prioridade`,
      });
    });

    it('a compra needs a link or a file', async () => {
      const res = await open(DEMO.colaborador, { link: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG_PURCHASE.linkOrFile });
      const withFile = await open(DEMO.colaborador, { link: undefined }, [
        { name: 'orcamento.pdf', body: PDF, type: 'application/pdf' },
      ]);
      expect(withFile.statusCode, withFile.body).toBe(200);
    });

    it('replacing an asset needs files, even for a service', async () => {
      const res = await open(DEMO.colaborador, { typerequest: 'servico', justify: 'Reposição de ativo' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG_PURCHASE.filesRequired });
    });

    it('stores the estimate in centavos and answers it in reais; audited', async () => {
      const before = await h.t.auditCount(await h.t.userId(DEMO.colaborador), 'purchase.open');
      const id = await newRequest({ estimaVal: '1234.56' });
      const row = await h.t.db
        .selectFrom('purchase_requests')
        .select('estima_val')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.estima_val)).toBe(123456);
      const d = await detail(DEMO.colaborador, id);
      expect(d).toMatchObject({ status: 0, estimaVal: 1234.56, filial: 'Maua', nome: 'João Pedro da Silva' });
      expect(d.abilities).toMatchObject({ cancel: true, transitions: [] });
      expect(await h.t.auditCount(await h.t.userId(DEMO.colaborador), 'purchase.open')).toBe(before + 1);
    });
  });

  describe('the whole journey', () => {
    it('compra > R$ 500: quotes, forward, director, buyer, bought, available, pickup', async () => {
      const id = await newRequest();
      expect((await detail(DEMO.gestorCompras, id)).abilities.transitions).toEqual(['analisar']);
      expect((await fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
      expect((await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1)).statusCode).toBe(200);

      // Quote rows: Fisica needs an attachment; every field required.
      const noFile = await quote(DEMO.gestorCompras, id, { valor: '700.00', canalType: 'Fisica' });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ error: 'Por favor, insira anexo nas linhas de canal Fisica.' });
      const empty = await quote(DEMO.gestorCompras, id, { fornecedor: '', valor: '10' });
      expect(empty.json()).toEqual({ error: MSG_PURCHASE.quoteSupplierRequired });
      const fisica = await quote(
        DEMO.gestorCompras,
        id,
        { fornecedor: 'Loja Física', valor: '750.00', canalType: 'Fisica', prazoEntrega: '2026-12-01' },
        [{ name: 'orcamento.pdf', body: PDF, type: 'application/pdf' }],
      );
      expect(fisica.statusCode, fisica.body).toBe(200);
      const online = await quote(DEMO.gestorCompras, id, { valor: '680.00' });
      expect(online.statusCode).toBe(200);

      const quotes = (
        await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/getQuote?ticket=${id}` })
      ).json<
        {
          id: number;
          valor: number;
          canalType: string;
          cheapest: boolean;
          fastest: boolean;
          file: string | null;
          fileName: string | null;
          fileMime: string | null;
        }[]
      >();
      expect(
        quotes.map((x) => [x.valor, x.canalType, x.cheapest, x.fastest, x.fileName, x.fileMime]),
      ).toEqual([
        [750, 'Fisica', false, true, 'orcamento.pdf', 'application/pdf'],
        [680, 'Online', true, false, null, null],
      ]);
      const pdf = await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/${quotes[0]?.file}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');

      expect((await fire(DEMO.gestorCompras, id, 'enviarAprovacao', 2)).statusCode).toBe(200);
      // Stage 3 does not move without a chosen quote.
      const noQuote = await fire(DEMO.gestorCompras, id, 'encaminhar', 3);
      expect(noQuote.statusCode).toBe(400);
      expect(noQuote.json()).toEqual({ error: MSG.selectQuote });

      const fisicaId = fisica.json<{ id: number }>().id;
      expect((await select(DEMO.gestorCompras, id, fisicaId, 'Entrega mais rápida')).statusCode).toBe(200);
      const at3 = await detail(DEMO.gestorCompras, id);
      expect(at3.abilities.transitions).toEqual(['encaminhar', 'negarGestor']);
      expect(at3.history.at(-1)?.summary).toContain('motivo: Entrega mais rápida');
      expect((await fire(DEMO.gestorCompras, id, 'aprovarGestor', 3)).statusCode).toBe(400);

      const outboxBefore = h.t.outbox().length;
      expect((await fire(DEMO.gestorCompras, id, 'encaminhar', 3)).statusCode).toBe(200);
      const mails = h.t.outbox().slice(outboxBefore).join('\n');
      expect(mails).toContain('joao.silva@rotasul.com.br');
      expect(mails).toContain('roberto.nogueira@rotasul.com.br');

      // Only the director (or a level-1 user) decides at 4.
      expect((await fire(DEMO.gestorCompras, id, 'aprovarDiretor', 4)).statusCode).toBe(403);
      expect((await fire(DEMO.diretor, id, 'aprovarDiretor', 4)).statusCode).toBe(200);
      const approved = await detail(DEMO.colaborador, id);
      expect(approved).toMatchObject({ status: 5, aprovall_name: 'Roberto Almeida Nogueira', val: 750 });

      const buyer = await h.t.userId(DEMO.gestorCompras);
      const noBuyer = await fire(DEMO.gestorCompras, id, 'escolherComprador', 5, {
        buyer_id: String(await h.t.userId(DEMO.juridico)),
      });
      expect(noBuyer.json()).toEqual({ error: MSG_PURCHASE.buyerRequired });
      expect(
        (await fire(DEMO.gestorCompras, id, 'escolherComprador', 5, { buyer_id: String(buyer) })).statusCode,
      ).toBe(200);
      expect((await fire(DEMO.gestorCompras, id, 'compraRealizada', 6)).statusCode).toBe(200);
      expect((await fire(DEMO.gestorCompras, id, 'disponivel', 7)).statusCode).toBe(200);
      expect(
        (await fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, { picker_id: String(buyer) })).statusCode,
      ).toBe(200);

      const done = await detail(DEMO.colaborador, id);
      expect(done).toMatchObject({
        status: 9,
        statusLabel: 'Solicitação Finalizada',
        atendente_name: 'Patrícia Souza Ramos',
        quoter_name: 'Patrícia Souza Ramos',
        buyer_name: 'Patrícia Souza Ramos',
        picker_name: 'Patrícia Souza Ramos',
      });
      expect(done.stages.every((s) => s.state === 'done')).toBe(true);
      // Nothing moves after 9.
      expect((await fire(DEMO.admin, id, 'registrarRetirada', 9)).statusCode).toBe(400);
    });
  });

  describe('manager threshold R$ 500,00', () => {
    it.each([
      ['499.99', 200],
      ['500.00', 200],
      ['500.01', 400],
    ])('a selected quote of %s: Aprovar answers %i', async (valor, status) => {
      const id = await atManager(valor);
      const res = await fire(DEMO.gestorCompras, id, 'aprovarGestor', 3);
      expect(res.statusCode, res.body).toBe(status);
      const d = await detail(DEMO.gestorCompras, id);
      expect(d.status).toBe(status === 200 ? 5 : 3);
      if (status === 200) expect(d.aprovall_id).toBe(await h.t.userId(DEMO.gestorCompras));
    });

    it('in quote (buy-active flag on): no Aprovar even under R$ 500', async () => {
      const id = await atManager('100.00');
      const on = await h.t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: `/api/purchases/${id}/in-quote`,
        payload: { inQuote: true },
      });
      expect(on.statusCode).toBe(200);
      expect((await detail(DEMO.gestorCompras, id)).abilities.transitions).not.toContain('aprovarGestor');
      expect((await fire(DEMO.gestorCompras, id, 'aprovarGestor', 3)).statusCode).toBe(400);
    });
  });

  describe('denials', () => {
    it('the manager denies: status 10, the denier recorded, the timeline marks his stage', async () => {
      const id = await atManager('900.00');
      expect((await fire(DEMO.gestorCompras, id, 'negarGestor', 3)).statusCode).toBe(200);
      const d = await detail(DEMO.colaborador, id);
      const denier = await h.t.userId(DEMO.gestorCompras);
      expect(d).toMatchObject({ status: 10, aprovall_id: denier, statusLabel: 'Negado' });
      expect(d.stages.findIndex((s) => s.state === 'denied')).toBe(3);
      expect((await fire(DEMO.gestorCompras, id, 'compraRealizada', 10)).statusCode).toBe(400);
    });

    it('Negar at analysis is for level below 3', async () => {
      const id = await newRequest();
      expect((await fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
      expect((await fire(DEMO.colaborador, id, 'negarAnalise', 1)).statusCode).toBe(403);
      expect((await fire(DEMO.gestorCompras, id, 'negarAnalise', 1)).statusCode).toBe(200);
    });
  });

  describe('transition × role', () => {
    it('the requester moves nothing; an unrelated user does not even see it', async () => {
      const id = await newRequest();
      expect((await fire(DEMO.colaborador, id, 'analisar', 0)).statusCode).toBe(403);
      const res = await fire(DEMO.juridico, id, 'analisar', 0);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG_PURCHASE.notFound });
      expect(
        (await h.t.as(DEMO.gestorMultas)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode,
      ).toBe(404);
      // A manager of the requester's sector (Operação: 1006) sees it.
      expect((await h.t.as(DEMO.diretor)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode).toBe(
        200,
      );
    });

    it('a transition from another status is refused, the status unchanged', async () => {
      const id = await newRequest();
      const res = await fire(DEMO.gestorCompras, id, 'disponivel', 0);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG_PURCHASE.invalidTransition });
      expect((await detail(DEMO.gestorCompras, id)).status).toBe(0);
    });
  });

  describe('concurrent advance', () => {
    it('two people press at once: one wins, the other gets 409 in Portuguese', async () => {
      const id = await newRequest();
      const [a, b] = await Promise.all([
        fire(DEMO.gestorCompras, id, 'analisar', 0),
        fire(DEMO.admin, id, 'analisar', 0),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toEqual({ error: MSG_PURCHASE.conflict });
      expect((await detail(DEMO.gestorCompras, id)).status).toBe(1);
      expect(
        await h.t.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'purchase.analisar')
          .where('entity_id', '=', String(id))
          .execute(),
      ).toHaveLength(1);
    });

    it('a stale screen (from no longer current) gets 409', async () => {
      const id = await newRequest();
      await fire(DEMO.gestorCompras, id, 'analisar', 0);
      const res = await fire(DEMO.admin, id, 'analisar', 0);
      expect(res.statusCode).toBe(409);
    });
  });
});
