import {
  canListHrRequests,
  canRequestDismissalOf,
  canRequestHr,
  type dismissalBody,
  HR_REQUEST_TYPE_LABEL,
  HR_STATUS,
  HR_WAITING_CAP,
  type HrActor,
  type HrRequestDetail,
  type HrRequestType,
  type HrView,
  type hiringBody,
  type hrCalls,
  hrDeciderNotes,
  hrProgressLabel,
  hrRequestAbilities,
  hrTimeline,
  MSG,
  type SessionUser,
  toDateOnly,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type DbOrTx, nowIso, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { activeOrgNames, checkBranchId } from '../org/org.names.ts';
import * as dq from './hr.approvers.queries.ts';
import { hrActor } from './hr.approvers.ts';
import { requestsSpreadsheet } from './hr.export.ts';
import { employeeLinkFor } from './hr.links.ts';
import * as q from './hr.queries.ts';
import { withProgress } from './hr.rows.ts';
import { attachmentPath, loadVisibleRequest, notifyStage, pathOf, typeOf } from './hr.stages.ts';
import { countWaiting } from './hr.waiting.queries.ts';

/** Hiring and dismissal requests: opening them, reading one, and who may list them. */

function requesterFields(user: SessionUser, now: string) {
  return {
    status: HR_STATUS.criada,
    requester_id: user.userId,
    requester_name: user.userName,
    requester_mat: user.matricula,
    requester_setor: user.mainSector ?? user.setor[0]?.sector ?? null,
    created_on: toDateOnly(now),
    created_at: now,
    updated_at: now,
  };
}

type RequestRow = Omit<Parameters<typeof q.insertRequest>[1], keyof ReturnType<typeof requesterFields>>;

/** Opens a request with the row `build` answers inside the transaction (it checks what it reads). */
async function createRequest(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  build: (tx: Tx) => Promise<RequestRow>,
): Promise<number> {
  const now = nowIso();
  const id = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const row = await build(tx);
    const id = await q.insertRequest(tx, { ...requesterFields(user, now), ...row });
    await q.insertStage(tx, {
      request_id: id,
      status: HR_STATUS.criada,
      user_id: user.userId,
      user_name: user.userName,
      created_at: now,
    });
    record({
      action: `hr.${row.type_request}`,
      entity: 'hr_request',
      entityId: id,
      summary: `Solicitação de ${HR_REQUEST_TYPE_LABEL[row.type_request as HrRequestType]} criada`,
    });
    return id;
  });
  const created = await q.findRequest(ctx.db, id);
  if (created) {
    const parties = { requesterId: created.requester_id, subjectIds: await dq.subjectIdsOf(ctx.db, created) };
    await notifyStage(ctx, log, created, HR_STATUS.criada, parties);
  }
  return id;
}

export async function requestHiring(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: z.output<typeof hiringBody>,
): Promise<number> {
  authorize(canRequestHr(user));
  const branch = checkBranchId(await activeOrgNames(ctx.db), body.branch, { field: 'Unidade' });
  if (body.substituteFor !== null) {
    const replaced = await q.findEmployee(ctx.db, body.substituteFor);
    if (!replaced) throw badRequest(MSG.hrSubstituteNotFound);
  }
  return createRequest(ctx, log, user, async () => ({
    type_request: 'admission',
    employee_id: null,
    employee_name: null,
    registration_employee: null,
    date_admission_employee: null,
    role_id: body.role,
    branch,
    work_time: body.work_time,
    contract_type_id: body.contractType,
    reason_id: body.reasonHiring,
    substitute_for: body.substituteFor,
    breach_contract_id: body.BreachContractId,
    dism_fails: '',
    equipment_return: '',
    text_justify: body.textJustify,
  }));
}

/**
 * An employee the user may open a dismissal of (HR: anyone; a manager: his sectors' people). Any
 * other answers 404 as an unknown matrícula does: who may not dismiss him learns nothing of him.
 */
