import {
  canFireHrTransition,
  canHandleAttachments,
  canSeeHrRequest,
  findHrTransition,
  HIRING_ROLES,
  HR_REQUEST_TYPE_LABEL,
  HR_STATUS,
  type HrActor,
  type HrParties,
  type HrRequestFacts,
  type HrRequestType,
  type HrStatus,
  type hrCalls,
  hrDecider,
  hrRequestPath,
  hrStageInfo,
  isHrApprovalRole,
  MSG,
  optionLabel,
  type SessionUser,
  toDateOnly,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import * as dq from './hr.approvers.queries.ts';
import { hrActor } from './hr.approvers.ts';
import * as q from './hr.queries.ts';

/**
 * A request's facts, its stage moves, the e-mails they send and its attachments. Each move checks
 * and writes in one transaction, holding the request's row (decision 0096).
 */

export const typeOf = (r: q.RequestRecord) => r.type_request as HrRequestType;

export const pathOf = (r: q.RequestRecord): HrStatus[] =>
  hrRequestPath({
    typeRequest: typeOf(r),
    breachContractId: r.breach_contract_id,
    dateAdmission: r.date_admission_employee,
    createdOn: r.created_on,
  });

/** What the policy decides a request by: its parties (requester, the users it is about) and stage. */
export async function factsOf(db: DbOrTx, r: q.RequestRecord): Promise<HrRequestFacts> {
  return {
    requesterId: r.requester_id,
    subjectIds: await dq.subjectIdsOf(db, r),
    path: pathOf(r),
    status: r.status,
  };
}

/** A request the user may not see answers 404, like one that does not exist. */
export async function loadVisibleRequest(db: DbOrTx, user: HrActor, id: number) {
  const r = await q.findRequest(db, id);
  if (!r) throw notFound(MSG.hrRequestNotFound);
  const facts = await factsOf(db, r);
  if (!canSeeHrRequest(user, facts)) throw notFound(MSG.hrRequestNotFound);
  return { r, facts };
}

/** E-mails never fail a change: a failure is logged. */
async function mail(
  ctx: AppContext,
  log: FastifyBaseLogger,
  to: string | null | undefined,
  subject: string,
  text: string,
) {
  if (!to) return;
  try {
    await ctx.mailer.send({ to, subject, text, module: 'rh' });
  } catch (err) {
    log.error({ err, subject }, 'falha ao enviar e-mail de RH');
  }
}

const requestTitle = (r: q.RequestRecord) =>
  `${HR_REQUEST_TYPE_LABEL[typeOf(r)]} nº ${r.id}${
    r.employee_name ? ` (${r.employee_name})` : r.role_id ? ` (${optionLabel(HIRING_ROLES, r.role_id)})` : ''
  }`;

/**
 * Tells whoever decides the request's new stage (never one of its parties); at the end, the
 * requester.
 */
export async function notifyStage(
  ctx: AppContext,
  log: FastifyBaseLogger,
  r: q.RequestRecord,
  status: number,
  parties: HrParties,
) {
  // It leaves the queue of the stage it was at (r.status) and enters the new stage's.
  const at = (s: number) => ({
    requesterId: parties.requesterId,
    subjectIds: parties.subjectIds,
    path: pathOf(r),
    status: s,
  });
  announcePendencias(ctx, { kind: 'hr', facts: [at(r.status), at(status)] });
  const footer = 'Acompanhe a solicitação na intranet, em Atendimento RH.';
  if (status === HR_STATUS.aprovado || status === HR_STATUS.negado) {
    const requester = await q.userContact(ctx.db, r.requester_id);
    const result = status === HR_STATUS.aprovado ? 'aprovada' : 'negada';
    await mail(
      ctx,
      log,
      requester?.email,
      `${requestTitle(r)}: ${result}`,
      `Olá, ${r.requester_name}.\n\nSua solicitação ${requestTitle(r)} foi ${result}.\n\n${footer}\n`,
    );
    return;
  }
  const by = hrStageInfo(status).by;
  if (!by) return;
  const desk = (await dq.loadDesks(ctx.db))[by];
  const decider = hrDecider(desk, parties, toDateOnly(new Date())).person;
  const contact = [desk?.approver, desk?.substitute].find((p) => p && p.userId === decider?.userId);
  // An approval stage with nobody named (or only parties to it) waits for an administrator, who
  // hears of it; the HR team's stages are the team's whatever the settings say.
  if (!contact && !isHrApprovalRole(by)) return;
  const to = contact
    ? [contact]
    : (await dq.adminContacts(ctx.db, [parties.requesterId, ...parties.subjectIds])).map((a) => ({
        name: a.nome,
        email: a.email,
      }));
  const stage = hrStageInfo(status).label;
  const unnamed = contact ? '' : ' Nenhum aprovador definido para esta etapa: um administrador decide.';
  for (const person of to) {
    await mail(
      ctx,
      log,
      person.email,
      `${requestTitle(r)}: ${stage}`,
      `Olá, ${person.name}.\n\nA solicitação ${requestTitle(r)} de ${r.requester_name} aguarda sua análise (${stage}).${unnamed}\n\n${footer}\n`,
    );
  }
}

/**
 * Moves a request to `target` (spec §4 buttons). Everything the move depends on — the request's
 * stage, who may decide it and for whom — is read inside the transaction after the request's row is
 * locked, and the stage is written only if it is still the one read: a request that moved meanwhile
 * answers 409 and nothing changes.
 */
export async function setStage(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  requestId: number,
  target: number,
): Promise<void> {
  const now = nowIso();
  const moved = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await lockRow(tx, 'hr_requests', requestId);
    const actor = await hrActor(tx, user);
    const { r, facts } = await loadVisibleRequest(tx, actor, requestId);
    const transition = findHrTransition(facts.path, r.status, target);
    if (!transition) {
      const known = target === HR_STATUS.negado || (facts.path as number[]).includes(target);
      if (!known) throw badRequest(MSG.hrStageInvalid);
      throw conflict(MSG.hrStageConflict);
    }
    authorize(canFireHrTransition(actor, facts, transition));
    // A substitute deciding for the approver: the history says for whom.
    const decider = hrDecider(actor.desks[transition.by], facts, actor.today);
    const onBehalfOf = decider.person?.userId === user.userId ? decider.onBehalfOf : null;
    if (!(await q.moveRequest(tx, r.id, r.status, target, now))) throw conflict(MSG.hrStageConflict);
    await q.insertStage(tx, {
      request_id: r.id,
      status: target,
      user_id: user.userId,
      user_name: user.userName,
      on_behalf_of: onBehalfOf,
      created_at: now,
    });
    if (target === HR_STATUS.aprovado && r.type_request === 'dismissal' && r.employee_id !== null) {
      await tx
        .updateTable('hr_employees')
        .set({ dismissal_id: r.id, date_dismissal: toDateOnly(now), status_employee: 0, updated_at: now })
        .where('id', '=', r.employee_id)
        .execute();
    }
    record({
      action: `hr.stage.${transition.key}`,
      entity: 'hr_request',
      entityId: r.id,
      summary: `${transition.label}: ${hrStageInfo(r.status).label} → ${hrStageInfo(target).label}${
        onBehalfOf ? ` (no lugar de ${onBehalfOf})` : ''
      }`,
    });
    return { r, facts };
  });
  await notifyStage(ctx, log, moved.r, target, moved.facts);
}

