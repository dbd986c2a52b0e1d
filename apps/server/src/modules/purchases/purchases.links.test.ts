import type { RecordLink } from '@intranet/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseRouteTests } from './purchases.fixture.ts';

type PurchaseLinks = { call_id: number | null; callLink: RecordLink | null; history: { summary: string }[] };
type CallLinks = { request_id: number | null; purchaseLink: RecordLink | null; descricao: string };

/**
 * A materials call and its purchase request link to each other only for who may open both (decision
 * 0121): each end's id and address come from the policy that opens the other (canSeeCall,
 * canSeePurchase); anyone else reads neither the link nor the number.
 */
describe(`purchase ↔ materials call links (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  let id: number;
  let callId: number;

  const purchase = async (matricula: string) => {
    const res = await h.t.as(matricula)({ method: 'GET', url: `/api/purchases/${id}` });
    return { status: res.statusCode, body: res.json<PurchaseLinks>() };
  };
  const call = async (matricula: string) => {
    const res = await h.t.as(matricula)({ method: 'GET', url: `/api/getSingleCall?id=${callId}` });
    return { status: res.statusCode, body: res.json<CallLinks>() };
  };

  beforeAll(async () => {
    id = await h.newRequest();
    const asked = await h.t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: `/api/purchases/${id}/materials`,
      payload: { descript: 'Prateleiras' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const row = await h.t.db
      .selectFrom('purchase_requests')
      .select('call_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    callId = row.call_id!;
    // 1004 also attends Infraestrutura: he opens the call and has no sight of the purchase.
    const infra = await h.t.db
      .selectFrom('sectors')
      .select('id')
      .where('role', '=', 'infra')
      .executeTakeFirstOrThrow();
    await h.t.db
      .insertInto('user_sectors')
      .values({ user_id: await h.t.userId(DEMO.suporteTi), sector_id: infra.id, is_main: 0 })
      .execute();
  });

  it('Compras (who asked for the list) reads both ends and each links to the other', async () => {
    const p = await purchase(DEMO.gestorCompras);
    expect(p.body.call_id).toBe(callId);
    expect(p.body.callLink).toEqual({
      id: callId,
      label: `Chamado #${callId}`,
      href: `/Calls?ticket=${callId}`,
    });
    const c = await call(DEMO.gestorCompras);
    expect(c.body.request_id).toBe(id);
    expect(c.body.purchaseLink).toEqual({
      id,
      label: `Solicitação de compra #${id}`,
      href: `/requestopened?ticket=${id}`,
    });
  });

  it('an administrator opens the call from the queue', async () => {
    expect((await purchase(DEMO.admin)).body.callLink?.href).toBe(`/ChamadosAbertos?ticket=${callId}`);
    expect((await call(DEMO.admin)).body.purchaseLink?.id).toBe(id);
  });

  it('the requester, who may not open the call, reads no link and no call number', async () => {
    expect((await call(DEMO.colaborador)).status).toBe(404);
    const p = await purchase(DEMO.colaborador);
    expect(p.status).toBe(200);
    expect(p.body.callLink).toBeNull();
    expect(p.body.call_id).toBeNull();
    expect(JSON.stringify(p.body)).not.toContain(`#${callId}`);
  });

  it("Infraestrutura's attendant, who may not open the purchase, reads no link and no request number", async () => {
    expect((await purchase(DEMO.suporteTi)).status).toBe(404);
    const c = await call(DEMO.suporteTi);
    expect(c.status).toBe(200);
    expect(c.body.purchaseLink).toBeNull();
    expect(c.body.request_id).toBeNull();
    expect(c.body.descricao).toContain('Prateleiras');
    expect(JSON.stringify(c.body)).not.toContain(`#${id}`);
  });

  it('a manager of the requester’s sector, not in the call’s queue, reads the purchase without the call', async () => {
    // 1006 manages Operação (1003's sector) and directs: the request is his to read, the call is not.
    expect((await call(DEMO.diretor)).status).toBe(404);
    const p = await purchase(DEMO.diretor);
    expect(p.status).toBe(200);
    expect(p.body.callLink).toBeNull();
    expect(p.body.call_id).toBeNull();
  });
});