async function dismissibleEmployee(
  db: DbOrTx,
  user: SessionUser,
  find: () => Promise<q.EmployeeRecord | undefined>,
) {
  authorize(canRequestHr(user));
  const e = await find();
  if (!e || !canRequestDismissalOf(user, e.sector)) throw notFound(MSG.dismissalRegistrationNotFound);
  const open = await q.openDismissalOf(db, e.id);
  return { e, requested: e.dismissal_id !== null || open !== undefined };
}

export async function requestDismissal(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: z.output<typeof dismissalBody>,
): Promise<number> {
  const found = await dismissibleEmployee(ctx.db, user, () =>
    q.findEmployeeByRegistration(ctx.db, body.Registration),
  );
  if (found.requested) throw conflict(MSG.dismissalAlreadyRequested);
  return createRequest(ctx, log, user, async (tx) => {
    // Checked again on the employee's locked row: his sector or dismissal changed meanwhile is seen.
    // Two requests that pass together are stopped by the unique index hr_requests_one_dismissal
    // (migration 0012), which answers as the check does.
    await q.lockEmployee(tx, found.e.id, nowIso());
    const { e, requested } = await dismissibleEmployee(tx, user, () => q.findEmployee(tx, found.e.id));
    if (requested) throw conflict(MSG.dismissalAlreadyRequested);
    return {
      type_request: 'dismissal',
      employee_id: e.id,
      employee_name: e.name,
      registration_employee: e.registration,
      date_admission_employee: e.date_admission,
      role_id: e.role,
      branch: e.branch,
      work_time: e.work_time_id,
      contract_type_id: e.contract_type_id,
      reason_id: null,
      substitute_for: null,
      breach_contract_id: body.BreachContractId,
      dism_fails: body.DismFailsId.join(','),
      equipment_return: body.EquipamentReturnId.join(','),
      text_justify: body.textJustify,
      subject_user_id: (await dq.userOfEmployee(tx, e.id)) ?? null,
    };
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(MSG.dismissalAlreadyRequested);
    throw err;
  });
}

/** The dismissal form's lookup by matrícula (spec §7 GET employee), without personal data. */
export async function lookupEmployee(ctx: AppContext, user: SessionUser, registration: string) {
  const { e, requested } = await dismissibleEmployee(ctx.db, user, () =>
    q.findEmployeeByRegistration(ctx.db, registration),
  );
  return {
    id: e.id,
    name: e.name,
    role: e.role,
    Branch: e.branch,
    time: e.work_time_id,
    contractType: e.contract_type_id,
    DateAdmission: e.date_admission,
    dateDismissal: e.date_dismissal,
    hasRequestDismissal: requested,
  };
}

function authorizeLookup(user: SessionUser): void {
  authorize(canRequestHr(user));
}

/** One request as the list it is opened from shows it (`mine`: the requester's view, nothing to press). */
export async function requestDetail(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  view: HrView = 'all',
): Promise<HrRequestDetail> {
  const actor = await hrActor(ctx.db, user);
  const { r, facts } = await loadVisibleRequest(ctx.db, actor, id);
  const abilities = hrRequestAbilities(
    actor,
    { ...facts, typeRequest: r.type_request, employeeId: r.employee_id },
    view,
  );
  const [stages, attachments, substitute, employeeLink] = await Promise.all([
    q.listStages(ctx.db, id),
    abilities.attachments ? q.listAttachments(ctx.db, id) : Promise.resolve([]),
    r.substitute_for ? q.findEmployee(ctx.db, r.substitute_for) : Promise.resolve(undefined),
    employeeLinkFor(ctx.db, user, r.employee_id),
  ]);
  const ids = (csv: string) => (csv ? csv.split(',').map(Number) : []);
  return {
    ...toRow(r),
    stages,
    timeline: hrTimeline(facts.path, stages),
    work_time: r.work_time,
    ContractTypeId: r.contract_type_id,
    ReasonId: r.reason_id,
    IsReplacement: r.substitute_for !== null,
    substituteFor: r.substitute_for,
    substituteName: substitute?.name ?? null,
    BreachContractId: r.breach_contract_id,
    DismFailsId: ids(r.dism_fails),
    EquipamentReturnId: ids(r.equipment_return),
    textJustify: r.text_justify,
    employeeId: employeeLink?.id ?? null,
    employeeLink,
    dateAdmissionEmployee: r.date_admission_employee,
    attachments: attachments.map((a) => ({
      id: a.id,
      path: attachmentPath(id, a.id),
      name: a.original_name,
      mime: a.mime,
    })),
    notes: hrDeciderNotes(actor, facts),
    abilities,
  };
}

