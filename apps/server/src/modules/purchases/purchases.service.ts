import {
  approverAfter,
  CALL_STATUS,
  canCancelPurchase,
  canFirePurchaseTransition,
  canListReceivedPurchases,
  canOpenPurchase,
  canRequestMaterials,
  canSeePurchase,
  canSelectQuote,
  canToggleInQuote,
  filesRequired,
  findPurchaseTransition,
  formatBRL,
  fromCentavos,
  MSG,
  PURCHASE_MSG as MSG_PURCHASE,
  type OpenRequest,
  PURCHASE_STATUS,
  type PurchaseActor,
  type PurchaseDetail,
  type PurchaseFacts,
  type PurchaseScope,
  purchaseAbilities,
  purchaseStatusLabel,
  purchaseStatusText,
  purchaseTimeline,
  type RequestType,
  type SessionUser,
  toCentavos,
  unmetRequirement,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso, type Tx } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedFile, ReceivedForm } from '../../platform/uploads.ts';
import * as tickets from '../tickets/tickets.queries.ts';
import * as q from './purchases.queries.ts';

/** The session user as purchases decide: plus whether he is the company's director. */
export async function actorOf(ctx: AppContext, user: SessionUser): Promise<PurchaseActor> {
  return { ...user, diretor: await q.isDirectorApprover(ctx.db, user.userId) };
}

export interface Loaded {
  record: q.PurchaseRecord;
  facts: PurchaseFacts;
  quotes: q.QuoteRecord[];
}

export async function factsOf(db: AppContext['db'] | Tx, record: q.PurchaseRecord) {
  const [sectors, quotes] = await Promise.all([
    q.requesterSectors(db, record.id),
    q.listQuotes(db, record.id),
  ]);
  const selected = quotes.find((x) => x.id === record.cotac_id);
  const facts: PurchaseFacts = {
    userId: record.user_id,
    requesterSectors: sectors,
    status: record.status,
    selectedQuoteCentavos: selected ? selected.valor : null,
    quoteCount: quotes.length,
    inQuote: record.in_quote === 1,
    materialsCallId: record.call_id,
  };
  return { facts, quotes };
}

/** A request the caller may not see answers 404, like one that does not exist. */
export async function loadVisible(ctx: AppContext, actor: PurchaseActor, id: number): Promise<Loaded> {
  const record = await q.findPurchase(ctx.db, id);
  if (!record) throw notFound(MSG_PURCHASE.notFound);
  const { facts, quotes } = await factsOf(ctx.db, record);
  if (!canSeePurchase(actor, facts)) throw notFound(MSG_PURCHASE.notFound);
  return { record, facts, quotes };
}

export const withFiles = <T>(ctx: AppContext, form: ReceivedForm | undefined, change: () => Promise<T>) =>
  commitWithFiles(form, ctx.storage, async () => ({ result: await change() }));

export const fileRow = (f: ReceivedFile, requestId: number, commentId: number | null, now: string) => ({
  request_id: requestId,
  comment_id: commentId,
  storage_key: f.key,
  original_name: f.originalName,
  mime: f.mime,
  size: f.size,
  created_at: now,
});

export const filePath = (requestId: number, fileId: number) => `purchases/${requestId}/files/${fileId}`;

export function authorizeOpen(actor: PurchaseActor): void {
  authorize(canOpenPurchase(actor));
}

export function authorizeList(actor: PurchaseActor, scope: PurchaseScope): void {
  if (scope === 'received') authorize(canListReceivedPurchases(actor), MSG.noPageAccess);
}

/** Sends an e-mail per address; a failure is logged and never undoes the change. */
export async function mail(
  ctx: AppContext,
  log: FastifyBaseLogger,
  to: { email: string | null }[],
  subject: string,
  text: string,
) {
  for (const r of to) {
    if (!r.email) continue;
    try {
      await ctx.mailer.send({ to: r.email, subject, text });
    } catch (err) {
      log.error({ err }, 'falha ao enviar e-mail da solicitação de compra');
    }
  }
}

export const footer = 'Acompanhe a solicitação na intranet, em Suporte › Consultar › Solicitações de Compra.';

