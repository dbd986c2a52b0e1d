import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseRouteTests } from './purchases.fixture.ts';

/** The materials list (statuses 20–23 of the request's call). */
describe(`purchases materials list (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { newRequest, detail } = h;

  describe('materials list (statuses 20–23 of its call)', () => {
    it('Compras asks Infraestrutura; the list comes back; Aceitar at 21, only Recusar at 23', async () => {
      const id = await newRequest();
      const ask = (matricula: string) =>
        h.t.as(matricula)({
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
      const listed = await h.t.as(DEMO.admin)({
        method: 'POST',
        url: `/api/calls/${callId}/materials`,
        payload: { items: [{ item_name: 'Parafuso', measure: 'unidades', qnt: 40 }] },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      d = await detail(DEMO.gestorCompras, id);
      expect(d.statusLabel).toBe('Solicitação aberta - lista recebida');
      const setCall = (status: number) =>
        h.t.as(DEMO.gestorCompras)({ method: 'PUT', url: '/api/setCall', payload: { id: callId, status } });
      expect((await setCall(23)).statusCode).toBe(200);
      expect((await detail(DEMO.gestorCompras, id)).statusLabel).toBe('Solicitação aberta');
      expect((await setCall(22)).statusCode).toBe(200);
      expect((await detail(DEMO.gestorCompras, id)).statusLabel).toBe(
        'Solicitação aberta - aguardando lista de materiais',
      );
    });
  });
});
