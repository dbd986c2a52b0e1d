import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { backfillDeniedFrom } from '../../db/migrations/0033_purchase_denied_from.ts';
import { purchaseCallTests } from './purchases.fixture.ts';

/**
 * Issue 32: a denied request's timeline marks the stage it was denied at (denied_from), not a
 * position read from the denier's user id.
 */
describe(`purchases: the denied mark is the stage of the denial (${TEST_DIALECT})`, () => {
  const h = purchaseCallTests();

  interface Detail {
    status: number;
    aprovall_id: number | null;
    aprovall_name: string | null;
    stages: { key: string; label: string; state: string }[];
  }
  const detail = async (matricula: string, id: number) => {
    const res = await h.t.as(matricula)({ method: 'GET', url: `/api/purchases/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Detail>();
  };
  const states = (d: Detail) => d.stages.map((s) => s.state);

  it('denied at Em análise by user 2: the opening done, Em análise denied, nothing after it', async () => {
    const id = await h.c.newRequest(DEMO.colaborador);
    expect(await h.t.userId(DEMO.gestorCompras)).toBe(2);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'negarAnalise', 1)).statusCode).toBe(200);
    const d = await detail(DEMO.colaborador, id);
    expect(d).toMatchObject({ status: 10, aprovall_id: 2, aprovall_name: 'Patrícia Souza Ramos' });
    expect(states(d)).toEqual(['done', 'denied', ...Array(8).fill('pending')]);
    expect(d.stages[1]?.label).toBe('Em análise');
    expect((await h.c.row(id)).denied_from).toBe(1);
  });

  it('denied by the manager: stages 0–2 done, Aguardando aprovação Gestor denied', async () => {
    const { id } = await h.c.atManager(DEMO.colaborador, DEMO.gestorCompras, ['900.00']);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'negarGestor', 3)).statusCode).toBe(200);
    const d = await detail(DEMO.colaborador, id);
    expect(states(d)).toEqual(['done', 'done', 'done', 'denied', ...Array(6).fill('pending')]);
  });

  it('denied by the director: stages 0–3 done, Aguardando aprovação Diretor denied', async () => {
    const { id, quotes } = await h.c.atManager(DEMO.colaborador, DEMO.gestorCompras, ['900.00']);
    expect((await h.c.select(DEMO.gestorCompras, id, quotes[0]!)).statusCode).toBe(200);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'encaminhar', 3)).statusCode).toBe(200);
    expect((await h.c.fire(DEMO.diretor, id, 'negarDiretor', 4)).statusCode).toBe(200);
    const d = await detail(DEMO.colaborador, id);
    expect(d.aprovall_id).toBe(await h.t.userId(DEMO.diretor));
    expect(d.stages.find((s) => s.state === 'denied')?.label).toBe('Aguardando aprovação Diretor');
    expect(states(d).slice(0, 4)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('a request denied before the stage was kept takes it from its denial in the audit log', async () => {
    const id = await h.c.newRequest(DEMO.colaborador);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await h.c.fire(DEMO.gestorCompras, id, 'negarAnalise', 1)).statusCode).toBe(200);
    const unknown = await h.c.newRequest(DEMO.colaborador);
    // As migration 0033 found them: denied, no stage kept; the second with no denial in the log.
    await h.t.db
      .updateTable('purchase_requests')
      .set({ status: 10, denied_from: null })
      .where('id', 'in', [id, unknown])
      .execute();
    await backfillDeniedFrom(h.t.db);
    expect((await h.c.row(id)).denied_from).toBe(1);
    expect((await h.c.row(unknown)).denied_from).toBeNull();
    // Not known: the decision's result is marked, never a stage it did not reach.
    expect((await detail(DEMO.colaborador, unknown)).stages.find((s) => s.state === 'denied')?.key).toBe(
      'resultApproval',
    );
  });
});
