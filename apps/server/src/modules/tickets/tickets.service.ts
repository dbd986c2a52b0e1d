import {
  CALL_STATUS,
  type CallDetail,
  type CallScope,
  type CallTransition,
  callAbilities,
  callStatusLabel,
  canAnswerCall,
  canFireTransition,
  canInsertMaterials,
  canListOpenCalls,
  canOpenCall,
  canSeeCall,
  departmentLabel,
  findCallTransition,
  INSERT_MATERIALS,
  MSG,
  type materialsBody,
  type SessionUser,
  type ticketsCalls,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso, type Tx } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import type { BodyOrFormReader } from '../../platform/multipart-form.ts';
import type { ReceivedFile, ReceivedForm } from '../../platform/uploads.ts';
import { activeOrgNames, checkBranchName, filterNames } from '../org/org.names.ts';
import { purchaseLinkFor } from '../purchases/purchases.links.ts';
import { callsSpreadsheet } from './tickets.export.ts';
import { callFacts } from './tickets.links.ts';
import * as q from './tickets.queries.ts';
import { toRow } from './tickets.rows.ts';

const facts = callFacts;

/**
 * A write moved the call from `call` to `status` (or kept its status): its requester, the attendants
 * of its queue and purchasing may see their pendências change. Its last message is taken as someone
 * else's, so its requester always hears of it.
 */
function announceCall(ctx: AppContext, call: q.CallRecord, status = call.status): void {
  const before = { ...facts(call), lastAnswerBy: null };
  announcePendencias(ctx, { kind: 'ticket', facts: [before, { ...before, status }] });
}

export const attachmentPath = (callId: number, attachmentId: number) =>
  `calls/${callId}/attachments/${attachmentId}`;

/** A call the user may not see answers 404, like one that does not exist: its existence is not revealed. */
export async function loadVisibleCall(ctx: AppContext, user: SessionUser, id: number): Promise<q.CallRecord> {
  const call = await q.findCall(ctx.db, id);
  if (!call || !canSeeCall(user, facts(call))) throw notFound(MSG.ticketNotFound);
  return call;
}

/**
 * The call read under its row lock, inside a step's transaction (issue 31): every step checks the
 * call as it is now, and no other step changes it before this one commits. `seenStatus`, the
 * status the step was first checked against: a call moved meanwhile answers 409.
 */
async function lockCall(tx: Tx, user: SessionUser, id: number, seenStatus?: number): Promise<q.CallRecord> {
  await lockRow(tx, 'calls', id);
  const call = await q.findCall(tx, id);
  if (!call || !canSeeCall(user, facts(call))) throw notFound(MSG.ticketNotFound);
  if (seenStatus !== undefined && call.status !== seenStatus) throw conflict(MSG.ticketStatusConflict);
  return call;
}

/** Runs the change, then moves the uploaded files into place; drops them if the change fails. */
const withFiles = <T>(ctx: AppContext, form: ReceivedForm | undefined, change: () => Promise<T>) =>
  commitWithFiles(form, ctx.storage, async () => ({ result: await change() }));

const attachmentRows = (files: ReceivedFile[], callId: number, answerId: number | null, now: string) =>
  files.map((f) => ({
    call_id: callId,
    answer_id: answerId,
    storage_key: f.key,
    original_name: f.originalName,
    mime: f.mime,
    size: f.size,
    created_at: now,
  }));

