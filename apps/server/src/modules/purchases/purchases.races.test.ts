import { MANAGER_APPROVAL_MAX_CENTAVOS, PURCHASE_STATUS } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { purchaseCalls } from './purchases.fixture.ts';

/**
 * What a workflow step checks and what it writes happen under one lock of the request: two requests
 * sent at once never leave a state that no order of the two could give. On PostgreSQL these are
 * real concurrent transactions (READ COMMITTED); on SQLite they run one after the other.
 */
const ROUNDS = 12;

describe(`purchases: steps sent at once (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof purchaseCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = purchaseCalls(t);
    await c.acceptPolicy(DEMO.colaborador);
  });
  afterAll(() => t.close());

  it('approving and selecting a quote above the limit: never approved above R$ 500,00', async () => {
    let approvedAbove = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { id, quotes } = await c.atManager(DEMO.colaborador, DEMO.gestorCompras, ['500.00', '90000.00']);
      expect((await c.select(DEMO.gestorCompras, id, quotes[0] as number)).statusCode).toBe(200);
      const [chosen, approved] = await Promise.all([
        c.select(DEMO.gestorCompras, id, quotes[1] as number),
        c.fire(DEMO.gestorCompras, id, 'aprovarGestor', PURCHASE_STATUS.aprovacaoGestor),
      ]);
      expect([200, 403, 409]).toContain(chosen.statusCode);
      expect([200, 400, 409]).toContain(approved.statusCode);
      const after = await c.row(id);
      if (after.status === PURCHASE_STATUS.aprovado) {
        const quote = await t.db
          .selectFrom('purchase_quotes')
          .select('valor')
          .where('id', '=', after.cotac_id)
          .executeTakeFirstOrThrow();
        if (Number(quote.valor) > MANAGER_APPROVAL_MAX_CENTAVOS) approvedAbove++;
      }
    }
    expect(approvedAbove).toBe(0);
  });

  it('approving and putting in quote: never approved while in quote', async () => {
    let approvedInQuote = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { id, quotes } = await c.atManager(DEMO.colaborador, DEMO.gestorCompras, ['120.00']);
      expect((await c.select(DEMO.gestorCompras, id, quotes[0] as number)).statusCode).toBe(200);
      const [toggled, approved] = await Promise.all([
        c.setInQuote(DEMO.gestorCompras, id, true),
        c.fire(DEMO.gestorCompras, id, 'aprovarGestor', PURCHASE_STATUS.aprovacaoGestor),
      ]);
      expect([200, 403, 409]).toContain(toggled.statusCode);
      expect([200, 400, 409]).toContain(approved.statusCode);
      const after = await c.row(id);
      if (after.status === PURCHASE_STATUS.aprovado && after.in_quote === 1) approvedInQuote++;
    }
    expect(approvedInQuote).toBe(0);
  });

  it('sending for approval and deleting the last quote: never at approval without a quote', async () => {
    let withoutQuote = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await c.newRequest(DEMO.colaborador);
      await c.fire(DEMO.gestorCompras, id, 'analisar', 0);
      await c.fire(DEMO.gestorCompras, id, 'pedirCotacao', 1);
      const quoteId = (await c.quote(DEMO.gestorCompras, id, '80.00')).json<{ id: number }>().id;
      await Promise.all([
        t.as(DEMO.gestorCompras)({ method: 'POST', url: '/api/dropCotac', payload: { quote_id: quoteId } }),
        c.fire(DEMO.gestorCompras, id, 'enviarAprovacao', PURCHASE_STATUS.aguardandoCotacao),
      ]);
      const after = await c.row(id);
      const left = await t.db
        .selectFrom('purchase_quotes')
        .select('id')
        .where('request_id', '=', id)
        .execute();
      if (after.status === PURCHASE_STATUS.aprovacaoGestor && left.length === 0) withoutQuote++;
    }
    expect(withoutQuote).toBe(0);
  });
});
