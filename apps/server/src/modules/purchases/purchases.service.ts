import {
  canCancelPurchase,
  canListReceivedPurchases,
  canOpenPurchase,
  canSeePurchase,
  fromCentavos,
  type HrActor,
  MSG,
  PURCHASE_MSG as MSG_PURCHASE,
  openRequestFilesProblem,
  ownRequestRefusal,
  PURCHASE_STATUS,
  PURCHASE_WAITING_CAP,
  type PurchaseActor,
  type PurchaseDetail,
  type PurchaseFacts,
  type PurchaseScope,
  purchaseAbilities,
  purchaseStatusText,
  type purchasesCalls,
  purchaseTimeline,
  type RequestType,
  type SessionUser,
  toCentavos,
  toDateOnly,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso, type Tx } from '../../db/database.ts';
import { type AuditRecord, auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import type { ReceivedFile, ReceivedForm } from '../../platform/uploads.ts';
import { loadDesks } from '../hr/hr.approvers.queries.ts';
import { activeOrgNames, checkBranchName, filterNames } from '../org/org.names.ts';
import { callLinkFor } from '../tickets/tickets.links.ts';
import { purchasesSpreadsheet } from './purchases.export.ts';
import * as pickup from './purchases.pickup.queries.ts';
import * as q from './purchases.queries.ts';

/**
 * The purchases' actor from the approvers' desks a request has loaded already (HR's actor holds
 * them): the director without a second read of the desks (bench:busca and bench:users'
 * get-sessionData, one statement fewer each).
 */
export const actorFromDesks = (user: SessionUser, held: Pick<HrActor, 'desks' | 'today'>): PurchaseActor => ({
  ...user,
  diretor: q.directsPurchases(held.desks, user.userId, held.today),
});

/** The session user as purchases decide: plus whether he is the company's director. */
export async function actorOf(ctx: AppContext, user: SessionUser): Promise<PurchaseActor> {
  return actorFromDesks(user, { desks: await loadDesks(ctx.db), today: toDateOnly(new Date()) });
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

/**
 * One change of a request, in one audited transaction under the request's lock (lockPurchase): the
 * record and its facts are read after the lock and the caller's sight checked again, so what `run`
 * decides on is what commits.
 */
export function changeRequest<T>(
  ctx: AppContext,
  actor: PurchaseActor,
  id: number,
  run: (tx: Tx, loaded: Loaded, audit: (entry: AuditRecord) => void) => Promise<T>,
): Promise<T> {
  return auditedChange(ctx.db, actor.userId, async (tx, audit) => {
    const record = await q.lockPurchase(tx, id);
    if (!record) throw notFound(MSG_PURCHASE.notFound);
    const { facts, quotes } = await factsOf(tx, record);
    if (!canSeePurchase(actor, facts)) throw notFound(MSG_PURCHASE.notFound);
    return run(tx, { record, facts, quotes }, audit);
  });
}

/** Segregation of duties: a step on one's own request is refused with its own message (403). */
export function refuseOwn(actor: PurchaseActor, facts: PurchaseFacts, action: string): void {
  const refusal = ownRequestRefusal(actor, facts, action);
  if (refusal) throw forbidden(refusal);
}

/** A check that held before the lock and fails after it: someone changed the request meanwhile. */
export function stillAllowed(ok: boolean): void {
  if (!ok) throw conflict(MSG_PURCHASE.conflict);
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

/** Solicitações Recebidas (scope received) is for who handles requests; every member lists his own. */
async function listActor(ctx: AppContext, user: SessionUser, scope: PurchaseScope): Promise<PurchaseActor> {
  const actor = await actorOf(ctx, user);
  if (scope === 'received') authorize(canListReceivedPurchases(actor), MSG.noPageAccess);
  return actor;
}

type Query<K extends keyof typeof purchasesCalls> = z.output<
  NonNullable<(typeof purchasesCalls)[K]['query']>
>;

/**
 * The sector and branch filters as the records store them (decision 0116): a sector no row has is
 * refused in Portuguese; a branch no row has matches nothing.
 */
async function storedFilters(ctx: AppContext, f: { setor?: string; filial?: string }) {
  const { sector, branch } = await filterNames(ctx.db, { sector: f.setor, branch: f.filial });
  if (sector === null) throw badRequest(MSG_PURCHASE.unknownSector);
  return { setor: sector, filial: branch ?? f.filial };
}

export async function listRequests(ctx: AppContext, user: SessionUser, query: Query<'list'>) {
  const { sort, dir, page, pageSize, cursor, ...typed } = query;
  const filters = { ...typed, ...(await storedFilters(ctx, typed)) };
  const actor = await listActor(ctx, user, filters.scope);
  const result = await q.listPurchases(ctx.db, actor, filters, { sort, dir, page, pageSize, cursor });
  const { rows, total, totalCapped, nextCursor } = result;
  return { rows, total, totalCapped, page, pageSize, nextCursor };
}

/** The filtered requests as solicitacoes.xlsx, in the list's order. */
export async function exportRequests(
  ctx: AppContext,
  user: SessionUser,
  query: Query<'exportList'>,
  log: FastifyBaseLogger,
) {
  const { sort, dir, page: _p, pageSize: _ps, cursor: _c, ...typed } = query;
  const filters = { ...typed, ...(await storedFilters(ctx, typed)) };
  const actor = await listActor(ctx, user, filters.scope);
  return {
    name: 'solicitacoes.xlsx',
    stream: purchasesSpreadsheet(ctx.db, actor, filters, { sort, dir }, log),
  };
}

/** The home's count of requests waiting for the caller. */
export async function waitingCount(ctx: AppContext, user: SessionUser) {
  const actor = await listActor(ctx, user, 'received');
  return q.countWaiting(ctx.db, actor, PURCHASE_WAITING_CAP);
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
      await ctx.mailer.send({ to: r.email, subject, text, module: 'compras' });
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
  read: FormReader<typeof purchasesCalls.open.multipart>,
): Promise<number> {
  authorize(canOpenPurchase(await actorOf(ctx, user)));
  const { fields: body, form } = await read();
  const files = form.files;
  const now = nowIso();
  const sectors = [...user.setor.map((s) => s.sector)].sort((a, b) =>
    a === user.mainSector ? -1 : b === user.mainSector ? 1 : 0,
  );
  const id = await withFiles(ctx, form, async () => {
    const missingFiles = openRequestFilesProblem(body, files.length);
    if (missingFiles) throw badRequest(missingFiles);
    const filial = checkBranchName(await activeOrgNames(ctx.db), body.filial, {
      field: 'Unidade de destino',
    });
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
          filial,
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
  const opened = { userId: user.userId, requesterSectors: sectors, status: PURCHASE_STATUS.aberta };
  announcePendencias(ctx, {
    kind: 'purchase',
    facts: [{ ...opened, selectedQuoteCentavos: null, quoteCount: 0, inQuote: false }],
  });
  await mail(
    ctx,
    log,
    await q
      .approverContacts(ctx.db, PURCHASE_STATUS.aprovacaoGestor, [], toDateOnly(new Date()))
      .then((all) => all.filter((u) => u.id !== user.userId)),
    `Nova solicitação de compra #${id}`,
    `${user.userName} abriu a solicitação #${id}: ${body.descript}.\n\n${footer}\n`,
  ).catch(() => undefined);
  return id;
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
  announcePendencias(ctx, { kind: 'purchase', facts: [facts] });
  for (const f of files) await ctx.storage.delete(f.storage_key).catch(() => undefined);
}

export async function detail(ctx: AppContext, user: SessionUser, id: number): Promise<PurchaseDetail> {
  const actor = await actorOf(ctx, user);
  const { record, facts, quotes } = await loadVisible(ctx, actor, id);
  const [names, files, history, call, callLink] = await Promise.all([
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
    callLinkFor(ctx.db, actor, record.call_id),
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
    call_id: callLink?.id ?? null,
    callLink,
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
    stages: purchaseTimeline(record.status, record.denied_from, callStatus),
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

/** "Quem retirou": the request's requester first, then the users of Compras. */
export async function pickupCandidates(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  text: string | undefined,
) {
  const actor = await actorOf(ctx, user);
  authorize(canListReceivedPurchases(actor));
  const { record } = await loadVisible(ctx, actor, id);
  return pickup.pickupCandidates(ctx.db, record.user_id, text);
}