export async function openCall(
  ctx: AppContext,
  user: SessionUser,
  read: BodyOrFormReader<typeof ticketsCalls.openCall.multipart>,
): Promise<number> {
  authorize(canOpenCall(user));
  const { fields: body, form } = await read();
  const now = nowIso();
  const sectors = [...user.setor.map((s) => s.sector)].sort((a, b) =>
    a === user.mainSector ? -1 : b === user.mainSector ? 1 : 0,
  );
  const id = await withFiles(ctx, form, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      const org = await activeOrgNames(tx);
      const filial = checkBranchName(org, body.filial, { field: 'Unidade' });
      const id = await q.insertCall(tx, {
        problema: body.problem,
        dep: body.dep,
        descricao: body.descript,
        filial,
        status: CALL_STATUS.naoAtendido,
        user_id: user.userId,
        nome_usuario: user.userName,
        matricula_usuario: user.matricula,
        setores_usuario: sectors.join(', ') || null,
        suporte_id: null,
        nome_suporte: null,
        matricula_suporte: null,
        request_id: null,
        created_at: now,
        updated_at: now,
      });
      await q.insertAttachments(tx, attachmentRows(form?.files ?? [], id, null, now));
      record({
        action: 'call.open',
        entity: 'call',
        entityId: id,
        summary: `Chamado aberto para ${departmentLabel(body.dep, org.sectors)}: ${body.problem}`,
      });
      return id;
    }),
  );
  const opened = { userId: user.userId, dep: body.dep, status: CALL_STATUS.naoAtendido, requestId: null };
  announcePendencias(ctx, { kind: 'ticket', facts: [opened] });
  return id;
}

/** Tells the requester by e-mail; a requester without e-mail gets none, and mail never fails a change. */
async function notifyRequester(
  ctx: AppContext,
  log: FastifyBaseLogger,
  call: q.CallRecord,
  actorId: number,
  subject: string,
  text: string,
): Promise<void> {
  if (call.user_id === actorId) return;
  try {
    const requester = await q.findUserContact(ctx.db, call.user_id);
    if (!requester?.email) return;
    await ctx.mailer.send({ to: requester.email, subject, text, module: 'chamados' });
  } catch (err) {
    log.error({ err, callId: call.id }, 'falha ao enviar e-mail do chamado');
  }
}

const mailFooter = 'Acompanhe o chamado na intranet, em Suporte › Consultar › Chamados Abertos.';

/** The transition a status change fires, if the user may fire it on the call as it is: 400 or 403 otherwise. */
function firedTransition(user: SessionUser, call: q.CallRecord, status: number): CallTransition {
  const transition = findCallTransition(call.status, status);
  if (!transition || transition.viaOwnCall) throw badRequest(MSG.ticketTransitionInvalid);
  authorize(canFireTransition(user, facts(call), transition));
  return transition;
}

export async function setCallStatus(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  status: number,
): Promise<void> {
  // Refused early on the call as the user saw it; decided on the call as it is, under its lock.
  const seen = await loadVisibleCall(ctx, user, id);
  firedTransition(user, seen, status);
  const now = nowIso();
  const call = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const call = await lockCall(tx, user, id, seen.status);
    const transition = firedTransition(user, call, status);
    const takes = transition.takesCall || call.suporte_id === null;
    const moved = await q.updateStatus(
      tx,
      id,
      call.status,
      takes && transition.by === 'department'
        ? { status, suporte_id: user.userId, nome_suporte: user.userName, matricula_suporte: user.matricula }
        : { status },
      now,
    );
    if (!moved) throw conflict(MSG.ticketStatusConflict);
    record({
      action: `call.${transition.key}`,
      entity: 'call',
      entityId: id,
      summary: `${transition.label}: ${callStatusLabel(call.status)} → ${callStatusLabel(status)}`,
    });
    return call;
  });
  announceCall(ctx, call, status);
  await notifyRequester(
    ctx,
    log,
    call,
    user.userId,
    `Chamado #${id}: ${callStatusLabel(status)}`,
    `Olá, ${call.nome_usuario}.\n\nO status do seu chamado #${id} (${call.problema}) mudou para "${callStatusLabel(status)}" por ${user.userName}.\n\n${mailFooter}\n`,
  );
}

/** The call, if the user may answer it now: 404 unseen, 400 finalised, 403 not his to answer. */
export async function answerableCall(ctx: AppContext, user: SessionUser, id: number): Promise<q.CallRecord> {
  return mayAnswer(user, await loadVisibleCall(ctx, user, id));
}

