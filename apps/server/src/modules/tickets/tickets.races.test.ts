import { CALL_STATUS, MSG } from '@intranet/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { TINY_PNG } from '../../../test/images.ts';
import { nowIso } from '../../db/database.ts';
import { insertCall } from './tickets.queries.ts';

/**
 * Issue 31: what a call's step checks (its status, who may act) and what it writes happen under one
 * lock of the call or one conditional update that includes everything checked. Two requests sent
 * at once never leave a state, or a history, that no order of the two could give. On PostgreSQL
 * these are real concurrent transactions (READ COMMITTED); on SQLite they run one after the other.
 */
const ROUNDS = 20;

type Json = Record<string, unknown>;

describe(`tickets: steps sent at once (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const REQUESTER = DEMO.juridico; // 1008, opens TI calls
  const SUPPORT = DEMO.suporteTi; // 1004, attends TI
  const PURCHASING = DEMO.gestorCompras; // 1002, support in Compras

  const setCall = (who: string, id: number, status: number) =>
    t.as(who)({ method: 'PUT', url: '/api/setCall', payload: { id, status } });
  const answer = (who: string, id: number, msg: string, withFile: boolean) => {
    if (!withFile) return t.as(who)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: { msg } });
    const form = new FormData();
    form.append('msg', msg);
    form.append('files', new Blob([TINY_PNG], { type: 'image/png' }), 'tela.png');
    return t.as(who)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: form });
  };
  const newCall = async () => {
    const res = await t.as(REQUESTER)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        problem: 'Computador',
        descript: 'Não liga.',
        dep: 'Tecnologia de Informacao',
        filial: 'Matriz',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  /** A materials call of a purchase, at `status`, as the purchases module opens them. */
  const materialsCall = (status: number) => {
    const now = nowIso();
    return insertCall(t.db, {
      problema: 'Materiais da compra',
      dep: 'Infraestrutura',
      descricao: 'Lista de materiais.',
      filial: 'Matriz',
      status,
      user_id: 1,
      nome_usuario: 'Admin',
      matricula_usuario: '1001',
      setores_usuario: null,
      suporte_id: null,
      nome_suporte: null,
      matricula_suporte: null,
      request_id: 1,
      created_at: now,
      updated_at: now,
    });
  };
  const row = (id: number) =>
    t.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The call's audit actions, in the order they were written. */
  const history = async (id: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'call')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
  const expectRefusal = (res: LightMyRequestResponse, messages: string[]) => {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(messages).toContain(res.json<{ error: string }>().error);
  };

  it('answering and finalising at once: no answer lands after Finalizar', async () => {
    let answeredAfterClosing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await newCall();
      expect((await setCall(SUPPORT, id, CALL_STATUS.emAtendimento)).statusCode).toBe(200);
      const withFile = round % 2 === 1;
      const [closed, answered] = await Promise.all([
        setCall(SUPPORT, id, CALL_STATUS.finalizado),
        answer(REQUESTER, id, `Mensagem ${round}`, withFile),
      ]);
      expect(closed.statusCode, closed.body).toBe(200);
      if (answered.statusCode !== 200) expectRefusal(answered, [MSG.ticketClosed]);
      const actions = await history(id);
      const closedAt = actions.indexOf('call.finalizar');
      if (actions.lastIndexOf('call.answer') > closedAt) answeredAfterClosing++;
      // The answer, its attachment and its audit row commit together or not at all.
      const answers = await t.db.selectFrom('call_answers').select('id').where('call_id', '=', id).execute();
      const files = await t.db
        .selectFrom('call_attachments')
        .select('id')
        .where('call_id', '=', id)
        .execute();
      const accepted = answered.statusCode === 200 ? 1 : 0;
      expect(answers.length).toBe(accepted);
      expect(files.length).toBe(withFile ? accepted : 0);
      expect(actions.filter((a) => a === 'call.answer').length).toBe(accepted);
    }
    expect(answeredAfterClosing).toBe(0);
  });

  it('two attendants taking a call at once: one takes it, with one audit row', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await newCall();
      const replies = await Promise.all([
        setCall(SUPPORT, id, CALL_STATUS.emAtendimento),
        setCall(DEMO.admin, id, CALL_STATUS.emAtendimento),
      ]);
      const won = replies.filter((r) => r.statusCode === 200);
      expect(won.length).toBe(1);
      for (const r of replies.filter((r) => r.statusCode !== 200))
        expectRefusal(r, [MSG.ticketStatusConflict, MSG.ticketTransitionInvalid]);
      const after = await row(id);
      const winner = replies[0]?.statusCode === 200 ? SUPPORT : DEMO.admin;
      expect(after.matricula_suporte).toBe(winner);
      expect(after.status).toBe(CALL_STATUS.emAtendimento);
      expect((await history(id)).filter((a) => a === 'call.atender')).toHaveLength(1);
    }
  });

  it('accepting and refusing a materials list at once: the status one order of the two gives', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await materialsCall(CALL_STATUS.materiaisEnviados);
      const [accepted, refused] = await Promise.all([
        setCall(PURCHASING, id, CALL_STATUS.materiaisRecebidos),
        setCall(DEMO.admin, id, CALL_STATUS.materiaisRecusados),
      ]);
      for (const r of [accepted, refused])
        if (r.statusCode !== 200) expectRefusal(r, [MSG.ticketStatusConflict, MSG.ticketTransitionInvalid]);
      const actions = (await history(id)).filter((a) => a.endsWith('Materiais'));
      const { status } = await row(id);
      // Aceitar then Recusar (23 → 22) is a history; Recusar then Aceitar is not (22 has no Aceitar).
      if (accepted.statusCode === 200 && refused.statusCode === 200) {
        expect(actions).toEqual(['call.aceitarMateriais', 'call.recusarMateriais']);
        expect(status).toBe(CALL_STATUS.materiaisRecusados);
      } else if (accepted.statusCode === 200) {
        expect(actions).toEqual(['call.aceitarMateriais']);
        expect(status).toBe(CALL_STATUS.materiaisRecebidos);
      } else {
        expect(refused.statusCode).toBe(200);
        expect(actions).toEqual(['call.recusarMateriais']);
        expect(status).toBe(CALL_STATUS.materiaisRecusados);
      }
    }
  });

  it('two materials lists sent at once: one list is kept, with one audit row', async () => {
    const list = (name: string): Json => ({ items: [{ item_name: name, measure: 'unidades', qnt: 2 }] });
    for (let round = 0; round < ROUNDS; round++) {
      const id = await materialsCall(CALL_STATUS.materiaisPendentes);
      const replies = await Promise.all(
        ['Lista A', 'Lista B'].map((name) =>
          t.as(DEMO.admin)({ method: 'POST', url: `/api/calls/${id}/materials`, payload: list(name) }),
        ),
      );
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of replies.filter((r) => r.statusCode !== 200))
        expectRefusal(r, [MSG.ticketStatusConflict, MSG.ticketTransitionInvalid]);
      const items = await t.db
        .selectFrom('call_materials')
        .select('item_name')
        .where('chamado_id', '=', id)
        .execute();
      expect(items).toHaveLength(1);
      expect(items[0]?.item_name).toBe(replies[0]?.statusCode === 200 ? 'Lista A' : 'Lista B');
      expect((await row(id)).status).toBe(CALL_STATUS.materiaisEnviados);
      expect((await history(id)).filter((a) => a === 'call.materials')).toHaveLength(1);
    }
  });
});
