import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseRouteTests } from './purchases.fixture.ts';

/** Cancelling a request (dropRequest). */
describe(`purchases cancel (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { newRequest, fire } = h;

  describe('cancel (dropRequest)', () => {
    it('the requester cancels at 0; not after; not someone else', async () => {
      const id = await newRequest();
      expect(
        (
          await h.t.as(DEMO.gestorCompras)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id } },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await h.t.as(DEMO.colaborador)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id } },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/purchases/${id}` })).statusCode,
      ).toBe(404);
      const other = await newRequest();
      await fire(DEMO.gestorCompras, other, 'analisar', 0);
      expect(
        (
          await h.t.as(DEMO.colaborador)({
            method: 'POST',
            url: '/api/dropRequest',
            payload: { params: { id: other } },
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
