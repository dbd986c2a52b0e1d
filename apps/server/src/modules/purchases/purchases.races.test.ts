import { MANAGER_APPROVAL_MAX_CENTAVOS, PURCHASE_STATUS } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseCallTests } from './purchases.fixture.ts';

/**
 * What a workflow step checks and what it writes happen under one lock of the request: two requests
 * sent at once never leave a state that no order of the two could give. On PostgreSQL these are
 * real concurrent transactions (READ COMMITTED); on SQLite they run one after the other.
 */
const ROUNDS = 12;

describe(`purchases: steps sent at once (${TEST_DIALECT})`, () => {
  const h = purchaseCallTests();

  it('approving and selecting a quote above the limit: never approved above R$ 500,00', async () => {
    let approvedAbove = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { id, quotes } = await h.c.atManager(DEMO.colaborador, DEMO.gestorCompras, [
        '500.00',
        '90000.00',
      ]);
      expect((await h.c.select(DEMO.gestorCompras, id, quotes[0] as number)).statusCode).toBe(200);
      const [chosen, approved] = await Promise.all([
        h.c.select(DEMO.gestorCompras, id, quotes[1] as number),
        h.c.fire(DEMO.gestorCompras, id, 'aprovarGestor', PURCHASE_STATUS.aprovacaoGestor),
      ]);
      expect([200, 403, 409]).toContain(chosen.statusCode);
      expect([200, 400, 409]).toContain(approved.statusCode);
      const after = await h.c.row(id);
      if (after.status === PURCHASE_STATUS.aprovado) {
        const quote = await h.t.db
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
      const { id, quotes } = await h.c.atManager(DEMO.colaborador, DEMO.gestorCompras, ['120.00']);
      expect((await h.c.select(DEMO.gestorCompras, id, quotes[0] as number)).statusCode).toBe(200);
      const [toggled, approved] = await Promise.all([
        h.c.setInQuote(DEMO.gestorCompras, id, true),
        h.c.fire(DEMO.gestorCompras, id, 'aprovarGestor', PURCHASE_STATUS.aprovacaoGestor),
      ]);
      expect([200, 403, 409]).toContain(toggled.statusCode);
      expect([200, 400, 409]).toContain(approved.statusCode);
      const after = await h.c.row(id);
      if (after.status === PURCHASE_STATUS.aprovado && after.in_quote === 1) approvedInQuote++;
    }
    expect(approvedInQuote).toBe(0);
  });

  it('sending for approval and deleting the last quote: never at approval without a quote', async () => {
    let withoutQuote = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await h.c.newRequest(DEMO.colaborador);
      await h.c.fire(DEMO.gestorCompras, id, 'analisar', 0);
      await h.c.fire(DEMO.gestorCompras, id, 'pedirCotacao', 1);
      const quoteId = (await h.c.quote(DEMO.gestorCompras, id, '80.00')).json<{ id: number }>().id;
      await Promise.all([
        h.t.as(DEMO.gestorCompras)({ method: 'POST', url: '/api/dropCotac', payload: { quote_id: quoteId } }),
        h.c.fire(DEMO.gestorCompras, id, 'enviarAprovacao', PURCHASE_STATUS.aguardandoCotacao),
      ]);
      const after = await h.c.row(id);
      const left = await h.t.db
        .selectFrom('purchase_quotes')
        .select('id')
        .where('request_id', '=', id)
        .execute();
      if (after.status === PURCHASE_STATUS.aprovacaoGestor && left.length === 0) withoutQuote++;
    }
    expect(withoutQuote).toBe(0);
  });
});
