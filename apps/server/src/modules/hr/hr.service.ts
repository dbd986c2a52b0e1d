import {
  type Absences,
  canFireHrTransition,
  canHandleAttachments,
  canListHrRequests,
  canManageEmployees,
  canRequestHr,
  canSeeHrRequest,
  canSeeMedicalLeave,
  type dismissalBody,
  type EmployeeDetail,
  type employeeFields,
  employeeVacationEnd,
  findHrTransition,
  HIRING_ROLES,
  HR_REQUEST_TYPE_LABEL,
  HR_STATUS,
  type HrActor,
  type HrRequestDetail,
  type HrRequestFacts,
  type HrRequestType,
  type HrStatus,
  hrProgressLabel,
  hrRequestAbilities,
  hrRequestPath,
  hrStageInfo,
  hrTimeline,
  leaveDays,
  MSG,
  optionLabel,
  type SessionUser,
  toDateOnly,
  vacationAccrual,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import * as q from './hr.queries.ts';

/** The session user with the approver roles the settings give it. */
export async function hrActor(ctx: AppContext, user: SessionUser): Promise<HrActor & SessionUser> {
  return { ...user, approverRoles: await q.approverRolesOf(ctx.db, user.userId, toDateOnly(new Date())) };
}

const typeOf = (r: q.RequestRecord) => r.type_request as HrRequestType;

export const pathOf = (r: q.RequestRecord): HrStatus[] =>
  hrRequestPath({
    typeRequest: typeOf(r),
    breachContractId: r.breach_contract_id,
    dateAdmission: r.date_admission_employee,
    createdOn: r.created_on,
  });

const factsOf = (r: q.RequestRecord): HrRequestFacts => ({
  requesterId: r.requester_id,
  path: pathOf(r),
  status: r.status,
});

/** A request the user may not see answers 404, like one that does not exist. */
export async function loadVisibleRequest(ctx: AppContext, user: HrActor, id: number) {
  const r = await q.findRequest(ctx.db, id);
  if (!r || !canSeeHrRequest(user, factsOf(r))) throw notFound(MSG.hrRequestNotFound);
  return r;
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
    await ctx.mailer.send({ to, subject, text });
  } catch (err) {
    log.error({ err, subject }, 'falha ao enviar e-mail de RH');
  }
}

const requestTitle = (r: q.RequestRecord) =>
  `${HR_REQUEST_TYPE_LABEL[typeOf(r)]} nº ${r.id}${
    r.employee_name ? ` (${r.employee_name})` : r.role_id ? ` (${optionLabel(HIRING_ROLES, r.role_id)})` : ''
  }`;

/** Tells whoever acts at the request's new stage; at the end, the requester. */
async function notifyStage(ctx: AppContext, log: FastifyBaseLogger, r: q.RequestRecord, status: number) {
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
  const approver = (await q.stageApprovers(ctx.db, toDateOnly(new Date()))).get(by);
  await mail(
    ctx,
    log,
    approver?.email,
    `${requestTitle(r)}: ${hrStageInfo(status).label}`,
    `Olá, ${approver?.nome ?? ''}.\n\nA solicitação ${requestTitle(r)} de ${r.requester_name} aguarda sua análise (${hrStageInfo(status).label}).\n\n${footer}\n`,
  );
}

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

async function createRequest(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  row: Omit<Parameters<typeof q.insertRequest>[1], keyof ReturnType<typeof requesterFields>>,
  before?: (tx: Parameters<Parameters<typeof auditedChange>[2]>[0]) => Promise<void>,
): Promise<number> {
  const now = nowIso();
  const id = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await before?.(tx);
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
  if (created) await notifyStage(ctx, log, created, HR_STATUS.criada);
  return id;
}

export async function requestHiring(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: {
    role: number;
    branch: number;
    work_time: number;
    contractType: number;
    reasonHiring: number;
    substituteFor: number | null;
    BreachContractId: number | null;
    textJustify: string;
  },
): Promise<number> {
  authorize(canRequestHr(user));
  if (body.substituteFor !== null) {
    const replaced = await q.findEmployee(ctx.db, body.substituteFor);
    if (!replaced) throw badRequest(MSG.hrSubstituteNotFound);
  }
  return createRequest(ctx, log, user, {
    type_request: 'admission',
    employee_id: null,
    employee_name: null,
    registration_employee: null,
    date_admission_employee: null,
    role_id: body.role,
    branch: body.branch,
    work_time: body.work_time,
    contract_type_id: body.contractType,
    reason_id: body.reasonHiring,
    substitute_for: body.substituteFor,
    breach_contract_id: body.BreachContractId,
    dism_fails: '',
    equipment_return: '',
    text_justify: body.textJustify,
  });
}

