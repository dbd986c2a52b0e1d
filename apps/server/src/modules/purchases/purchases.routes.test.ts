import {
  dayStartUtc,
  MSG,
  PURCHASE_MSG as MSG_PURCHASE,
  nextDayStartUtc,
  toDateOnly,
} from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Json = Record<string, unknown>;
interface Detail {
  status: number;
  statusLabel: string;
  call_id: number;
  aprovall_id: number | null;
  cotac_id: number | null;
  atendente_name: string | null;
  quoter_name: string | null;
  buyer_name: string | null;
  picker_name: string | null;
  aprovall_name: string | null;
  val: number | null;
  stages: { key: string; state: string }[];
  abilities: { transitions: string[]; cancel: boolean; selectQuote: boolean; editQuotes: boolean };
  history: { summary: string }[];
}

describe(`purchases (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // 1003 has not accepted the usage policy in the demo; these journeys need him as a member.
    const res = await t.as(DEMO.colaborador)({
      method: 'PUT',
      url: '/api/users/policy',
      payload: { userId: 3, policyAccepted: 1 },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const form = (fields: Json, files: { name: string; body: Buffer; type: string }[] = []) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
    for (const file of files) f.append('file', new Blob([file.body], { type: file.type }), file.name);
    return f;
  };
  const REQUEST = {
    typerequest: 'compra',
    descript: 'Cadeira ergonômica',
    qnt: 2,
    justify: 'Novo ativo',
    justifyDescript: 'Posto novo na expedição',
    estimaVal: '899.90',
    filial: 'Maua',
    priority: 2,
    link: 'https://loja.example/cadeira',
  };
  const open = (
    matricula: string,
    fields: Json = {},
    files: { name: string; body: Buffer; type: string }[] = [],
  ) =>
    t.as(matricula)({
      method: 'POST',
      url: '/api/purchases',
      payload: form({ ...REQUEST, ...fields }, files),
    });
  const newRequest = async (fields: Json = {}) => {
    const res = await open(DEMO.colaborador, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const fire = (matricula: string, id: number, action: string, from: number, extra: Json = {}) =>
    t.as(matricula)({
      method: 'POST',
      url: `/api/purchases/${id}/transition`,
      payload: { action, from, ...extra },
    });
  const detail = async (matricula: string, id: number) => {
    const res = await t.as(matricula)({ method: 'GET', url: `/api/purchases/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Detail>();
  };
  const quote = (
    matricula: string,
    id: number,
    fields: Json,
    files: { name: string; body: Buffer; type: string }[] = [],
  ) =>
    t.as(matricula)({
      method: 'POST',
      url: '/api/insertCotacao',
      payload: form(
        {
          ticket: id,
          fornecedor: 'Loja A',
          prazoEntrega: '2026-12-10',
          contato: 'https://a.example',
          canalType: 'Online',
          ...fields,
        },
        files,
      ),
    });
  const select = (matricula: string, id: number, cotac_id: number, reason?: string) =>
    t.as(matricula)({ method: 'POST', url: `/api/purchases/${id}/quote`, payload: { cotac_id, reason } });

  /** A request of 1003 brought to stage 3 with one quote of `valor`, selected. */
  const atManager = async (valor: string) => {
    const id = await newRequest();
    expect((await fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1)).statusCode).toBe(200);
    const q = await quote(DEMO.gestorCompras, id, { valor });
    expect(q.statusCode, q.body).toBe(200);
    expect((await fire(DEMO.gestorCompras, id, 'enviarAprovacao', 2)).statusCode).toBe(200);
    expect((await select(DEMO.gestorCompras, id, q.json<{ id: number }>().id)).statusCode).toBe(200);
    return id;
  };

  it('the demo has a request in every status, and one awaiting a materials list', async () => {
    const rows = await t.db
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
      const res = await t.as(DEMO.colaborador)({
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
      const before = await t.auditCount(await t.userId(DEMO.colaborador), 'purchase.open');
      const id = await newRequest({ estimaVal: '1234.56' });
      const row = await t.db
        .selectFrom('purchase_requests')
        .select('estima_val')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.estima_val)).toBe(123456);
      const d = await detail(DEMO.colaborador, id);
      expect(d).toMatchObject({ status: 0, estimaVal: 1234.56, filial: 'Maua', nome: 'João Pedro da Silva' });
      expect(d.abilities).toMatchObject({ cancel: true, transitions: [] });
      expect(await t.auditCount(await t.userId(DEMO.colaborador), 'purchase.open')).toBe(before + 1);
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
        await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/getQuote?ticket=${id}` })
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
      const pdf = await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/${quotes[0]?.file}` });
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

      const outboxBefore = t.outbox().length;
      expect((await fire(DEMO.gestorCompras, id, 'encaminhar', 3)).statusCode).toBe(200);
      const mails = t.outbox().slice(outboxBefore).join('\n');
      expect(mails).toContain('joao.silva@rotasul.com.br');
      expect(mails).toContain('roberto.nogueira@rotasul.com.br');

      // Only the director (or a level-1 user) decides at 4.
      expect((await fire(DEMO.gestorCompras, id, 'aprovarDiretor', 4)).statusCode).toBe(403);
      expect((await fire(DEMO.diretor, id, 'aprovarDiretor', 4)).statusCode).toBe(200);
      const approved = await detail(DEMO.colaborador, id);
      expect(approved).toMatchObject({ status: 5, aprovall_name: 'Roberto Almeida Nogueira', val: 750 });

      const buyer = await t.userId(DEMO.gestorCompras);
      const noBuyer = await fire(DEMO.gestorCompras, id, 'escolherComprador', 5, {
        buyer_id: String(await t.userId(DEMO.juridico)),
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
      if (status === 200) expect(d.aprovall_id).toBe(await t.userId(DEMO.gestorCompras));
    });

    it('in quote (buy-active flag on): no Aprovar even under R$ 500', async () => {
      const id = await atManager('100.00');
      const on = await t.as(DEMO.gestorCompras)({
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
      const denier = await t.userId(DEMO.gestorCompras);
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
      expect((await t.as(DEMO.gestorMultas)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode).toBe(
        404,
      );
      // A manager of the requester's sector (Operação: 1006) sees it.
      expect((await t.as(DEMO.diretor)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode).toBe(200);
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
        await t.db
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

  describe('quotes', () => {
    it('edit and delete at the quote stage only, by purchasing', async () => {
      const id = await newRequest();
      await fire(DEMO.gestorCompras, id, 'analisar', 0);
      await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1);
      const q = (await quote(DEMO.gestorCompras, id, { valor: '10.50' })).json<{ id: number }>().id;
      const upd = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/updateCotac',
        payload: form({
          quote_id: q,
          req_id: id,
          fornecedor: 'Loja B',
          valor: '11.00',
          contato: 'vendas@b.example',
          prazo: '2026-12-20',
          canalType: 'Online',
        }),
      });
      expect(upd.statusCode, upd.body).toBe(200);
      const byRequester = await t.as(DEMO.colaborador)({
        method: 'POST',
        url: '/api/dropCotac',
        payload: { quote_id: q },
      });
      expect(byRequester.statusCode).toBe(403);
      const list = (
        await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/getQuote?ticket=${id}` })
      ).json<{ fornecedor: string; valor: number }[]>();
      expect(list).toMatchObject([{ fornecedor: 'Loja B', valor: 11 }]);
      expect(
        (await t.as(DEMO.gestorCompras)({ method: 'POST', url: '/api/dropCotac', payload: { quote_id: q } }))
          .statusCode,
      ).toBe(200);
      // Without quotes, the quote stage does not move on.
      const next = await fire(DEMO.gestorCompras, id, 'enviarAprovacao', 2);
      expect(next.statusCode).toBe(400);
    });

    it('refuses a value that is not money', async () => {
      const id = await newRequest();
      await fire(DEMO.gestorCompras, id, 'analisar', 0);
      await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1);
      const res = await quote(DEMO.gestorCompras, id, { valor: '12,50' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.invalidCurrency });
    });
  });

  describe('comments', () => {
    it('keeps only allowed HTML and e-mails mentioned users who may see the request', async () => {
      const id = await newRequest();
      const before = t.outbox().length;
      const res = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: `/api/purchases/${id}/comments`,
        payload: {
          stage: 0,
          text: '<p>Veja <strong>isto</strong><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a></p>',
          listMention: [await t.userId(DEMO.colaborador), await t.userId(DEMO.juridico)],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (
        await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })
      ).json<{ text: string; listMention: number[]; userName: string }[]>();
      expect(list).toHaveLength(1);
      expect(list[0]?.text).toBe(
        '<p>Veja <strong>isto</strong> <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
      );
      expect(list[0]?.listMention).toEqual([await t.userId(DEMO.colaborador)]);
      const mails = t.outbox().slice(before).join('\n');
      expect(mails).toContain('joao.silva@rotasul.com.br');
      expect(mails).not.toContain('luiz.teixeira@rotasul.com.br');
    });

    it('a comment carries attachments checked by content and size; a refused one writes nothing', async () => {
      const id = await newRequest();
      const post = (fields: Json, files: { name: string; body: Buffer; type: string }[]) =>
        t.as(DEMO.gestorCompras)({
          method: 'POST',
          url: `/api/purchases/${id}/comments`,
          payload: form(fields, files),
        });
      const comments = async () =>
        (await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })).json<
          { text: string; attachments: { filepath: string; name: string }[]; listMention: number[] }[]
        >();

      const ok = await post(
        {
          stage: 0,
          text: '<p>Orçamento em anexo</p>',
          listMention: String(await t.userId(DEMO.colaborador)),
        },
        [{ name: 'orcamento.pdf', body: PDF, type: 'application/pdf' }],
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const [first] = await comments();
      expect(first?.listMention).toEqual([await t.userId(DEMO.colaborador)]);
      expect(first?.attachments).toHaveLength(1);
      expect(first?.attachments[0]?.name).toBe('orcamento.pdf');
      const file = await t.as(DEMO.colaborador)({
        method: 'GET',
        url: `/api/${first?.attachments[0]?.filepath}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Nobody who may not see the request gets the file.
      expect(
        (await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${first?.attachments[0]?.filepath}` }))
          .statusCode,
      ).toBe(404);
      // The comment's file is not one of the request's own files.
      const d = await t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/purchases/${id}` });
      expect(d.json<{ attachments: { name: string }[] }>().attachments.map((f) => f.name)).not.toContain(
        'orcamento.pdf',
      );

      // An executable named .pdf: refused by its bytes, and the comment is not written.
      const exe = await post({ stage: 0, text: '<p>Veja</p>' }, [
        { name: 'nota.pdf', body: Buffer.from('MZ\x90\x00binary'), type: 'application/pdf' },
      ]);
      expect(exe.statusCode).toBe(415);
      expect(exe.json()).toEqual({ error: MSG.ticketAttachmentType });
      const big = await post({ stage: 0, text: '<p>Grande</p>' }, [
        {
          name: 'grande.pdf',
          body: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
          type: 'application/pdf',
        },
      ]);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: MSG.ticketAttachmentTooLarge });
      const bad = await post({ stage: 0, text: '<p>x</p>', listMention: '1,abc' }, []);
      expect(bad.statusCode).toBe(400);
      expect(await comments()).toHaveLength(1);
    });

    it('who may not see the request may not read or write its comments', async () => {
      const id = await newRequest();
      expect(
        (await t.as(DEMO.juridico)({ method: 'GET', url: `/api/comment_request?request_id=${id}` }))
          .statusCode,
      ).toBe(404);
      const res = await t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/purchases/${id}/comments`,
        payload: { stage: 0, text: '<p>oi</p>', listMention: [] },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('pickup evidence (files with Registrar Retirada)', () => {
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const atStatus = async (status: number) => {
      const id = await newRequest();
      await t.db.updateTable('purchase_requests').set({ status }).where('id', '=', id).execute();
      return id;
    };
    const move = (
      matricula: string,
      id: number,
      fields: Json,
      files: { name: string; body: Buffer; type: string }[],
    ) =>
      t.as(matricula)({
        method: 'POST',
        url: `/api/purchases/${id}/transition`,
        payload: form(fields, files),
      });
    const comments = async (id: number) =>
      (await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })).json<
        { stage: number; text: string; attachments: { name: string; filepath: string }[] }[]
      >();

    it('the evidence is kept as a comment of stage 8, in the move; the file is served to who sees it', async () => {
      const id = await atStatus(8);
      const picker = await t.userId(DEMO.gestorCompras);
      const res = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await detail(DEMO.colaborador, id)).status).toBe(9);
      const [evidence, ...rest] = await comments(id);
      expect(rest).toHaveLength(0);
      expect(evidence).toMatchObject({
        stage: 8,
        text: '<p>Evidências da retirada (retirado por Patrícia Souza Ramos).</p>',
      });
      expect(evidence?.attachments.map((a) => a.name)).toEqual(['recibo.png']);
      const file = await t.as(DEMO.colaborador)({
        method: 'GET',
        url: `/api/${evidence?.attachments[0]?.filepath}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(
        (await t.as(DEMO.juridico)({ method: 'GET', url: `/api/${evidence?.attachments[0]?.filepath}` }))
          .statusCode,
      ).toBe(404);
    });

    it('files with any other move, a refused file or a refused move write nothing', async () => {
      const at7 = await atStatus(7);
      const other = await move(DEMO.gestorCompras, at7, { action: 'disponivel', from: 7 }, [
        { name: 'foto.png', body: PNG, type: 'image/png' },
      ]);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ error: MSG_PURCHASE.evidenceOnlyOnPickup });
      expect((await detail(DEMO.gestorCompras, at7)).status).toBe(7);

      const id = await atStatus(8);
      const picker = await t.userId(DEMO.gestorCompras);
      const exe = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: Buffer.from('MZ\x90\x00binary'), type: 'image/png' }],
      );
      expect(exe.statusCode).toBe(415);
      // A stale status: 409, and the evidence is not kept either.
      const stale = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 7, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(stale.statusCode).toBe(409);
      const hidden = await move(
        DEMO.juridico,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(hidden.statusCode).toBe(404);
      expect((await detail(DEMO.gestorCompras, id)).status).toBe(8);
      expect(await comments(id)).toEqual([]);
      const files = await t.db
        .selectFrom('purchase_files')
        .select('id')
        .where('request_id', '=', id)
        .execute();
      expect(files).toEqual([]);
    });
  });

  describe('materials list (statuses 20–23 of its call)', () => {
    it('Compras asks Infraestrutura; the list comes back; Aceitar at 21, only Recusar at 23', async () => {
      const id = await newRequest();
      const ask = (matricula: string) =>
        t.as(matricula)({
          method: 'POST',
          url: `/api/purchases/${id}/materials`,
          payload: { descript: 'Prateleiras' },
        });
      expect((await ask(DEMO.colaborador)).statusCode).toBe(403);
      expect((await ask(DEMO.gestorCompras)).statusCode).toBe(200);
      expect((await ask(DEMO.gestorCompras)).statusCode).toBe(403);
      let d = await detail(DEMO.gestorCompras, id);
      expect(d.statusLabel).toBe('Solicitação aberta - aguardando lista de materiais');
      expect(d.stages.every((s) => s.state === 'pending')).toBe(true);
      const callId = d.call_id;
      const listed = await t.as(DEMO.admin)({
        method: 'POST',
        url: `/api/calls/${callId}/materials`,
        payload: { items: [{ item_name: 'Parafuso', measure: 'unidades', qnt: 40 }] },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      d = await detail(DEMO.gestorCompras, id);
      expect(d.statusLabel).toBe('Solicitação aberta - lista recebida');
      const setCall = (status: number) =>
        t.as(DEMO.gestorCompras)({ method: 'PUT', url: '/api/setCall', payload: { id: callId, status } });
      expect((await setCall(23)).statusCode).toBe(200);
      expect((await detail(DEMO.gestorCompras, id)).statusLabel).toBe('Solicitação aberta');
      expect((await setCall(22)).statusCode).toBe(200);
      expect((await detail(DEMO.gestorCompras, id)).statusLabel).toBe(
        'Solicitação aberta - aguardando lista de materiais',
      );
    });
  });

  describe('cancel (dropRequest)', () => {
    it('the requester cancels at 0; not after; not someone else', async () => {
      const id = await newRequest();
      expect(
        (
          await t.as(DEMO.gestorCompras)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id } },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.as(DEMO.colaborador)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id } },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.as(DEMO.colaborador)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode).toBe(
        404,
      );
      const other = await newRequest();
      await fire(DEMO.gestorCompras, other, 'analisar', 0);
      expect(
        (
          await t.as(DEMO.colaborador)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id: other } },
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('lists', () => {
    it('received: Compras sees all; a colaborador gets 403; consultation lists only his own', async () => {
      const id = await newRequest({ descript: 'Ultrabook para faturamento' });
      const received = await t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: '/api/purchases?scope=received&q=ultrabook',
      });
      expect(received.statusCode).toBe(200);
      expect(received.json<{ rows: { id: number }[]; total: number }>()).toMatchObject({
        rows: [{ id }],
        total: 1,
      });
      expect(
        (await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/purchases?scope=received' })).statusCode,
      ).toBe(403);
      const mine = (
        await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/purchases?scope=mine&pageSize=200' })
      ).json<{ rows: { nome: string }[] }>();
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(mine.rows.every((r) => r.nome === 'João Pedro da Silva')).toBe(true);
      const other = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/purchases?scope=mine' });
      expect(
        other
          .json<{ rows: unknown[] }>()
          .rows.every((r) => (r as { nome: string }).nome === 'Luiz Fernando Teixeira'),
      ).toBe(true);
    });

    it('refuses a search longer than 35 characters', async () => {
      const res = await t.as(DEMO.gestorCompras)({
        method: 'GET',
        url: `/api/purchases?q=${'a'.repeat(36)}`,
      });
      expect(res.statusCode).toBe(400);
    });

    it('waiting=1 keeps what awaits the caller', async () => {
      const id = await atManager('800.00');
      await fire(DEMO.gestorCompras, id, 'encaminhar', 3);
      const dir = (
        await t.as(DEMO.diretor)({ method: 'GET', url: '/api/purchases?waiting=1&pageSize=200' })
      ).json<{ rows: { id: number; status: number }[] }>();
      expect(dir.rows.map((r) => r.id)).toContain(id);
      const compras = (
        await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases?waiting=1&pageSize=200' })
      ).json<{ rows: { id: number; status: number }[] }>();
      expect(compras.rows.every((r) => r.status === 3)).toBe(true);
      expect(compras.rows.map((r) => r.id)).not.toContain(id);
      // The home's count is the same list's size (below the cap).
      const count = (await t.as(DEMO.diretor)({ method: 'GET', url: '/api/purchases/waiting' })).json<{
        count: number;
        capped: boolean;
      }>();
      expect(count).toEqual({ count: dir.rows.length, capped: false });
      expect(
        (await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/waiting' })).json(),
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
        const res = await t.as(DEMO.gestorCompras)({
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
        const unknown = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases?setor=Marte' });
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
        const res = await t.as(DEMO.admin)({
          method: 'GET',
          url: `/api/purchases?sort=${sort}&dir=asc&pageSize=3`,
        });
        expect(res.statusCode, `${sort}: ${res.body}`).toBe(200);
      }
      const first = (
        await t.as(DEMO.admin)({ method: 'GET', url: '/api/purchases?sort=id&dir=asc&pageSize=2&cursor=' })
      ).json<{ rows: { id: number }[]; nextCursor: string }>();
      const second = (
        await t.as(DEMO.admin)({
          method: 'GET',
          url: `/api/purchases?sort=id&dir=asc&pageSize=2&cursor=${first.nextCursor}`,
        })
      ).json<{ rows: { id: number }[] }>();
      expect(second.rows[0]?.id).toBeGreaterThan(first.rows[1]?.id ?? 0);
    });

    it('solicitacoes.xlsx holds what the filters show', async () => {
      const id = await newRequest({ descript: 'Planilha teste xlsx' });
      const res = await t.as(DEMO.gestorCompras)({
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
      const res = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/users?q=1002' });
      expect(res.json()).toEqual([
        { id: await t.userId(DEMO.gestorCompras), nome: 'Patrícia Souza Ramos', matricula: '1002' },
      ]);
      const none = await t.as(DEMO.gestorCompras)({ method: 'GET', url: '/api/purchases/users?q=1003' });
      expect(none.json()).toEqual([]);
    });
  });
});