export async function openRequest(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: OpenRequest,
  form: ReceivedForm,
): Promise<number> {
  const files = form.files;
  const now = nowIso();
  const sectors = [...user.setor.map((s) => s.sector)].sort((a, b) =>
    a === user.mainSector ? -1 : b === user.mainSector ? 1 : 0,
  );
  const id = await withFiles(ctx, form, async () => {
    if (body.typerequest === 'compra' && !body.link && files.length === 0)
      throw badRequest(MSG_PURCHASE.linkOrFile);
    if (filesRequired(body.justify, body.supplyType) && files.length === 0)
      throw badRequest(MSG_PURCHASE.filesRequired);
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const newId = await q.insertPurchase(
        tx,
        {
          typerequest: body.typerequest,
          descript: body.descript,
          qnt: body.qnt,
          justify: body.justify,
          justify_descript: body.justifyDescript,
          supply_type: body.supplyType,
          estima_val: body.estimaVal === null ? null : toCentavos(body.estimaVal),
          priority: body.priority,
          filial: body.filial,
          obs: body.obs,
          link: body.link,
          status: PURCHASE_STATUS.aberta,
          material_sol: 0,
          in_quote: 0,
          user_id: user.userId,
          nome_usuario: user.userName,
          matricula_usuario: user.matricula,
          setores_usuario: sectors.join(', ') || null,
          setor_usuario: sectors[0] ?? null,
          created_at: now,
          updated_at: now,
        },
        sectors,
      );
      for (const f of files) await q.insertFile(tx, fileRow(f, newId, null, now));
      record({
        action: 'purchase.open',
        entity: 'purchase',
        entityId: newId,
        summary: `Solicitação aberta (${body.typerequest === 'compra' ? 'compra' : 'serviço'}): ${body.descript}`,
      });
      return newId;
    });
  });
  await mail(
    ctx,
    log,
    await q
      .approverContacts(ctx.db, PURCHASE_STATUS.aprovacaoGestor, [])
      .then((all) => all.filter((u) => u.id !== user.userId)),
    `Nova solicitação de compra #${id}`,
    `${user.userName} abriu a solicitação #${id}: ${body.descript}.\n\n${footer}\n`,
  ).catch(() => undefined);
  return id;
}

const PICKUP_ACTION = 'registrarRetirada';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Files may go with a transition only as the evidence of Registrar Retirada, on a visible request. */
export async function evidenceTarget(
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
  body: { action: string; from: number; buyer_id?: number; picker_id?: number },
  form?: ReceivedForm,
): Promise<string> {
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
  body: { action: string; from: number; buyer_id?: number; picker_id?: number },
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
  if (t.requires === 'buyer' || t.requires === 'picker') {
    if (!chosen || !(await q.isPurchasingUser(ctx.db, chosen)))
      throw badRequest(t.requires === 'buyer' ? MSG_PURCHASE.buyerRequired : MSG_PURCHASE.pickerRequired);
  }
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    // The facts are read again inside the transaction: the decision is taken on what commits.
    const current = await q.findPurchase(tx, id);
    if (!current || current.status !== body.from) throw conflict(MSG_PURCHASE.conflict);
    const { facts } = await factsOf(tx, current);
    authorize(canFirePurchaseTransition(actor, facts, t));
    const unmet = unmetRequirement(facts, t);
    if (unmet) throw badRequest(unmet);
    const changes: Partial<q.PurchaseRecord> = { status: t.to };
    if (t.records === 'approver') changes.aprovall_id = approverAfter(t, user.userId);
    if (t.records === 'atendente') changes.atendente_id = user.userId;
    if (t.records === 'quoter') changes.quoter_id = user.userId;
    if (t.records === 'buyer') changes.buyer_id = chosen ?? null;
    if (t.records === 'picker') changes.picker_id = chosen ?? null;
    const moved = await q.updateIfStatus(tx, id, body.from, changes, now);
    if (!moved) throw conflict(MSG_PURCHASE.conflict);
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
  });
  const label = purchaseStatusLabel(t.to);
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
  if (t.to === PURCHASE_STATUS.aprovacaoGestor || t.to === PURCHASE_STATUS.aprovacaoDiretor) {
    const approvers = (await q.approverContacts(ctx.db, t.to, await q.requesterSectors(ctx.db, id))).filter(
      (a) => a.id !== user.userId,
    );
    await mail(
      ctx,
      log,
      approvers,
      `Solicitação #${id} aguarda sua aprovação`,
      `A solicitação #${id} (${record.descript}), de ${record.nome_usuario}, aguarda aprovação: ${label}.\n\n${footer}\n`,
    );
  }
  return t.label;
}

export async function selectQuote(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  body: { cotac_id: number; reason?: string },
): Promise<void> {
  const actor = await actorOf(ctx, user);
  const { record, facts, quotes } = await loadVisible(ctx, actor, id);
  authorize(canSelectQuote(actor, facts));
  const chosen = quotes.find((x) => x.id === body.cotac_id);
  if (!chosen) throw notFound(MSG_PURCHASE.quoteNotFound);
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    const ok = await q.updateIfStatus(tx, id, record.status, { cotac_id: chosen.id }, nowIso());
    if (!ok) throw conflict(MSG_PURCHASE.conflict);
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
  const { record, facts } = await loadVisible(ctx, actor, id);
  authorize(canToggleInQuote(actor, facts));
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    const ok = await q.updateIfStatus(tx, id, record.status, { in_quote: inQuote ? 1 : 0 }, nowIso());
    if (!ok) throw conflict(MSG_PURCHASE.conflict);
    audit({
      action: 'purchase.inQuote',
      entity: 'purchase',
      entityId: id,
      summary: inQuote ? 'Colocada em cotação' : 'Retirada de cotação',
    });
  });
  return inQuote ? MSG_PURCHASE.inQuoteOn : MSG_PURCHASE.inQuoteOff;
}