export async function requestDismissal(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: z.output<typeof dismissalBody>,
): Promise<number> {
  authorize(canRequestHr(user));
  const employee = await q.findEmployeeByRegistration(ctx.db, body.Registration);
  if (!employee) throw notFound(MSG.dismissalRegistrationNotFound);
  const already = async (db: Parameters<typeof q.openDismissalOf>[0]) =>
    employee.dismissal_id !== null || (await q.openDismissalOf(db, employee.id)) !== undefined;
  if (await already(ctx.db)) throw conflict(MSG.dismissalAlreadyRequested);
  return createRequest(
    ctx,
    log,
    user,
    {
      type_request: 'dismissal',
      employee_id: employee.id,
      employee_name: employee.name,
      registration_employee: employee.registration,
      date_admission_employee: employee.date_admission,
      role_id: employee.role,
      branch: employee.branch,
      work_time: employee.work_time_id,
      contract_type_id: employee.contract_type_id,
      reason_id: null,
      substitute_for: null,
      breach_contract_id: body.BreachContractId,
      dism_fails: body.DismFailsId.join(','),
      equipment_return: body.EquipamentReturnId.join(','),
      text_justify: body.textJustify,
    },
    // Checked again inside the transaction; two that pass together are stopped by the unique index
    // hr_requests_one_dismissal (migration 0011), which answers as the check does.
    async (tx) => {
      if (await already(tx)) throw conflict(MSG.dismissalAlreadyRequested);
    },
  ).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(MSG.dismissalAlreadyRequested);
    throw err;
  });
}

/**
 * Moves a request to `target` (spec §4 buttons). The stage is checked again inside the transaction:
 * a request that moved meanwhile answers 409 and nothing changes.
 */
export async function setStage(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  requestId: number,
  target: number,
): Promise<void> {
  const actor = await hrActor(ctx, user);
  const r = await loadVisibleRequest(ctx, actor, requestId);
  const path = pathOf(r);
  const transition = findHrTransition(path, r.status, target);
  if (!transition) {
    const known = target === HR_STATUS.negado || (path as number[]).includes(target);
    if (!known) throw badRequest(MSG.hrStageInvalid);
    throw conflict(MSG.hrStageConflict);
  }
  authorize(canFireHrTransition(actor, factsOf(r), transition));
  const now = nowIso();
  // A substitute standing in for an approver on vacation: the history says for whom.
  const stageApprover = (await q.stageApprovers(ctx.db, toDateOnly(now))).get(transition.by);
  const onBehalfOf = stageApprover?.userId === user.userId ? stageApprover.onBehalfOf : null;
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
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
  });
  await notifyStage(ctx, log, r, target);
}

export async function authorizeAttach(ctx: AppContext, user: SessionUser, requestId: number) {
  const actor = await hrActor(ctx, user);
  const r = await loadVisibleRequest(ctx, actor, requestId);
  authorize(canHandleAttachments(actor, factsOf(r)));
  return r;
}

