import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseRouteTests } from './purchases.fixture.ts';

/** Quotes of a request through their routes. */
describe(`purchases quotes (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { form, newRequest, fire, quote } = h;

  describe('quotes', () => {
    it('edit and delete at the quote stage only, by purchasing', async () => {
      const id = await newRequest();
      await fire(DEMO.gestorCompras, id, 'analisar', 0);
      await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1);
      const q = (await quote(DEMO.gestorCompras, id, { valor: '10.50' })).json<{ id: number }>().id;
      const upd = await h.t.as(DEMO.gestorCompras)({
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
      const byRequester = await h.t.as(DEMO.colaborador)({
        method: 'POST',
        url: '/api/dropCotac',
        payload: { quote_id: q },
      });
      expect(byRequester.statusCode).toBe(403);
      const list = (
        await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/getQuote?ticket=${id}` })
      ).json<{ fornecedor: string; valor: number }[]>();
      expect(list).toMatchObject([{ fornecedor: 'Loja B', valor: 11 }]);
      expect(
        (
          await h.t.as(DEMO.gestorCompras)({
            method: 'POST',
            url: '/api/dropCotac',
            payload: { quote_id: q },
          })
        ).statusCode,
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
});
