import {
  approverAfter,
  CALL_STATUS,
  canFirePurchaseTransition,
  canRequestMaterials,
  canSelectQuote,
  canToggleInQuote,
  findPurchaseTransition,
  formatBRL,
  fromCentavos,
  PURCHASE_MSG as MSG_PURCHASE,
  mayBeRecordedAsPicker,
  PURCHASE_STATUS,
  purchaseStatusLabel,
  type purchasesCalls,
  type SessionUser,
  type selectQuoteBody,
  toDateOnly,
  type transitionBody,
  unmetRequirement,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/database.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import type { BodyOrFormReader } from '../../platform/multipart-form.ts';
import type { ReceivedFile } from '../../platform/uploads.ts';
import * as tickets from '../tickets/tickets.queries.ts';
import { activeUserSectors } from './purchases.pickup.queries.ts';
import * as q from './purchases.queries.ts';
import {
  actorOf,
  changeRequest,
  fileRow,
  footer,
  loadVisible,
  mail,
  refuseOwn,
  stillAllowed,
  withFiles,
} from './purchases.service.ts';

/**
 * The workflow steps of a request. Each one checks the caller before it reads any file, then
 * checks again and writes under the request's lock (changeRequest): a step refused at first answers
 * 403; one that something else changed meanwhile answers 409.
 */

const PICKUP_ACTION = 'registrarRetirada';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Files may go with a transition only as the evidence of Registrar Retirada, on a visible request. */
async function evidenceTarget(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  action: string | undefined,
): Promise<void> {
  if (action !== PICKUP_ACTION) throw badRequest(MSG_PURCHASE.evidenceOnlyOnPickup);
  await loadVisible(ctx, await actorOf(ctx, user), id);
}

/**
 * Moves a request along its workflow. Registrar Retirada may carry the pickup's evidence: the files
 * are kept as a comment of the stage Disponível para Retirada, written in the same transaction (a
 * refused move stores nothing).
 */
export async function firePurchaseTransition(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  read: BodyOrFormReader<typeof purchasesCalls.transition.multipart>,
): Promise<string> {
  const { fields: body, form } = await read({
    // Evidence goes only with Registrar Retirada, and a caller who may not see the request stores no byte.
    beforeFile: (early) => evidenceTarget(ctx, user, id, early?.action),
  });
  const files = form?.files ?? [];
  if (files.length > 0 && body.action !== PICKUP_ACTION) {
    await form?.discard();
    throw badRequest(MSG_PURCHASE.evidenceOnlyOnPickup);
  }
  return withFiles(ctx, form, () => moveRequest(ctx, log, user, id, body, files));
}

async function moveRequest(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  body: z.output<typeof transitionBody>,
  files: ReceivedFile[],
): Promise<string> {
  const actor = await actorOf(ctx, user);
  const { record } = await loadVisible(ctx, actor, id);
  const t = findPurchaseTransition(body.action);
  if (!t) throw badRequest(MSG_PURCHASE.invalidTransition);
  if (record.status !== body.from) throw conflict(MSG_PURCHASE.conflict);
  if (!(t.from as readonly number[]).includes(record.status))
    throw badRequest(MSG_PURCHASE.invalidTransition);
  const now = nowIso();
  const chosen =
    t.requires === 'buyer' ? body.buyer_id : t.requires === 'picker' ? body.picker_id : undefined;
  if (t.requires === 'buyer' && !(chosen && (await q.isPurchasingUser(ctx.db, chosen))))
    throw badRequest(MSG_PURCHASE.buyerRequired);
  if (t.requires === 'picker') {
    const candidate = chosen ? await activeUserSectors(ctx.db, chosen) : undefined;
    if (!candidate || !mayBeRecordedAsPicker({ userId: record.user_id }, candidate))
      throw badRequest(MSG_PURCHASE.pickerRequired);
  }
  const before = await changeRequest(ctx, actor, id, async (tx, { record: current, facts }, audit) => {
    if (current.status !== body.from) throw conflict(MSG_PURCHASE.conflict);
    refuseOwn(actor, facts, t.key);
    authorize(canFirePurchaseTransition(actor, facts, t));
    const unmet = unmetRequirement(facts, t);
    if (unmet) throw badRequest(unmet);
    const changes: Partial<q.PurchaseRecord> = { status: t.to };
    if (t.records === 'approver') changes.aprovall_id = approverAfter(t, user.userId);
    // The timeline marks the stage a denial was made at (purchases.workflow.ts#deniedPosition).
    if (t.to === PURCHASE_STATUS.negado) changes.denied_from = body.from;
    if (t.records === 'atendente') changes.atendente_id = user.userId;
    if (t.records === 'quoter') changes.quoter_id = user.userId;
    if (t.records === 'buyer') changes.buyer_id = chosen ?? null;
    if (t.records === 'picker') changes.picker_id = chosen ?? null;
    if (!(await q.updateIfStatus(tx, id, body.from, changes, now))) throw conflict(MSG_PURCHASE.conflict);
    if (files.length > 0) {
      const [picker] = await q.userContacts(tx, chosen ? [chosen] : []);
      const commentId = await q.insertComment(tx, {
        request_id: id,
        stage: body.from,
        text: `<p>Evidências da retirada (retirado por ${escapeHtml(picker?.nome ?? '—')}).</p>`,
        user_id: user.userId,
        user_name: user.userName,
        mentions: '',
        created_at: now,
      });
      for (const f of files) await q.insertFile(tx, fileRow(f, id, commentId, now));
    }
    audit({
      action: `purchase.${t.key}`,
      entity: 'purchase',
      entityId: id,
      summary:
        `${t.label}: ${purchaseStatusLabel(body.from)} → ${purchaseStatusLabel(t.to)}` +
        (files.length > 0 ? ` com ${files.length} evidência(s)` : ''),
    });
    return facts;
  });
  // It leaves the queue of the stage it was at and enters the next one's.
  announcePendencias(ctx, { kind: 'purchase', facts: [before, { ...before, status: t.to }] });
  await mailMove(ctx, log, user, record, t.to);
  return t.label;
}

/** The requester hears of every move made by someone else; the next approvers of theirs. */
async function mailMove(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  record: q.PurchaseRecord,
  to: number,
) {
  const id = record.id;
  const label = purchaseStatusLabel(to);
  const [requester] = await q.userContacts(ctx.db, record.user_id === user.userId ? [] : [record.user_id]);
  if (requester) {
    await mail(
      ctx,
      log,
      [requester],
      `Solicitação #${id}: ${label}`,
      `Olá, ${requester.nome}.\n\nSua solicitação #${id} (${record.descript}) passou para "${label}" por ${user.userName}.\n\n${footer}\n`,
    );
  }
  if (to === PURCHASE_STATUS.aprovacaoGestor || to === PURCHASE_STATUS.aprovacaoDiretor) {
    const sectors = await q.requesterSectors(ctx.db, id);
    const approvers = (await q.approverContacts(ctx.db, to, sectors, toDateOnly(new Date()))).filter(
      (a) => a.id !== user.userId && a.id !== record.user_id,
    );
    await mail(
      ctx,
      log,
      approvers,
      `Solicitação #${id} aguarda sua aprovação`,
      `A solicitação #${id} (${record.descript}), de ${record.nome_usuario}, aguarda aprovação: ${label}.\n\n${footer}\n`,
    );
  }
}

export async function selectQuote(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  body: z.output<typeof selectQuoteBody>,
): Promise<void> {
  const actor = await actorOf(ctx, user);
  const first = await loadVisible(ctx, actor, id);
  refuseOwn(actor, first.facts, 'selectQuote');
  authorize(canSelectQuote(actor, first.facts));
  if (!first.quotes.some((x) => x.id === body.cotac_id)) throw notFound(MSG_PURCHASE.quoteNotFound);
  await changeRequest(ctx, actor, id, async (tx, { record, facts, quotes }, audit) => {
    stillAllowed(canSelectQuote(actor, facts));
    const chosen = quotes.find((x) => x.id === body.cotac_id);
    if (!chosen) throw conflict(MSG_PURCHASE.conflict);
    await q.updateIfStatus(tx, id, record.status, { cotac_id: chosen.id }, nowIso());
    audit({
      action: 'purchase.selectQuote',
      entity: 'purchase',
      entityId: id,
      summary: `Cotação selecionada: ${chosen.fornecedor}, ${formatBRL(fromCentavos(chosen.valor))}${body.reason ? ` — motivo: ${body.reason}` : ''}`,
    });
  });
}

export async function setInQuote(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  inQuote: boolean,
): Promise<string> {
  const actor = await actorOf(ctx, user);
  const { facts } = await loadVisible(ctx, actor, id);
  refuseOwn(actor, facts, 'toggleInQuote');
  authorize(canToggleInQuote(actor, facts));
  await changeRequest(ctx, actor, id, async (tx, { record, facts }, audit) => {
    stillAllowed(canToggleInQuote(actor, facts));
    await q.updateIfStatus(tx, id, record.status, { in_quote: inQuote ? 1 : 0 }, nowIso());
    audit({
      action: 'purchase.inQuote',
      entity: 'purchase',
      entityId: id,
      summary: inQuote ? 'Colocada em cotação' : 'Retirada de cotação',
    });
  });
  return inQuote ? MSG_PURCHASE.inQuoteOn : MSG_PURCHASE.inQuoteOff;
}

/**
 * Solicitar lista de materiais: a support call to Infraestrutura at status 20 tied to the request
 * (calls.request_id); the tickets module takes it from there (Inserir Materiais, Aceitar, Recusar).
 */
export async function requestMaterials(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  descript: string,
): Promise<void> {
  const actor = await actorOf(ctx, user);
  const { facts } = await loadVisible(ctx, actor, id);
  refuseOwn(actor, facts, 'requestMaterials');
  authorize(canRequestMaterials(actor, facts));
  const now = nowIso();
  await changeRequest(ctx, actor, id, async (tx, { record, facts }, audit) => {
    stillAllowed(canRequestMaterials(actor, facts));
    const callId = await tickets.insertCall(tx, {
      problema: 'Nova Estrutura',
      dep: 'Infraestrutura',
      // No request number in the call's texts: its attendants may not open the request (decision 0121).
      descricao: `Lista de materiais para uma solicitação de compra (${record.descript}): ${descript}`,
      filial: record.filial,
      status: CALL_STATUS.materiaisPendentes,
      user_id: user.userId,
      nome_usuario: user.userName,
      matricula_usuario: user.matricula,
      setores_usuario: user.setor.map((s) => s.sector).join(', ') || null,
      suporte_id: null,
      nome_suporte: null,
      matricula_suporte: null,
      request_id: id,
      created_at: now,
      updated_at: now,
    });
    await q.updateIfStatus(tx, id, record.status, { call_id: callId, material_sol: 1 }, now);
    audit({
      action: 'call.open',
      entity: 'call',
      entityId: callId,
      summary: 'Lista de materiais de uma solicitação de compra',
    });
    audit({
      action: 'purchase.materials',
      entity: 'purchase',
      entityId: id,
      summary: 'Lista de materiais solicitada à Infraestrutura',
    });
  });
}
