import {
  canEditQuotes,
  formatBRL,
  fromCentavos,
  PURCHASE_MSG as MSG_PURCHASE,
  type PurchaseActor,
  type purchasesCalls,
  type Quote,
  type QuoteChannel,
  type QuoteRowValues,
  quoteAttachmentMissing,
  type SessionUser,
  toCentavos,
} from '@intranet/contracts';
import { nowIso } from '../../db/database.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import * as q from './purchases.queries.ts';
import {
  actorOf,
  changeRequest,
  filePath,
  fileRow,
  loadVisible,
  refuseOwn,
  stillAllowed,
  withFiles,
} from './purchases.service.ts';

type QuoteFile = { original_name: string; mime: string };

function toQuote(
  x: q.QuoteRecord,
  requestId: number,
  cotacId: number | null,
  all: q.QuoteRecord[],
  files: ReadonlyMap<number, QuoteFile>,
): Quote {
  const cheapest = Math.min(...all.map((a) => a.valor));
  const fastest = all.map((a) => a.prazo).sort()[0];
  const file = x.file_id ? filePath(requestId, x.file_id) : null;
  const stored = x.file_id ? files.get(x.file_id) : undefined;
  return {
    id: x.id,
    quote_id: x.id,
    request_id: requestId,
    req_id: requestId,
    ticket: requestId,
    fornecedor: x.fornecedor,
    prazo: x.prazo,
    prazoEntrega: x.prazo,
    valor: fromCentavos(x.valor),
    contato: x.contato,
    canalType: x.canal_type as QuoteChannel,
    anexo: file,
    file,
    fileName: stored?.original_name ?? null,
    fileMime: stored?.mime ?? null,
    selected: x.id === cotacId,
    cheapest: x.valor === cheapest,
    fastest: x.prazo === fastest,
  };
}

export async function getQuotes(ctx: AppContext, user: SessionUser, id: number): Promise<Quote[]> {
  const { record, quotes } = await loadVisible(ctx, await actorOf(ctx, user), id);
  // The request's files only when a quote has one (most quotes are Online, without).
  const stored = quotes.some((x) => x.file_id) ? await q.listFiles(ctx.db, id) : [];
  const files = new Map(stored.map((f) => [f.id, f]));
  return quotes.map((x) => toQuote(x, id, record.cotac_id, quotes, files));
}

/** A quote's stored columns from the form (insert and edit write the same ones). */
const quoteColumns = (input: QuoteRowValues, fileId: number | null) => ({
  fornecedor: input.fornecedor,
  prazo: input.prazo,
  valor: toCentavos(input.valor),
  contato: input.contato,
  canal_type: input.canalType,
  file_id: fileId,
});

/** The caller, if he may edit the request's quotes now (checked before a quote's file is read). */
export async function quoteEditor(ctx: AppContext, user: SessionUser, id: number): Promise<PurchaseActor> {
  const actor = await actorOf(ctx, user);
  const { facts } = await loadVisible(ctx, actor, id);
  refuseOwn(actor, facts, 'editQuotes');
  authorize(canEditQuotes(actor, facts));
  return actor;
}

export async function insertQuote(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof purchasesCalls.insertCotacao.multipart>,
): Promise<number> {
  const { fields, form } = await read({
    // A caller who may not edit this request's quotes stores no byte.
    beforeFile: async (early) => {
      if (early) await quoteEditor(ctx, user, early.ticket);
    },
  });
  const { ticket: id, prazoEntrega, ...rest } = fields;
  const input: QuoteRowValues = { ...rest, prazo: prazoEntrega };
  const file = form.files[0];
  return withFiles(ctx, form, async () => {
    const actor = await quoteEditor(ctx, user, id);
    if (quoteAttachmentMissing(input.canalType, !!file)) throw badRequest(MSG_PURCHASE.quoteAttachment);
    const now = nowIso();
    return changeRequest(ctx, actor, id, async (tx, { facts }, audit) => {
      stillAllowed(canEditQuotes(actor, facts));
      const fileId = file ? await q.insertFile(tx, fileRow(file, id, null, now)) : null;
      const quoteId = await q.insertQuote(tx, {
        request_id: id,
        ...quoteColumns(input, fileId),
        created_by: user.userId,
        created_at: now,
      });
      await q.touch(tx, id, now);
      audit({
        action: 'purchase.quote',
        entity: 'purchase',
        entityId: id,
        summary: `Cotação inserida: ${input.fornecedor}, ${formatBRL(input.valor)}, ${input.canalType}`,
      });
      return quoteId;
    });
  });
}

export async function updateQuote(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof purchasesCalls.updateCotac.multipart>,
): Promise<void> {
  const { fields, form } = await read({
    beforeFile: async (early) => {
      if (early) await quoteEditor(ctx, user, early.req_id);
    },
  });
  const { quote_id: quoteId, req_id: requestId, ...input } = fields;
  const file = form.files[0];
  const obsolete: string[] = [];
  await commitWithFiles(form, ctx.storage, async () => {
    const actor = await quoteEditor(ctx, user, requestId);
    const now = nowIso();
    await changeRequest(ctx, actor, requestId, async (tx, { facts, quotes }, audit) => {
      stillAllowed(canEditQuotes(actor, facts));
      const existing = quotes.find((x) => x.id === quoteId);
      if (!existing) throw notFound(MSG_PURCHASE.quoteNotFound);
      if (quoteAttachmentMissing(input.canalType, !!file || !!existing.file_id))
        throw badRequest(MSG_PURCHASE.quoteAttachment);
      const oldFile =
        file && existing.file_id ? await q.findFile(tx, requestId, existing.file_id) : undefined;
      const fileId = file ? await q.insertFile(tx, fileRow(file, requestId, null, now)) : existing.file_id;
      await q.updateQuote(tx, quoteId, quoteColumns(input, fileId));
      if (oldFile && existing.file_id) {
        await q.deleteFile(tx, existing.file_id);
        obsolete.push(oldFile.storage_key);
      }
      await q.touch(tx, requestId, now);
      audit({
        action: 'purchase.quoteUpdate',
        entity: 'purchase',
        entityId: requestId,
        summary: `Cotação editada: ${input.fornecedor}, ${formatBRL(input.valor)}`,
      });
    });
    return { result: undefined };
  });
  for (const key of obsolete) await ctx.storage.delete(key).catch(() => undefined);
}

export async function dropQuote(ctx: AppContext, user: SessionUser, quoteId: number): Promise<void> {
  const quote = await q.findQuote(ctx.db, quoteId);
  if (!quote) throw notFound(MSG_PURCHASE.quoteNotFound);
  const actor = await quoteEditor(ctx, user, quote.request_id);
  const dropped = await changeRequest(ctx, actor, quote.request_id, async (tx, { facts, quotes }, audit) => {
    stillAllowed(canEditQuotes(actor, facts));
    const current = quotes.find((x) => x.id === quoteId);
    if (!current) throw notFound(MSG_PURCHASE.quoteNotFound);
    const file = current.file_id ? await q.findFile(tx, quote.request_id, current.file_id) : undefined;
    await q.deleteQuote(tx, quoteId);
    if (current.file_id) await q.deleteFile(tx, current.file_id);
    await q.touch(tx, quote.request_id, nowIso());
    audit({
      action: 'purchase.quoteDelete',
      entity: 'purchase',
      entityId: quote.request_id,
      summary: `Cotação excluída: ${quote.fornecedor}`,
    });
    return file;
  });
  if (dropped) await ctx.storage.delete(dropped.storage_key).catch(() => undefined);
}