/** Who handles the request's attachments (never its parties); 404 for a request he may not see. */
async function authorizeAttach(db: DbOrTx, user: SessionUser, requestId: number) {
  const actor = await hrActor(db, user);
  const { r, facts } = await loadVisibleRequest(db, actor, requestId);
  authorize(canHandleAttachments(actor, facts));
  return r;
}

/** The files are stored first; the rows that point to them commit after the right is checked again. */
export async function attach(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof hrCalls.attach.multipart>,
): Promise<void> {
  let checked = false;
  const { fields, form } = await read({
    // Who may not attach to the request stores no byte (request_id travels before the files).
    beforeFile: async (early) => {
      if (checked) return;
      if (!early) throw notFound(MSG.hrRequestNotFound);
      await authorizeAttach(ctx.db, user, early.request_id);
      checked = true;
    },
  });
  const { request_id: requestId, type } = fields;
  await commitWithFiles(form, ctx.storage, async () => {
    const now = nowIso();
    await auditedChange(ctx.db, user.userId, async (tx, record) => {
      await lockRow(tx, 'hr_requests', requestId);
      await authorizeAttach(tx, user, requestId);
      if (form.files.length === 0) throw badRequest(MSG.fillAllFields);
      await q.insertAttachments(
        tx,
        form.files.map((f) => ({
          request_id: requestId,
          type: type ?? null,
          storage_key: f.key,
          original_name: f.originalName,
          mime: f.mime,
          size: f.size,
          user_id: user.userId,
          created_at: now,
        })),
      );
      record({
        action: 'hr.attach',
        entity: 'hr_request',
        entityId: requestId,
        summary: `${form.files.length} anexo(s) enviado(s)`,
      });
    });
    return { result: undefined };
  });
}

export const attachmentPath = (requestId: number, id: number) => `hr-requests/${requestId}/attachments/${id}`;

/** A request's file, to who handles the request's attachments. */
export async function attachmentFile(
  ctx: AppContext,
  user: SessionUser,
  requestId: number,
  attachmentId: number,
) {
  await authorizeAttach(ctx.db, user, requestId);
  const file = await q.findAttachment(ctx.db, requestId, attachmentId);
  if (!file) throw notFound('Arquivo não encontrado.');
  return file;
}