export async function attach(
  ctx: AppContext,
  user: SessionUser,
  requestId: number,
  type: string | undefined,
  form: ReceivedForm,
): Promise<void> {
  await commitWithFiles(form, ctx.storage, async () => {
    await authorizeAttach(ctx, user, requestId);
    if (form.files.length === 0) throw badRequest(MSG.fillAllFields);
    const now = nowIso();
    await auditedChange(ctx.db, user.userId, async (tx, record) => {
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

export async function requestDetail(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<HrRequestDetail> {
  const actor = await hrActor(ctx, user);
  const r = await loadVisibleRequest(ctx, actor, id);
  const facts = factsOf(r);
  const abilities = hrRequestAbilities(actor, { ...facts, typeRequest: r.type_request });
  const [stages, attachments, substitute] = await Promise.all([
    q.listStages(ctx.db, id),
    abilities.attachments ? q.listAttachments(ctx.db, id) : Promise.resolve([]),
    r.substitute_for ? q.findEmployee(ctx.db, r.substitute_for) : Promise.resolve(undefined),
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
    employeeId: r.employee_id,
    dateAdmissionEmployee: r.date_admission_employee,
    attachments: attachments.map((a) => ({
      id: a.id,
      path: attachmentPath(id, a.id),
      name: a.original_name,
      mime: a.mime,
    })),
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

/** A listed row with its progress label (every path ends at Aprovado: the label needs no path). */
export function withProgress<T extends { status: number; typeRequest: string }>(row: T) {
  return {
    ...row,
    typeRequest: row.typeRequest as HrRequestType,
    progress: hrProgressLabel([HR_STATUS.aprovado], row.status),
  };
}

export async function authorizeList(
  ctx: AppContext,
  user: SessionUser,
  scope: 'all' | 'mine',
): Promise<HrActor> {
  const actor = await hrActor(ctx, user);
  if (scope === 'all') authorize(canListHrRequests(actor), MSG.noPageAccess);
  return actor;
}

// Employees ---------------------------------------------------------------------------------------

export function authorizeEmployees(user: SessionUser): void {
  authorize(canManageEmployees(user), MSG.noPageAccess);
}

export function authorizeLookup(user: SessionUser): void {
  authorize(canRequestHr(user));
}

export async function lookupEmployee(ctx: AppContext, user: SessionUser, registration: string) {
  authorizeLookup(user);
  const e = await q.findEmployeeByRegistration(ctx.db, registration);
  if (!e) throw notFound(MSG.dismissalRegistrationNotFound);
  const open = await q.openDismissalOf(ctx.db, e.id);
  return {
    id: e.id,
    name: e.name,
    role: e.role,
    Branch: e.branch,
    time: e.work_time_id,
    contractType: e.contract_type_id,
    DateAdmission: e.date_admission,
    dateDismissal: e.date_dismissal,
    hasRequestDismissal: e.dismissal_id !== null || open !== undefined,
  };
}

type EmployeeInput = z.output<typeof employeeFields>;

const employeeColumns = (b: EmployeeInput) => ({
  name: b.name,
  birth_date: b.birthDate,
  registration: b.Registration,
  date_admission: b.DateAdmission,
  branch: b.branch,
  email: b.email,
  cpf: b.cpf,
  rg: b.rg,
  pis: b.pis,
  tell: b.tell,
  food_voucher: b.foodVoucher,
  health_insurance: b.healthInsurance,
  transport_type_id: b.transportTypeId,
  wage_id: b.WageId,
  work_time_id: b.workTimeId,
  contract_type_id: b.contractTypeId,
  role: b.role,
  sector: b.sector,
});

async function refuseClash(ctx: AppContext, b: EmployeeInput, exceptId?: number) {
  const clash = await q.findEmployeeClash(ctx.db, b.Registration, b.cpf, exceptId);
  if (!clash) return;
  const reason =
    clash.registration === b.Registration ? MSG.employeeDuplicateRegistration : MSG.employeeDuplicateCpf;
  throw conflict(MSG.formNotSent(reason));
}

export async function createEmployee(ctx: AppContext, user: SessionUser, b: EmployeeInput): Promise<number> {
  authorizeEmployees(user);
  await refuseClash(ctx, b);
  const now = nowIso();
  const accrual = vacationAccrual(b.DateAdmission, [])!;
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const id = await q.insertEmployee(tx, {
      ...employeeColumns(b),
      last_date_vacation: null,
      sale_vacation: accrual.saleVacation,
      current_year_vacation: 0,
      date_dismissal: null,
      dismissal_id: null,
      created_at: now,
      updated_at: now,
    });
    record({
      action: 'hr.employee.create',
      entity: 'hr_employee',
      entityId: id,
      summary: `Funcionário ${b.name} cadastrado`,
    });
    return id;
  });
}

export async function updateEmployee(ctx: AppContext, user: SessionUser, id: number, b: EmployeeInput) {
  authorizeEmployees(user);
  const current = await q.findEmployee(ctx.db, id);
  if (!current) throw notFound(MSG.employeeNotFound);
  await refuseClash(ctx, b, id);
  const now = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const vacations = await q.listVacations(tx, id);
    // A new admission date moves the due date of the vacation.
    const accrual = vacationAccrual(
      b.DateAdmission,
      vacations.map((v) => ({ dateStart: v.DateStart, dateEnd: v.DateEnd, days: v.RequestedPeriod })),
    );
    await tx
      .updateTable('hr_employees')
      .set({
        ...employeeColumns(b),
        ...(accrual ? { sale_vacation: accrual.saleVacation } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    record({
      action: 'hr.employee.update',
      entity: 'hr_employee',
      entityId: id,
      summary: `Funcionário ${b.name} atualizado`,
    });
  });
}

export async function employeeDetail(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<EmployeeDetail> {
  authorizeEmployees(user);
  const e = await q.findEmployee(ctx.db, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  return { ...toEmployeeSheetRow(e), vacations: await q.listVacations(ctx.db, id) };
}

export function toEmployeeSheetRow(e: q.EmployeeRecord): Omit<EmployeeDetail, 'vacations'> {
  return {
    id: e.id,
    name: e.name,
    Registration: e.registration,
    role: e.role,
    sector: e.sector,
    branch: e.branch,
    DateAdmission: e.date_admission,
    DismissalId: e.dismissal_id,
    dateDismissal: e.date_dismissal,
    birthDate: e.birth_date,
    email: e.email,
    cpf: e.cpf,
    rg: e.rg,
    pis: e.pis,
    tell: e.tell,
    foodVoucher: e.food_voucher,
    healthInsurance: e.health_insurance,
    transportTypeId: e.transport_type_id,
    WageId: e.wage_id,
    workTimeId: e.work_time_id,
    contractTypeId: e.contract_type_id,
    statusEmployee: e.status_employee,
    lastDateVacation: e.last_date_vacation,
    saleVacation: e.sale_vacation,
    currentYearVacation: e.current_year_vacation,
  };
}

// Vacations ---------------------------------------------------------------------------------------

async function loadEmployee(ctx: AppContext, user: SessionUser, id: number) {
  authorizeEmployees(user);
  const e = await q.findEmployee(ctx.db, id);
  if (!e) throw notFound(MSG.employeeNotFound);
  return e;
}

export async function listVacations(ctx: AppContext, user: SessionUser, employeeId: number) {
  await loadEmployee(ctx, user, employeeId);
  return q.listVacations(ctx.db, employeeId);
}

/** Writes the accrual fields from every vacation of the employee (refused over 30 days a period). */
async function saveAccrual(
  tx: Parameters<typeof q.listVacations>[0],
  e: q.EmployeeRecord,
  now: string,
  failure: string,
): Promise<void> {
  const vacations = await q.listVacations(tx, e.id);
  const accrual = vacationAccrual(
    e.date_admission,
    vacations.map((v) => ({ dateStart: v.DateStart, dateEnd: v.DateEnd, days: v.RequestedPeriod })),
  );
  if (!accrual) throw badRequest(failure);
  await tx
    .updateTable('hr_employees')
    .set({
      last_date_vacation: accrual.lastDateVacation,
      sale_vacation: accrual.saleVacation,
      current_year_vacation: accrual.currentYearVacation,
      updated_at: now,
    })
    .where('id', '=', e.id)
    .execute();
}

export async function scheduleVacation(
  ctx: AppContext,
  user: SessionUser,
  employeeId: number,
  b: { dateStart: string; dateEnd: string; requestedPeriod: number },
): Promise<void> {
  const e = await loadEmployee(ctx, user, employeeId);
  if (e.dismissal_id !== null) throw badRequest(MSG.vacationScheduleError(MSG.employeeDismissed));
  const now = nowIso();
  if (b.dateStart < toDateOnly(now)) throw badRequest(MSG.vacationStartDate);
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    // The employee's row is locked first: two schedules for him run one after the other, and the
    // second sees the first's vacation (PostgreSQL row lock; SQLite has one writer).
    await q.lockEmployee(tx, employeeId, now);
    if (await q.overlappingVacation(tx, employeeId, b.dateStart, b.dateEnd))
      throw conflict(MSG.vacationScheduleError(MSG.employeeVacationOverlap));
    const { id } = await tx
      .insertInto('hr_vacations')
      .values({
        employee_id: employeeId,
        date_start: b.dateStart,
        date_end: b.dateEnd,
        requested_period: b.requestedPeriod,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveAccrual(tx, e, now, MSG.vacationScheduleError(MSG.vacationOverPeriod));
    record({
      action: 'hr.vacation.schedule',
      entity: 'hr_vacation',
      entityId: id,
      summary: `Férias de ${e.name}: ${b.dateStart} a ${b.dateEnd} (${b.requestedPeriod} dias)`,
    });
  });
}

export async function updateVacation(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  b: { days: number; DateEnd: string },
): Promise<void> {
  authorizeEmployees(user);
  const v = await q.findVacation(ctx.db, id);
  if (!v) throw notFound(MSG.vacationNotFound);
  if (employeeVacationEnd(v.date_start, b.days) !== b.DateEnd) throw badRequest(MSG.vacationUpdateError);
  const e = await loadEmployee(ctx, user, v.employee_id);
  const now = nowIso();
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await q.lockEmployee(tx, e.id, now);
    if (await q.overlappingVacation(tx, e.id, v.date_start, b.DateEnd, id))
      throw conflict(`${MSG.vacationUpdateError} ${MSG.employeeVacationOverlap}`);
    await tx
      .updateTable('hr_vacations')
      .set({ requested_period: b.days, date_end: b.DateEnd, updated_at: now })
      .where('id', '=', id)
      .execute();
    await saveAccrual(tx, e, now, `${MSG.vacationUpdateError}: ${MSG.vacationOverPeriod}`);
    record({
      action: 'hr.vacation.update',
      entity: 'hr_vacation',
      entityId: id,
      summary: `Férias de ${e.name}: ${v.requested_period} → ${b.days} dias`,
    });
  });
}

// Medical leave (LGPD) ----------------------------------------------------------------------------

export function authorizeMedicalLeave(user: SessionUser): void {
  authorize(canSeeMedicalLeave(user), MSG.noPageAccess);
}

/** Health data: every read is written to the audit log, in the same transaction as the read. */
export async function listMedicalLeave(ctx: AppContext, user: SessionUser, employeeId: number) {
  authorizeMedicalLeave(user);
  const e = await q.findEmployee(ctx.db, employeeId);
  if (!e) throw notFound(MSG.employeeNotFound);
  return readLeaves(ctx, user, e);
}

function readLeaves(ctx: AppContext, user: SessionUser, e: q.EmployeeRecord) {
  const employeeId = e.id;
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const rows = await q.listLeaves(tx, employeeId);
    record({
      action: 'hr.medicalLeave.read',
      entity: 'hr_employee',
      entityId: employeeId,
      summary: `Atestados de ${e.name} consultados (${rows.length})`,
    });
    return rows;
  });
}

/**
 * GET absences (spec §7): an employee's vacations and medical leave, for the HR team. The leave is
 * health data: null to who may not see it, and its read is audited like listMedicalLeave's.
 */
export async function absences(ctx: AppContext, user: SessionUser, employeeId: number): Promise<Absences> {
  const e = await loadEmployee(ctx, user, employeeId);
  const vacations = await q.listVacations(ctx.db, employeeId);
  if (!canSeeMedicalLeave(user)) return { vacations, medicalLeave: null };
  return { vacations, medicalLeave: await readLeaves(ctx, user, e) };
}

export async function createMedicalLeave(
  ctx: AppContext,
  user: SessionUser,
  b: {
    EmployeeId: number;
    hubUnit: number;
    shift: number;
    start_date: string;
    end_date: string;
    cid_code: string;
    medical_unit: string;
    doctor_name: string;
    doctor_crm: string;
    note: string;
  },
): Promise<number> {
  authorizeMedicalLeave(user);
  const e = await q.findEmployee(ctx.db, b.EmployeeId);
  if (!e) throw notFound(MSG.employeeNotFound);
  const now = nowIso();
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const { id } = await tx
      .insertInto('hr_medical_leaves')
      .values({
        employee_id: b.EmployeeId,
        hub_unit: b.hubUnit,
        shift: b.shift,
        start_date: b.start_date,
        end_date: b.end_date,
        total_days: leaveDays(b.start_date, b.end_date),
        cid_code: b.cid_code,
        medical_unit: b.medical_unit,
        doctor_name: b.doctor_name,
        doctor_crm: b.doctor_crm,
        note: b.note,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The audit summary names no diagnosis: the log is read by more people than the record.
    record({
      action: 'hr.medicalLeave.create',
      entity: 'hr_medical_leave',
      entityId: id,
      summary: `Atestado de ${e.name} registrado`,
    });
    return id;
  });
}

/** The leave report is a read of health data too: audited. */
export async function auditLeaveReport(ctx: AppContext, user: SessionUser, from: string, to: string) {
  authorizeMedicalLeave(user);
  await auditedChange(ctx.db, user.userId, async (_tx, record) => {
    record({
      action: 'hr.medicalLeave.report',
      entity: 'hr_medical_leave',
      summary: `Relatório de atestados ${from} a ${to}`,
    });
  });
}