function mayAnswer(user: SessionUser, call: q.CallRecord): q.CallRecord {
  if (call.status === CALL_STATUS.finalizado) throw badRequest(MSG.ticketClosed);
  authorize(canAnswerCall(user, facts(call)));
  return call;
}

export async function answerCall(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  read: BodyOrFormReader<typeof ticketsCalls.answer.multipart>,
): Promise<void> {
  const { fields, form } = await read({
    // A caller who may not answer this call stores no byte.
    beforeFile: async () => {
      await answerableCall(ctx, user, id);
    },
  });
  const call = await answerableCall(ctx, user, id).catch(async (err) => {
    await form?.discard();
    throw err;
  });
  // Kept as typed, like the call's description: screens show it as text, the e-mail is plain text.
  const msg = fields.msg.trim();
  await withFiles(ctx, form, async () => {
    if (!msg) throw badRequest(MSG.fieldRequired);
    const now = nowIso();
    await auditedChange(ctx.db, user.userId, async (tx, record) => {
      // Finalizar may have come since the check above: decided again under the call's lock.
      mayAnswer(user, await lockCall(tx, user, id));
      const answerId = await q.insertAnswer(tx, {
        call_id: id,
        user_id: user.userId,
        user_name: user.userName,
        msg,
        created_at: now,
      });
      await q.insertAttachments(tx, attachmentRows(form?.files ?? [], id, answerId, now));
      record({
        action: 'call.answer',
        entity: 'call',
        entityId: id,
        summary: `Resposta enviada${form?.files.length ? ` com ${form.files.length} anexo(s)` : ''}`,
      });
    });
  });
  announceCall(ctx, call);
  await notifyRequester(
    ctx,
    log,
    call,
    user.userId,
    `Chamado #${id}: nova resposta`,
    `Olá, ${call.nome_usuario}.\n\n${user.userName} respondeu ao seu chamado #${id} (${call.problema}):\n\n${msg}\n\n${mailFooter}\n`,
  );
}

function mayInsertMaterials(user: SessionUser, call: q.CallRecord): q.CallRecord {
  if (!(INSERT_MATERIALS.from as readonly number[]).includes(call.status))
    throw badRequest(MSG.ticketTransitionInvalid);
  authorize(canInsertMaterials(user, facts(call)));
  return call;
}

export async function insertMaterials(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  body: z.output<typeof materialsBody>,
): Promise<void> {
  const seen = mayInsertMaterials(user, await loadVisibleCall(ctx, user, id));
  const now = nowIso();
  const call = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const call = mayInsertMaterials(user, await lockCall(tx, user, id, seen.status));
    const moved = await q.updateStatus(tx, id, call.status, { status: INSERT_MATERIALS.to }, now);
    if (!moved) throw conflict(MSG.ticketStatusConflict);
    await q.insertMaterials(
      tx,
      body.items.map((i) => ({
        chamado_id: id,
        item_name: i.item_name,
        measure: i.measure,
        qnt: i.qnt,
        created_at: now,
      })),
    );
    record({
      action: 'call.materials',
      entity: 'call',
      entityId: id,
      summary: `Lista de materiais enviada (${body.items.length} itens)`,
    });
    return call;
  });
  announceCall(ctx, call, INSERT_MATERIALS.to);
  await notifyRequester(
    ctx,
    log,
    call,
    user.userId,
    `Chamado #${id}: ${callStatusLabel(INSERT_MATERIALS.to)}`,
    `Olá, ${call.nome_usuario}.\n\nA lista de materiais do seu chamado #${id} foi enviada por ${user.userName}.\n\n${mailFooter}\n`,
  );
}

export async function listMaterials(ctx: AppContext, user: SessionUser, id: number) {
  await loadVisibleCall(ctx, user, id);
  return q.listMaterials(ctx.db, id);
}

