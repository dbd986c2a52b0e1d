import {
  canEditQuotes,
  formatBRL,
  fromCentavos,
  PURCHASE_MSG as MSG_PURCHASE,
  type Quote,
  type QuoteChannel,
  type SessionUser,
  toCentavos,
} from '@intranet/contracts';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import * as q from './purchases.queries.ts';
import { actorOf, filePath, fileRow, type Loaded, loadVisible, withFiles } from './purchases.service.ts';

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
const quoteColumns = (input: QuoteInput, fileId: number | null) => ({
  fornecedor: input.fornecedor,
  prazo: input.prazo,
  valor: toCentavos(input.valor),
  contato: input.contato,
  canal_type: input.canalType,
  file_id: fileId,
});

/** The request, if the caller may edit its quotes now (checked before a quote's file is read). */
export async function quoteEditable(ctx: AppContext, user: SessionUser, id: number): Promise<Loaded> {
  const actor = await actorOf(ctx, user);
  const loaded = await loadVisible(ctx, actor, id);
  authorize(canEditQuotes(actor, loaded.facts));
  return loaded;
}

interface QuoteInput {
  fornecedor: string;
  valor: number;
  contato: string;
  canalType: QuoteChannel;
  prazo: string;
}

export async function insertQuote(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: QuoteInput,
  form: ReceivedForm,
): Promise<number> {
  const file = form.files[0];
  return withFiles(ctx, form, async () => {
    const { record } = await quoteEditable(ctx, user, id);
    if (input.canalType === 'Fisica' && !file) throw badRequest(MSG_PURCHASE.quoteAttachment);
    const now = nowIso();
    return auditedChange(ctx.db, user.userId, async (tx, audit) => {
      const fileId = file ? await q.insertFile(tx, fileRow(file, id, null, now)) : null;
      const quoteId = await q.insertQuote(tx, {
        request_id: id,
        ...quoteColumns(input, fileId),
        created_by: user.userId,
        created_at: now,
      });
      // The quote counts only while the request is still at the quote stage.
      if (!(await q.updateIfStatus(tx, id, record.status, {}, now))) throw conflict(MSG_PURCHASE.conflict);
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
  requestId: number,
  quoteId: number,
  input: QuoteInput,
  form: ReceivedForm,
): Promise<void> {
  const file = form.files[0];
  const obsolete: string[] = [];
  await commitWithFiles(form, ctx.storage, async () => {
    const { record, quotes } = await quoteEditable(ctx, user, requestId);
    const existing = quotes.find((x) => x.id === quoteId);
    if (!existing) throw notFound(MSG_PURCHASE.quoteNotFound);
    if (input.canalType === 'Fisica' && !file && !existing.file_id)
      throw badRequest(MSG_PURCHASE.quoteAttachment);
    const now = nowIso();
    const oldFile =
      file && existing.file_id
        ? (await q.listFiles(ctx.db, requestId)).find((f) => f.id === existing.file_id)
        : undefined;
    await auditedChange(ctx.db, user.userId, async (tx, audit) => {
      const fileId = file ? await q.insertFile(tx, fileRow(file, requestId, null, now)) : existing.file_id;
      await q.updateQuote(tx, quoteId, quoteColumns(input, fileId));
      if (oldFile) await q.deleteFile(tx, oldFile.id);
      if (!(await q.updateIfStatus(tx, requestId, record.status, {}, now)))
        throw conflict(MSG_PURCHASE.conflict);
      audit({
        action: 'purchase.quoteUpdate',
        entity: 'purchase',
        entityId: requestId,
        summary: `Cotação editada: ${input.fornecedor}, ${formatBRL(input.valor)}`,
      });
    });
    if (oldFile) obsolete.push(oldFile.storage_key);
    return { result: undefined };
  });
  for (const key of obsolete) await ctx.storage.delete(key).catch(() => undefined);
}

export async function dropQuote(ctx: AppContext, user: SessionUser, quoteId: number): Promise<void> {
  const quote = await q.findQuote(ctx.db, quoteId);
  if (!quote) throw notFound(MSG_PURCHASE.quoteNotFound);
  const { record } = await quoteEditable(ctx, user, quote.request_id);
  const file = quote.file_id
    ? (await q.listFiles(ctx.db, record.id)).find((f) => f.id === quote.file_id)
    : undefined;
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    await q.deleteQuote(tx, quoteId);
    if (file) await q.deleteFile(tx, file.id);
    if (!(await q.updateIfStatus(tx, record.id, record.status, {}, nowIso())))
      throw conflict(MSG_PURCHASE.conflict);
    audit({
      action: 'purchase.quoteDelete',
      entity: 'purchase',
      entityId: record.id,
      summary: `Cotação excluída: ${quote.fornecedor}`,
    });
  });
  if (file) await ctx.storage.delete(file.storage_key).catch(() => undefined);
}
