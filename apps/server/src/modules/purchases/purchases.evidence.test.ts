import { PURCHASE_MSG as MSG_PURCHASE } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { type Json, purchaseRouteTests } from './purchases.fixture.ts';

/** The pickup's evidence: files only with Registrar Retirada. */
describe(`purchases pickup evidence (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { form, newRequest, detail } = h;

  describe('pickup evidence (files with Registrar Retirada)', () => {
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const atStatus = async (status: number) => {
      const id = await newRequest();
      await h.t.db.updateTable('purchase_requests').set({ status }).where('id', '=', id).execute();
      return id;
    };
    const move = (
      matricula: string,
      id: number,
      fields: Json,
      files: { name: string; body: Buffer; type: string }[],
    ) =>
      h.t.as(matricula)({
        method: 'POST',
        url: `/api/purchases/${id}/transition`,
        payload: form(fields, files),
      });
    const comments = async (id: number) =>
      (await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })).json<
        { stage: number; text: string; attachments: { name: string; filepath: string }[] }[]
      >();

    it('the evidence is kept as a comment of stage 8, in the move; the file is served to who sees it', async () => {
      const id = await atStatus(8);
      const picker = await h.t.userId(DEMO.gestorCompras);
      const res = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await detail(DEMO.colaborador, id)).status).toBe(9);
      const [evidence, ...rest] = await comments(id);
      expect(rest).toHaveLength(0);
      expect(evidence).toMatchObject({
        stage: 8,
        text: '<p>Evidências da retirada (retirado por Patrícia Souza Ramos).</p>',
      });
      expect(evidence?.attachments.map((a) => a.name)).toEqual(['recibo.png']);
      const file = await h.t.as(DEMO.colaborador)({
        method: 'GET',
        url: `/api/${evidence?.attachments[0]?.filepath}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(
        (await h.t.as(DEMO.juridico)({ method: 'GET', url: `/api/${evidence?.attachments[0]?.filepath}` }))
          .statusCode,
      ).toBe(404);
    });

    it('files with any other move, a refused file or a refused move write nothing', async () => {
      const at7 = await atStatus(7);
      const other = await move(DEMO.gestorCompras, at7, { action: 'disponivel', from: 7 }, [
        { name: 'foto.png', body: PNG, type: 'image/png' },
      ]);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ error: MSG_PURCHASE.evidenceOnlyOnPickup });
      expect((await detail(DEMO.gestorCompras, at7)).status).toBe(7);

      const id = await atStatus(8);
      const picker = await h.t.userId(DEMO.gestorCompras);
      const exe = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: Buffer.from('MZ\x90\x00binary'), type: 'image/png' }],
      );
      expect(exe.statusCode).toBe(415);
      // A stale status: 409, and the evidence is not kept either.
      const stale = await move(
        DEMO.gestorCompras,
        id,
        { action: 'registrarRetirada', from: 7, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(stale.statusCode).toBe(409);
      const hidden = await move(
        DEMO.juridico,
        id,
        { action: 'registrarRetirada', from: 8, picker_id: picker },
        [{ name: 'recibo.png', body: PNG, type: 'image/png' }],
      );
      expect(hidden.statusCode).toBe(404);
      expect((await detail(DEMO.gestorCompras, id)).status).toBe(8);
      expect(await comments(id)).toEqual([]);
      const files = await h.t.db
        .selectFrom('purchase_files')
        .select('id')
        .where('request_id', '=', id)
        .execute();
      expect(files).toEqual([]);
    });
  });
});