/**
 * GET hire_request / dismissalRequest / movement (spec §7): one request of that type. Another type
 * answers 404 as one the caller may not see does.
 */
export async function requestOfType(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  type: HrRequestType,
): Promise<HrRequestDetail> {
  const r = await q.findRequest(ctx.db, id);
  if (!r || r.type_request !== type) throw notFound(MSG.hrRequestNotFound);
  return requestDetail(ctx, user, id);
}

function toRow(r: q.RequestRecord) {
  return {
    Id: r.id,
    typeRequest: typeOf(r),
    Date: r.created_at,
    status: r.status,
    progress: hrProgressLabel(pathOf(r), r.status),
    requesterId: r.requester_id,
    requesterName: r.requester_name,
    requesterMat: r.requester_mat,
    requesterSetor: r.requester_setor,
    employeeName: r.employee_name,
    registrationEmployee: r.registration_employee,
    roleId: r.role_id,
    branchEmployee: r.branch,
  };
}

/** "Aguardando minha aprovação" of the home: for who may open Atendimento RH, where they wait. */
export async function waitingCount(ctx: AppContext, user: SessionUser) {
  const actor = await hrActor(ctx.db, user);
  authorize(canListHrRequests(actor), MSG.noPageAccess);
  return countWaiting(ctx.db, actor, HR_WAITING_CAP);
}

async function authorizeList(ctx: AppContext, user: SessionUser, scope: 'all' | 'mine'): Promise<HrActor> {
  const actor = await hrActor(ctx.db, user);
  if (scope === 'all') authorize(canListHrRequests(actor), MSG.noPageAccess);
  return actor;
}

type Query<K extends keyof typeof hrCalls> = z.output<NonNullable<(typeof hrCalls)[K]['query']>>;

export async function listRequests(ctx: AppContext, user: SessionUser, query: Query<'listRequests'>) {
  const { sort, dir, page, pageSize, ...filters } = query;
  const actor = await authorizeList(ctx, user, filters.scope);
  const result = await q.listRequests(ctx.db, actor, filters, { sort, dir, page, pageSize });
  return {
    rows: result.rows.map(withProgress),
    total: result.total,
    totalCapped: result.totalCapped,
    page,
    pageSize,
  };
}

/** The filtered requests as solicitacoes_rh.xlsx, in the list's order. */
export async function exportRequests(
  ctx: AppContext,
  user: SessionUser,
  query: Query<'exportRequests'>,
  log: FastifyBaseLogger,
) {
  const { sort, dir, page: _p, pageSize, ...filters } = query;
  const actor = await authorizeList(ctx, user, filters.scope);
  return {
    name: 'solicitacoes_rh.xlsx',
    stream: requestsSpreadsheet(ctx.db, actor, filters, { sort, dir, pageSize }, log),
  };
}

/** Employees to pick in a request form, by name or registration. */
export async function pickEmployees(
  ctx: AppContext,
  user: SessionUser,
  search: Query<'pickEmployees'>['search'],
) {
  authorizeLookup(user);
  return q.pickEmployees(ctx.db, search);
}
