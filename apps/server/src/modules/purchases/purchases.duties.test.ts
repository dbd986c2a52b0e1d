import { PURCHASE_MSG as MSG_PURCHASE, PURCHASE_STATUS } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { purchaseCalls } from './purchases.fixture.ts';

/** Segregation of duties (purchases.policy.ts#ownRequestRefusal) through the real routes. */
describe(`purchases: nobody acts on his own request (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof purchaseCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = purchaseCalls(t);
  });
  afterAll(() => t.close());

  interface Detail {
    status: number;
    abilities: { transitions: string[]; editQuotes: boolean; ownRequestNote: string | null };
  }
  const detail = async (matricula: string, id: number) => {
    const res = await t.as(matricula)({ method: 'GET', url: `/api/purchases/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Detail>();
  };
  const waiting = async (matricula: string) =>
    (await t.as(matricula)({ method: 'GET', url: '/api/purchases/waiting' })).json<{ count: number }>().count;

  it('Compras’ manager cannot take her own request a step; an administrator can, to the end', async () => {
    const id = await c.newRequest(DEMO.gestorCompras);
    expect((await detail(DEMO.gestorCompras, id)).abilities).toMatchObject({
      transitions: [],
      ownRequestNote: MSG_PURCHASE.ownRequestStaff,
    });
    const own = await c.fire(DEMO.gestorCompras, id, 'analisar', 0);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: MSG_PURCHASE.ownRequest });
    expect((await c.row(id)).status).toBe(PURCHASE_STATUS.aberta);

    expect((await c.fire(DEMO.admin, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await c.fire(DEMO.admin, id, 'pedirCotacao', 1)).statusCode).toBe(200);
    const quote = await c.quote(DEMO.gestorCompras, id, '100.00');
    expect(quote.statusCode).toBe(403);
    expect(quote.json()).toEqual({ error: MSG_PURCHASE.ownRequest });
    const q = (await c.quote(DEMO.admin, id, '100.00')).json<{ id: number }>().id;
    expect((await c.fire(DEMO.admin, id, 'enviarAprovacao', 2)).statusCode).toBe(200);

    // At the manager's stage: not in her "aguardando", no selection, no approval; the note says who.
    const before = await waiting(DEMO.gestorCompras);
    expect((await detail(DEMO.gestorCompras, id)).abilities.ownRequestNote).toBe(
      MSG_PURCHASE.ownRequestManager,
    );
    expect((await c.select(DEMO.gestorCompras, id, q)).json()).toEqual({ error: MSG_PURCHASE.ownRequest });
    expect((await c.setInQuote(DEMO.gestorCompras, id, true)).statusCode).toBe(403);
    expect((await c.select(DEMO.admin, id, q)).statusCode).toBe(200);
    const approve = await c.fire(DEMO.gestorCompras, id, 'aprovarGestor', 3);
    expect(approve.statusCode).toBe(403);
    expect(await waiting(DEMO.gestorCompras)).toBe(before);
    const list = await t.as(DEMO.gestorCompras)({
      method: 'GET',
      url: '/api/purchases?scope=received&waiting=1&pageSize=100',
    });
    expect(list.json<{ rows: { id: number }[] }>().rows.map((r) => r.id)).not.toContain(id);

    expect((await c.fire(DEMO.admin, id, 'aprovarGestor', 3)).statusCode).toBe(200);
    const buyer = await c.fire(DEMO.gestorCompras, id, 'escolherComprador', 5, {
      buyer_id: await t.userId(DEMO.gestorCompras),
    });
    expect(buyer.statusCode).toBe(403);
    expect(
      (
        await c.fire(DEMO.admin, id, 'escolherComprador', 5, {
          buyer_id: await t.userId(DEMO.gestorCompras),
        })
      ).statusCode,
    ).toBe(200);
    expect((await c.fire(DEMO.gestorCompras, id, 'compraRealizada', 6)).statusCode).toBe(403);
    expect((await c.fire(DEMO.admin, id, 'compraRealizada', 6)).statusCode).toBe(200);
    expect((await c.fire(DEMO.admin, id, 'disponivel', 7)).statusCode).toBe(200);
    // She may still record that she picked her own items up.
    const pickup = await c.fire(DEMO.gestorCompras, id, 'registrarRetirada', 8, {
      picker_id: await t.userId(DEMO.gestorCompras),
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect((await c.row(id)).status).toBe(PURCHASE_STATUS.finalizada);
  });

  it('a manager who is also the director neither forwards nor approves his own request', async () => {
    const { id, quotes } = await c.atManager(DEMO.diretor, DEMO.gestorCompras, ['9000.00']);
    expect((await c.select(DEMO.diretor, id, quotes[0] as number)).statusCode).toBe(403);
    expect((await c.select(DEMO.gestorCompras, id, quotes[0] as number)).statusCode).toBe(200);
    expect((await c.fire(DEMO.diretor, id, 'encaminhar', 3)).json()).toEqual({
      error: MSG_PURCHASE.ownRequest,
    });
    expect((await c.fire(DEMO.gestorCompras, id, 'encaminhar', 3)).statusCode).toBe(200);
    expect((await detail(DEMO.diretor, id)).abilities.ownRequestNote).toBe(MSG_PURCHASE.ownRequestDirector);
    expect((await c.fire(DEMO.diretor, id, 'aprovarDiretor', 4)).statusCode).toBe(403);
    expect((await c.row(id)).status).toBe(PURCHASE_STATUS.aprovacaoDiretor);
    // The level above: an administrator decides as director.
    expect((await detail(DEMO.admin, id)).abilities.transitions).toEqual(['aprovarDiretor', 'negarDiretor']);
    expect((await c.fire(DEMO.admin, id, 'aprovarDiretor', 4)).statusCode).toBe(200);
  });
});
