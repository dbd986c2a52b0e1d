import { MSG, PENDENCIAS_MSG, type PendenciaItem } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { purchaseCallTests } from '../purchases/purchases.fixture.ts';

/**
 * Minhas pendências through the routes: a request entering and leaving the queues of the people of
 * each stage, the lines' words and addresses, an invitation seen, and who is refused what.
 */
describe(`Minhas pendências (${TEST_DIALECT})`, () => {
  const h = purchaseCallTests();

  const list = async (matricula: string) => {
    const res = await h.t.as(matricula)({ method: 'GET', url: '/api/pendencias?pageSize=200' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rows: PendenciaItem[]; total?: number }>().rows;
  };
  const lineOf = async (matricula: string, kind: string, id: number) =>
    (await list(matricula)).find((l) => l.kind === kind && l.id === id);

  it('a new request waits for Compras, moves to the manager and the director, and leaves each queue', async () => {
    const id = await h.c.newRequest(DEMO.colaborador, { descript: 'Pneus da empilhadeira' });
    const waiting = await lineOf(DEMO.gestorCompras, 'purchase', id);
    expect(waiting).toMatchObject({
      title: `Solicitação de compra ${id} · Pneus da empilhadeira`,
      action: 'Analisar a solicitação',
      href: `/requestopened?ticket=${id}`,
    });
    expect(Number.isNaN(Date.parse(waiting!.since))).toBe(false);
    // Not the requester's (a Colaborador), not TI's, not HR's.
    for (const other of [DEMO.colaborador, DEMO.suporteTi, DEMO.analistaRh])
      expect(await lineOf(other, 'purchase', id)).toBeUndefined();

    expect((await h.c.fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await lineOf(DEMO.gestorCompras, 'purchase', id))?.action).toBe('Pedir cotação');
    expect((await h.c.fire(DEMO.gestorCompras, id, 'pedirCotacao', 1)).statusCode).toBe(200);
    const quote = await h.c.quote(DEMO.gestorCompras, id, '900.00');
    expect(quote.statusCode, quote.body).toBe(200);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'enviarAprovacao', 2)).statusCode).toBe(200);
    expect((await lineOf(DEMO.gestorCompras, 'purchase', id))?.action).toBe(
      'Aprovar ou encaminhar ao diretor',
    );
    // The managers of the requester's sector (Operação: 1006) approve too; another sector's do not.
    expect((await lineOf(DEMO.diretor, 'purchase', id))?.action).toBe('Aprovar ou encaminhar ao diretor');
    expect(await lineOf(DEMO.gestorMultas, 'purchase', id)).toBeUndefined();
    expect((await h.c.select(DEMO.gestorCompras, id, quote.json<{ id: number }>().id)).statusCode).toBe(200);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'encaminhar', 3)).statusCode).toBe(200);
    expect(await lineOf(DEMO.gestorCompras, 'purchase', id)).toBeUndefined();
    expect((await lineOf(DEMO.diretor, 'purchase', id))?.action).toBe('Aprovar ou negar');
  });

  it('a call waits for its department until taken; an answer waits for its requester until he replies', async () => {
    const open = await h.t.as(DEMO.colaborador)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        dep: 'Tecnologia de Informacao',
        problem: 'Impressora',
        descript: 'Não imprime.',
        filial: 'Matriz',
      },
    });
    expect(open.statusCode, open.body).toBe(200);
    const id = open.json<{ id: number }>().id;
    expect(await lineOf(DEMO.suporteTi, 'ticket', id)).toMatchObject({
      action: 'Atender o chamado',
      href: `/ChamadosAbertos?ticket=${id}`,
    });
    expect(await lineOf(DEMO.analistaRh, 'ticket', id)).toBeUndefined();
    const take = await h.t.as(DEMO.suporteTi)({
      method: 'PUT',
      url: '/api/setCall',
      payload: { id, status: 1 },
    });
    expect(take.statusCode, take.body).toBe(200);
    expect(await lineOf(DEMO.suporteTi, 'ticket', id)).toBeUndefined();
    const answer = (matricula: string, msg: string) =>
      h.t.as(matricula)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: { msg } });
    expect((await answer(DEMO.suporteTi, 'Qual impressora?')).statusCode).toBe(200);
    expect(await lineOf(DEMO.colaborador, 'ticket', id)).toMatchObject({
      action: 'Ler e responder a mensagem',
      href: `/Calls?ticket=${id}`,
    });
    expect((await answer(DEMO.colaborador, 'A do segundo andar.')).statusCode).toBe(200);
    expect(await lineOf(DEMO.colaborador, 'ticket', id)).toBeUndefined();
  });

  it('an invitation waits until the person invited sees it; nobody else may mark it', async () => {
    const created = await h.t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/event',
      payload: { title: 'Inventário do estoque', date: '2031-05-20', hoursOf: '09:00', hoursTo: '10:00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = await h.t.db
      .selectFrom('calendar_events')
      .select('id')
      .where('title', '=', 'Inventário do estoque')
      .executeTakeFirstOrThrow();
    const invite = await h.t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: `/api/event/${event.id}/invitations`,
      payload: { userId: await h.t.userId(DEMO.juridico) },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(await lineOf(DEMO.juridico, 'event', event.id)).toMatchObject({
      title: 'Inventário do estoque · 20/05/2031',
      action: 'Ver o convite',
      href: `/agendevents?evento=${event.id}&data=2031-05-20`,
    });
    const count = async () =>
      (await h.t.as(DEMO.juridico)({ method: 'GET', url: '/api/pendencias/count' })).json<{ count: number }>()
        .count;
    const before = await count();

    const stranger = await h.t.as(DEMO.suporteTi)({
      method: 'POST',
      url: `/api/pendencias/convites/${event.id}/visto`,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: PENDENCIAS_MSG.invitationNotFound });
    const seen = await h.t.as(DEMO.juridico)({
      method: 'POST',
      url: `/api/pendencias/convites/${event.id}/visto`,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ success: true, message: PENDENCIAS_MSG.invitationSeen });
    expect(await lineOf(DEMO.juridico, 'event', event.id)).toBeUndefined();
    expect(await count()).toBe(before - 1);
    expect(await h.t.auditCount(await h.t.userId(DEMO.juridico), 'event.invitation.seen')).toBe(1);
  });

  it('refuses: no session 401, the usage policy not accepted 403, bad input 400, an unknown invitation 404', async () => {
    expect((await h.t.app.inject({ method: 'GET', url: '/api/pendencias' })).statusCode).toBe(401);
    const fresh = await buildTestApp();
    try {
      const gate = await fresh.as(DEMO.colaborador)({ method: 'GET', url: '/api/pendencias/count' });
      expect(gate.statusCode).toBe(403);
      expect(gate.json()).toEqual({ error: MSG.policyRequired });
    } finally {
      await fresh.close();
    }
    for (const url of [
      '/api/pendencias?pageSize=0',
      '/api/pendencias?page=abc',
      '/api/pendencias?cursor=naoeumcursor',
    ]) {
      const res = await h.t.as(DEMO.juridico)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    const unknown = await h.t.as(DEMO.juridico)({
      method: 'POST',
      url: '/api/pendencias/convites/999999/visto',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