export async function callDetail(ctx: AppContext, user: SessionUser, id: number): Promise<CallDetail> {
  const call = await loadVisibleCall(ctx, user, id);
  const [answers, attachments, materials, history, purchaseLink] = await Promise.all([
    q.listAnswers(ctx.db, id),
    q.listAttachments(ctx.db, id),
    q.listMaterials(ctx.db, id),
    q.listHistory(ctx.db, id),
    purchaseLinkFor(ctx, user, call.request_id),
  ]);
  const ref = (a: (typeof attachments)[number]) => ({
    id: a.id,
    filepath: attachmentPath(id, a.id),
    name: a.original_name,
    mime: a.mime,
    size: a.size,
  });
  const callFiles = attachments.filter((a) => a.answer_id === null).map(ref);
  return {
    ...toRow({
      id: call.id,
      problema: call.problema,
      dep: call.dep,
      data: call.created_at,
      status: call.status,
      nome_usuario: call.nome_usuario,
      matricula_usuario: call.matricula_usuario,
      setores_usuario: call.setores_usuario,
      nome_suporte: call.nome_suporte,
      matricula_suporte: call.matricula_suporte,
      filial: call.filial,
    }),
    descricao: call.descricao,
    link: null,
    imgAttachment: callFiles.find((f) => f.mime.startsWith('image/'))?.filepath ?? null,
    request_id: purchaseLink?.id ?? null,
    purchaseLink,
    attachments: callFiles,
    answers_call_receive: answers.map((a) => ({
      id: a.id,
      userName: a.user_name,
      msg: a.msg,
      date: a.created_at,
      attachments: attachments.filter((f) => f.answer_id === a.id).map(ref),
    })),
    materials,
    history,
    abilities: callAbilities(user, facts(call)),
  };
}

/** Chamados Abertos (scope open) is only for who attends a queue; every member lists his own calls. */
function authorizeList(user: SessionUser, scope: CallScope): void {
  if (scope === 'open') authorize(canListOpenCalls(user), MSG.noPageAccess);
}

type CallListQuery = z.output<typeof ticketsCalls.list.query>;

/** The unit filter as calls store it (a label typed reads as its branch's name: decision 0116). */
async function storedBranch(ctx: AppContext, filial: string | undefined) {
  const { branch } = await filterNames(ctx.db, { branch: filial });
  return branch ?? filial;
}

export async function listCalls(ctx: AppContext, user: SessionUser, query: CallListQuery) {
  const { sort, dir, page, pageSize, cursor, ...typed } = query;
  authorizeList(user, typed.scope);
  const filters = { ...typed, filial: await storedBranch(ctx, typed.filial) };
  const found = await q.listCalls(ctx.db, user, filters, { sort, dir, page, pageSize, cursor });
  return { ...found, rows: found.rows.map(toRow) };
}

/** The filtered calls as a spreadsheet, in the list's order: dados.xlsx (open calls) or chamados.xlsx. */
export async function exportCalls(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof ticketsCalls.exportList.query>,
  log: FastifyBaseLogger,
) {
  const { sort, dir, page: _p, pageSize: _ps, cursor: _c, ...typed } = query;
  authorizeList(user, typed.scope);
  const filters = { ...typed, filial: await storedBranch(ctx, typed.filial) };
  return {
    name: filters.scope === 'open' ? 'dados.xlsx' : 'chamados.xlsx',
    stream: callsSpreadsheet(ctx.db, user, filters, { sort, dir }, log),
  };
}

/** A file of a call, to who sees the call. */
export async function callAttachment(ctx: AppContext, user: SessionUser, id: number, attachmentId: number) {
  await loadVisibleCall(ctx, user, id);
  const file = await q.findAttachment(ctx.db, id, attachmentId);
  if (!file) throw notFound('Arquivo não encontrado.');
  return file;
}