export async function dropRequest(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const actor = await actorOf(ctx, user);
  const { facts } = await loadVisible(ctx, actor, id);
  authorize(canCancelPurchase(actor, facts));
  const files = await q.listFiles(ctx.db, id);
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    const ok = await q.deleteIfStatus(tx, id, PURCHASE_STATUS.aberta);
    if (!ok) throw conflict(MSG_PURCHASE.conflict);
    audit({ action: 'purchase.cancel', entity: 'purchase', entityId: id, summary: 'Solicitação cancelada' });
  });
  for (const f of files) await ctx.storage.delete(f.storage_key).catch(() => undefined);
}

export async function detail(ctx: AppContext, user: SessionUser, id: number): Promise<PurchaseDetail> {
  const actor = await actorOf(ctx, user);
  const { record, facts, quotes } = await loadVisible(ctx, actor, id);
  const [names, files, history, call] = await Promise.all([
    q.userNames(ctx.db, [
      record.atendente_id,
      record.quoter_id,
      record.buyer_id,
      record.picker_id,
      record.aprovall_id,
    ]),
    q.listFiles(ctx.db, id),
    q.listHistory(ctx.db, id),
    q.callStatus(ctx.db, record.call_id),
  ]);
  const name = (uid: number | null) => (uid === null ? null : (names.get(uid) ?? null));
  const selected = quotes.find((x) => x.id === record.cotac_id);
  const callStatus = call?.status ?? null;
  return {
    id: record.id,
    descript: record.descript,
    qnt: record.qnt,
    justify: record.justify,
    justifyDescript: record.justify_descript,
    supplyType: record.supply_type,
    estimaVal: record.estima_val === null ? null : fromCentavos(record.estima_val),
    priority: record.priority,
    filial: record.filial,
    obs: record.obs,
    link: record.link,
    typerequest: record.typerequest as RequestType,
    materialSol: record.material_sol,
    userId: record.user_id,
    nome: record.nome_usuario,
    matricula: record.matricula_usuario,
    setores_usuario: record.setores_usuario,
    status: record.status,
    statusLabel: purchaseStatusText(record.status, callStatus),
    statusCall: callStatus,
    call_id: record.call_id,
    buyer_id: record.buyer_id,
    picker_id: record.picker_id,
    cotac_id: record.cotac_id,
    aprovall_id: record.aprovall_id,
    inQuote: record.in_quote === 1,
    val: selected ? fromCentavos(selected.valor) : null,
    prazo: selected?.prazo ?? null,
    canalType: selected?.canal_type ?? null,
    date: record.created_at,
    atendente_name: name(record.atendente_id),
    quoter_name: name(record.quoter_id),
    buyer_name: name(record.buyer_id),
    picker_name: name(record.picker_id),
    aprovall_name: name(record.aprovall_id),
    attachments: files
      .filter((f) => f.comment_id === null && !quotes.some((x) => x.file_id === f.id))
      .map((f) => ({ id: f.id, filepath: filePath(id, f.id), name: f.original_name, mime: f.mime })),
    stages: purchaseTimeline(record.status, record.aprovall_id, callStatus),
    history: history.map((h) => ({ id: h.id, date: h.date, userName: h.userName, summary: h.summary })),
    abilities: purchaseAbilities(actor, facts),
  };
}

export async function loadFile(ctx: AppContext, user: SessionUser, id: number, fileId: number) {
  await loadVisible(ctx, await actorOf(ctx, user), id);
  const file = await q.findFile(ctx.db, id, fileId);
  if (!file) throw notFound('Arquivo não encontrado.');
  return file;
}

export async function pickerUsers(ctx: AppContext, user: SessionUser, text: string | undefined) {
  const actor = await actorOf(ctx, user);
  authorize(canListReceivedPurchases(actor));
  return q.purchasingUsers(ctx.db, text);
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
  const { record, facts } = await loadVisible(ctx, actor, id);
  authorize(canRequestMaterials(actor, facts));
  const now = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, audit) => {
    const callId = await tickets.insertCall(tx, {
      problema: 'Nova Estrutura',
      dep: 'Infraestrutura',
      descricao: `Lista de materiais para a solicitação de compra #${id} (${record.descript}): ${descript}`,
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
    const ok = await q.updateIfStatus(tx, id, record.status, { call_id: callId, material_sol: 1 }, now);
    if (!ok) throw conflict(MSG_PURCHASE.conflict);
    audit({
      action: 'call.open',
      entity: 'call',
      entityId: callId,
      summary: `Lista de materiais da compra #${id}`,
    });
    audit({
      action: 'purchase.materials',
      entity: 'purchase',
      entityId: id,
      summary: `Lista de materiais solicitada à Infraestrutura (chamado #${callId})`,
    });
  });
}
