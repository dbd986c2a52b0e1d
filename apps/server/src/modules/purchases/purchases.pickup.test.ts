import { PURCHASE_MSG as MSG_PURCHASE } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseCallTests } from './purchases.fixture.ts';

/**
 * Issue 32: "Quem retirou" lists the requester first, then the users of Compras, and the server
 * records either (purchases.policy.ts#mayBeRecordedAsPicker); nobody else.
 */
describe(`purchases: who picked the items up (${TEST_DIALECT})`, () => {
  const h = purchaseCallTests();

  interface Candidate {
    id: number;
    nome: string;
    matricula: string;
    requester: boolean;
  }
  const candidates = (matricula: string, id: number, q?: string) =>
    h.t.as(matricula)({
      method: 'GET',
      url: `/api/purchases/${id}/pickers${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    });

  /** A request of 1003 brought by Compras to Disponível para Retirada (8). */
  const available = async () => {
    const staff = DEMO.gestorCompras;
    const { id, quotes } = await h.c.atManager(DEMO.colaborador, staff, ['100.00']);
    expect((await h.c.select(staff, id, quotes[0]!)).statusCode).toBe(200);
    expect((await h.c.fire(staff, id, 'aprovarGestor', 3)).statusCode).toBe(200);
    const buyer = String(await h.t.userId(staff));
    expect((await h.c.fire(staff, id, 'escolherComprador', 5, { buyer_id: buyer })).statusCode).toBe(200);
    expect((await h.c.fire(staff, id, 'compraRealizada', 6)).statusCode).toBe(200);
    expect((await h.c.fire(staff, id, 'disponivel', 7)).statusCode).toBe(200);
    return id;
  };

  it('lists the requester first, then Compras; the search narrows both; none found is an empty list', async () => {
    const id = await available();
    const requester = await h.t.userId(DEMO.colaborador);
    const all = await candidates(DEMO.gestorCompras, id);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json<Candidate[]>();
    expect(rows[0]).toEqual({
      id: requester,
      nome: 'João Pedro da Silva',
      matricula: '1003',
      requester: true,
    });
    expect(rows.slice(1).map((r) => r.requester)).not.toContain(true);
    expect(rows.map((r) => r.matricula)).toContain('1002');
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    const byName = (await candidates(DEMO.gestorCompras, id, 'joao')).json<Candidate[]>();
    expect(byName.map((r) => r.matricula)).toEqual(['1003']);
    const compras = (await candidates(DEMO.gestorCompras, id, '1002')).json<Candidate[]>();
    expect(compras.map((r) => [r.matricula, r.requester])).toEqual([['1002', false]]);
    expect((await candidates(DEMO.gestorCompras, id, 'ninguém')).json()).toEqual([]);
  });

  it('only who handles the received requests lists them; a request he may not see is 404', async () => {
    const id = await available();
    expect((await candidates(DEMO.colaborador, id)).statusCode).toBe(403);
    expect((await candidates(DEMO.juridico, id)).statusCode).toBe(403);
    expect((await candidates(DEMO.gestorCompras, 999_999)).statusCode).toBe(404);
  });

  it('records the requester as the one who picked his items up', async () => {
    const id = await available();
    const requester = await h.t.userId(DEMO.colaborador);
    const res = await h.c.fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, {
      picker_id: String(requester),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await h.c.row(id);
    expect([row.status, row.picker_id]).toEqual([9, requester]);
  });

  it('refuses anyone else, and an inactive user, with the rule in Portuguese', async () => {
    const id = await available();
    const stranger = await h.t.userId(DEMO.juridico);
    const res = await h.c.fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, {
      picker_id: String(stranger),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG_PURCHASE.pickerRequired });
    expect((await h.c.row(id)).status).toBe(8);

    const requester = await h.t.userId(DEMO.colaborador);
    await h.t.db.updateTable('users').set({ active: 0 }).where('id', '=', requester).execute();
    try {
      const inactive = await h.c.fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, {
        picker_id: String(requester),
      });
      expect(inactive.statusCode).toBe(400);
      expect((await candidates(DEMO.gestorCompras, id)).json<Candidate[]>().map((r) => r.id)).not.toContain(
        requester,
      );
    } finally {
      await h.t.db.updateTable('users').set({ active: 1 }).where('id', '=', requester).execute();
    }
    // A user of Compras is recorded as before.
    const compras = await h.t.userId(DEMO.gestorCompras);
    const ok = await h.c.fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, { picker_id: String(compras) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
