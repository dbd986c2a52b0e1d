import { MSG } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { type Json, PDF, purchaseRouteTests } from './purchases.fixture.ts';

/** Stage comments with mentions and files. */
describe(`purchases comments (${TEST_DIALECT})`, () => {
  const h = purchaseRouteTests();
  const { form, newRequest } = h;

  describe('comments', () => {
    it('keeps only allowed HTML and e-mails mentioned users who may see the request', async () => {
      const id = await newRequest();
      const before = h.t.outbox().length;
      const res = await h.t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: `/api/purchases/${id}/comments`,
        payload: {
          stage: 0,
          text: '<p>Veja <strong>isto</strong><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a></p>',
          listMention: [await h.t.userId(DEMO.colaborador), await h.t.userId(DEMO.juridico)],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (
        await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })
      ).json<{ text: string; listMention: number[]; userName: string }[]>();
      expect(list).toHaveLength(1);
      expect(list[0]?.text).toBe(
        '<p>Veja <strong>isto</strong> <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
      );
      expect(list[0]?.listMention).toEqual([await h.t.userId(DEMO.colaborador)]);
      const mails = h.t.outbox().slice(before).join('\n');
      expect(mails).toContain('joao.silva@rotasul.com.br');
      expect(mails).not.toContain('luiz.teixeira@rotasul.com.br');
    });

    it('a comment carries attachments checked by content and size; a refused one writes nothing', async () => {
      const id = await newRequest();
      const post = (fields: Json, files: { name: string; body: Buffer; type: string }[]) =>
        h.t.as(DEMO.gestorCompras)({
          method: 'POST',
          url: `/api/purchases/${id}/comments`,
          payload: form(fields, files),
        });
      const comments = async () =>
        (
          await h.t.as(DEMO.colaborador)({ method: 'GET', url: `/api/comment_request?request_id=${id}` })
        ).json<
          { text: string; attachments: { filepath: string; name: string }[]; listMention: number[] }[]
        >();

      const ok = await post(
        {
          stage: 0,
          text: '<p>Orçamento em anexo</p>',
          listMention: String(await h.t.userId(DEMO.colaborador)),
        },
        [{ name: 'orcamento.pdf', body: PDF, type: 'application/pdf' }],
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const [first] = await comments();
      expect(first?.listMention).toEqual([await h.t.userId(DEMO.colaborador)]);
      expect(first?.attachments).toHaveLength(1);
      expect(first?.attachments[0]?.name).toBe('orcamento.pdf');
      const file = await h.t.as(DEMO.colaborador)({
        method: 'GET',
        url: `/api/${first?.attachments[0]?.filepath}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Nobody who may not see the request gets the file.
      expect(
        (await h.t.as(DEMO.juridico)({ method: 'GET', url: `/api/${first?.attachments[0]?.filepath}` }))
          .statusCode,
      ).toBe(404);
      // The comment's file is not one of the request's own files.
      const d = await h.t.as(DEMO.gestorCompras)({ method: 'GET', url: `/api/purchases/${id}` });
      expect(d.json<{ attachments: { name: string }[] }>().attachments.map((f) => f.name)).not.toContain(
        'orcamento.pdf',
      );

      // An executable named .pdf: refused by its bytes, and the comment is not written.
      const exe = await post({ stage: 0, text: '<p>Veja</p>' }, [
        { name: 'nota.pdf', body: Buffer.from('MZ\x90\x00binary'), type: 'application/pdf' },
      ]);
      expect(exe.statusCode).toBe(415);
      expect(exe.json()).toEqual({ error: MSG.ticketAttachmentType });
      const big = await post({ stage: 0, text: '<p>Grande</p>' }, [
        {
          name: 'grande.pdf',
          body: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
          type: 'application/pdf',
        },
      ]);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: MSG.ticketAttachmentTooLarge });
      const bad = await post({ stage: 0, text: '<p>x</p>', listMention: '1,abc' }, []);
      expect(bad.statusCode).toBe(400);
      expect(await comments()).toHaveLength(1);
    });

    it('who may not see the request may not read or write its comments', async () => {
      const id = await newRequest();
      expect(
        (await h.t.as(DEMO.juridico)({ method: 'GET', url: `/api/comment_request?request_id=${id}` }))
          .statusCode,
      ).toBe(404);
      const res = await h.t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/purchases/${id}/comments`,
        payload: { stage: 0, text: '<p>oi</p>', listMention: [] },
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
