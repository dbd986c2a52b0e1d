import { z } from 'zod';
import { filterText } from '../lists/filter-text.ts';
import { listTotal } from '../lists/list-total.ts';
import '../zod-locale.ts';
import { isValidCpf } from '../cpf.ts';
import { dateOnlySchema, isDateOnly } from '../dates.ts';
import { bodyId, bodyInt, queryId, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { type SectorName, toSectorName } from '../roles.ts';
import { crmSchema } from './hr.crm.ts';
import {
  CONTRACT_TYPES,
  DISMISSAL_REASONS,
  DISMISSAL_TYPES,
  EMPLOYEE_ROLES,
  HIRING_REASON,
  HIRING_REASONS,
  HIRING_ROLES,
  HR_BRANCHES,
  type HrOption,
  REPLACEMENT_JUSTIFICATIONS,
  RETURNED_EQUIPMENT,
  TRANSPORT_TYPES,
  WAGE_TYPES,
  WORK_TIMES,
} from './hr.options.ts';
import { HR_PROGRESS_OPTIONS, HR_REQUEST_TYPES } from './hr.workflow.ts';

/** One of a numbered list; any problem (missing, not a number, not listed) says `message`. */
const oneOf = (options: readonly HrOption[], message: string) =>
  bodyInt({ message }).refine((v) => options.some((o) => o.id === v), { error: message });

const listOf = (options: readonly HrOption[], message: string) =>
  z
    .array(oneOf(options, message), { error: message })
    .min(1, { error: message })
    .max(options.length, { error: message })
    .refine((v) => new Set(v).size === v.length, { error: message });

const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });

export const HR_TEXT_MAX = 2000;
/** Employee matrícula: up to 3 digits (spec §5 mask). */
export const EMPLOYEE_REGISTRATION = /^\d{1,3}$/;

const fill = MSG.fillAllFields;

/**
 * POST hire_request (spec §3): substituteFor only when the reason is 1 (Substituição),
 * BreachContractId only when it is 1 or 2; either is dropped otherwise (spec §4).
 */
export const hiringBody = z
  .object({
    role: oneOf(HIRING_ROLES, fill),
    branch: oneOf(HR_BRANCHES, fill),
    work_time: oneOf(WORK_TIMES, fill),
    contractType: oneOf(CONTRACT_TYPES, fill),
    reasonHiring: oneOf(HIRING_REASONS, fill),
    substituteFor: bodyId(fill).nullable().optional(),
    BreachContractId: oneOf(REPLACEMENT_JUSTIFICATIONS, fill).nullable().optional(),
    textJustify: text(fill, HR_TEXT_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.reasonHiring === HIRING_REASON.substituicao && b.substituteFor == null)
      ctx.addIssue({ code: 'custom', path: ['substituteFor'], message: fill });
    if (hiringNeedsJustification(b.reasonHiring) && b.BreachContractId == null)
      ctx.addIssue({ code: 'custom', path: ['BreachContractId'], message: fill });
  })
  .transform((b) => ({
    ...b,
    substituteFor: b.reasonHiring === HIRING_REASON.substituicao ? (b.substituteFor ?? null) : null,
    BreachContractId: hiringNeedsJustification(b.reasonHiring) ? (b.BreachContractId ?? null) : null,
  }));
export type HiringBody = z.input<typeof hiringBody>;

export function hiringNeedsJustification(reason: number | null | undefined): boolean {
  return reason === HIRING_REASON.substituicao || reason === HIRING_REASON.aumentoDeQuadro;
}

/** POST dismissalRequest (spec §3). */
export const dismissalBody = z.object({
  Registration: z
    .string({ error: fill })
    .trim()
    .min(1, { error: fill })
    .regex(EMPLOYEE_REGISTRATION, { error: MSG.dismissalRegistrationNotFound }),
  BreachContractId: oneOf(DISMISSAL_TYPES, fill),
  DismFailsId: listOf(DISMISSAL_REASONS, fill),
  EquipamentReturnId: listOf(RETURNED_EQUIPMENT, fill),
  textJustify: text(fill, HR_TEXT_MAX),
});
export type DismissalBody = z.input<typeof dismissalBody>;

export const hrCreatedReply = z.object({ success: z.literal(true), id: z.number(), message: z.string() });

/**
 * POST rhstage_request (spec §7): `stage` is the status the button leads to; the other fields of
 * the documented payload are accepted and ignored (the server reads the request's own).
 */
export const stageBody = z.object({
  requestId: bodyId(),
  stage: bodyInt({ max: 100 }),
  stageName: z.string().max(60).optional(),
  typeRequest: z.string().max(20).optional(),
  dateAdmissionEmployee: z.string().max(30).nullable().optional(),
});

export const HR_REQUEST_SORT = ['Id', 'Date', 'typeRequest', 'requesterName', 'status'] as const;
export type HrRequestSort = (typeof HR_REQUEST_SORT)[number];
export const HR_LIST_SCOPE = ['all', 'mine'] as const;

/** GET hr-requests: `mine` is Minhas Solicitações, `all` Atendimento RH. */
export const hrRequestListQuery = z.object({
  scope: z.enum(HR_LIST_SCOPE).default('mine'),
  Id: queryId().optional().catch(undefined),
  typeRequest: z.enum(HR_REQUEST_TYPES).optional().catch(undefined),
  progress: z.enum(HR_PROGRESS_OPTIONS).optional().catch(undefined),
  requesterName: filterText(),
  employeeName: filterText(),
  from: dateOnlySchema.optional(),
  to: dateOnlySchema.optional(),
  /** `1`: only what waits for the caller's decision (hr.policy.ts#awaitsHrDecisionOf). */
  waiting: z.enum(['0', '1']).optional().catch(undefined),
  sort: z.enum(HR_REQUEST_SORT).default('Date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(50),
});
export type HrRequestListQuery = z.input<typeof hrRequestListQuery>;
export type HrRequestFilters = Omit<
  z.output<typeof hrRequestListQuery>,
  'sort' | 'dir' | 'page' | 'pageSize'
>;

export const hrRequestRow = z.object({
  Id: z.number(),
  typeRequest: z.enum(HR_REQUEST_TYPES),
  Date: z.string(),
  status: z.number(),
  /** Solicitação Aberta / Aceito / Finalizado. */
  progress: z.string(),
  requesterId: z.number(),
  requesterName: z.string(),
  requesterMat: z.string(),
  requesterSetor: z.string().nullable(),
  employeeName: z.string().nullable(),
  registrationEmployee: z.string().nullable(),
  roleId: z.number().nullable(),
  branchEmployee: z.number().nullable(),
});
export type HrRequestRow = z.infer<typeof hrRequestRow>;

export const hrRequestListReply = z.object({
  rows: z.array(hrRequestRow),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
});

export const hrAttachment = z.object({
  id: z.number(),
  path: z.string(),
  name: z.string(),
  mime: z.string(),
});

export const hrTimelineStep = z.object({
  status: z.number(),
  label: z.string(),
  date: z.string().nullable(),
  done: z.boolean(),
  denied: z.boolean(),
});

export const hrRequestDetail = hrRequestRow.extend({
  stages: z.array(z.object({ status: z.number(), date: z.string(), type: z.string() })),
  timeline: z.array(hrTimelineStep),
  work_time: z.number().nullable(),
  ContractTypeId: z.number().nullable(),
  ReasonId: z.number().nullable(),
  IsReplacement: z.boolean(),
  substituteFor: z.number().nullable(),
  substituteName: z.string().nullable(),
  BreachContractId: z.number().nullable(),
  DismFailsId: z.array(z.number()),
  EquipamentReturnId: z.array(z.number()),
  textJustify: z.string(),
  employeeId: z.number().nullable(),
  dateAdmissionEmployee: z.string().nullable(),
  /** Only to who handles the request (never the requester's view). */
  attachments: z.array(hrAttachment),
  /** To a party who would decide a coming stage: who decides it instead (hr.desks.ts#hrDeciderNotes). */
  notes: z.array(z.string()),
  abilities: z.object({
    transitions: z.array(z.object({ to: z.number(), label: z.string() })),
    attachments: z.boolean(),
    insertEmployee: z.boolean(),
  }),
});
export type HrRequestDetail = z.infer<typeof hrRequestDetail>;

/** The home's count of what waits for the caller (like the purchases'): at most this, `capped` beyond. */
export const HR_WAITING_CAP = 99;

/** GET hr-requests/:id: the list it is opened from; `mine` (the requester's view) offers no buttons. */
export const hrRequestViewQuery = z.object({ view: z.enum(HR_LIST_SCOPE).default('all').catch('all') });

export const hrRequestIdQuery = z.object({ id: queryId() });
export const hrIdParams = z.object({ id: queryId() });
export const hrAttachmentParams = z.object({ id: queryId(), attachmentId: queryId() });
export const attachmentFields = z.object({ request_id: queryId(), type: z.string().max(20).optional() });

/** Files on a request: images and PDF by their bytes (spec §5). */
export const HR_ATTACHMENT = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 10,
  mimes: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/svg+xml', 'application/pdf'] as const,
  // SVG is left out: no magic bytes to check it by, and it may carry script (decision 0093).
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'pdf'] as const,
};

export const hasHrAttachmentExtension = (name: string) =>
  (HR_ATTACHMENT.extensions as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

// Employees ---------------------------------------------------------------------------------

const invalid = MSG.employeeInvalidParams;
const digitsOf = (v: string) => v.replace(/[^0-9A-Za-z]/g, '');
/** A document typed with or without its mask, kept without punctuation (spec §5). */
const doc = (pattern: RegExp, message: string) =>
  z
    .string({ error: invalid })
    .transform(digitsOf)
    .pipe(z.string().min(1, { error: invalid }).regex(pattern, { error: message }));
const flag01 = z.union([z.literal(0), z.literal(1)], { error: invalid });

const sector = z.string({ error: invalid }).transform((v, ctx): SectorName => {
  const name = toSectorName(v);
  if (!name) ctx.addIssue({ code: 'custom', message: invalid });
  return name as SectorName;
});

/** POST employee / PUT employee (spec §3 Employee, §5 employee forms). */
export const employeeFields = z.object({
  name: text(invalid, LIMITS.employeeNameMax),
  birthDate: dateOnlySchema,
  Registration: z
    .string({ error: invalid })
    .trim()
    .min(1, { error: invalid })
    .regex(EMPLOYEE_REGISTRATION, { error: 'A matrícula deve ter até 3 dígitos.' }),
  DateAdmission: dateOnlySchema,
  branch: oneOf(HR_BRANCHES, invalid),
  email: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Informe um e-mail válido.' })
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  cpf: doc(/^\d{11}$/, 'CPF inválido.').refine(isValidCpf, { error: 'CPF inválido.' }),
  rg: doc(/^[0-9A-Za-z]{5,14}$/, 'RG inválido.'),
  pis: doc(/^\d{11}$/, 'PIS inválido.'),
  tell: doc(/^\d{10,11}$/, 'Telefone inválido.'),
  foodVoucher: flag01,
  healthInsurance: flag01,
  transportTypeId: oneOf(TRANSPORT_TYPES, invalid),
  WageId: oneOf(WAGE_TYPES, invalid),
  workTimeId: oneOf(WORK_TIMES, invalid),
  contractTypeId: oneOf(CONTRACT_TYPES, invalid),
  role: oneOf(EMPLOYEE_ROLES, invalid),
  sector,
});
export type EmployeeFields = z.input<typeof employeeFields>;
export const employeeUpdateBody = employeeFields.extend({ id: bodyId() });

/** The new-employee form's defaults (spec §9): unit 1, role 9, transport 3, wage 1, work time 1, contract 1. */
export const EMPLOYEE_DEFAULTS = {
  branch: 1,
  role: 9,
  transportTypeId: 3,
  WageId: 1,
  workTimeId: 1,
  contractTypeId: 1,
  foodVoucher: 0,
  healthInsurance: 0,
} as const;

export const employeeRow = z.object({
  id: z.number(),
  name: z.string(),
  Registration: z.string(),
  role: z.number(),
  sector: z.string(),
  branch: z.number(),
  DateAdmission: z.string(),
  DismissalId: z.number().nullable(),
  dateDismissal: z.string().nullable(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;

export const EMPLOYEE_SORT = ['name', 'Registration', 'DateAdmission'] as const;
export const employeeListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(45)
    .optional()
    .transform((v) => v || undefined),
  dismissed: z.enum(['all', 'active', 'dismissed']).default('all'),
  sort: z.enum(EMPLOYEE_SORT).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(50),
});
export type EmployeeListQuery = z.input<typeof employeeListQuery>;
export const employeeListReply = z.object({
  rows: z.array(employeeRow),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
});

export const vacation = z.object({
  Id: z.number(),
  EmployeeId: z.number(),
  DateStart: z.string(),
  DateEnd: z.string(),
  RequestedPeriod: z.number(),
});
export type Vacation = z.infer<typeof vacation>;

export const employeeDetail = employeeRow.extend({
  birthDate: z.string(),
  email: z.string().nullable(),
  cpf: z.string(),
  rg: z.string(),
  pis: z.string(),
  tell: z.string(),
  foodVoucher: z.number(),
  healthInsurance: z.number(),
  transportTypeId: z.number(),
  WageId: z.number(),
  workTimeId: z.number(),
  contractTypeId: z.number(),
  statusEmployee: z.number(),
  lastDateVacation: z.string().nullable(),
  /** The last day to take the vacation due (end of the concession period). */
  saleVacation: z.string(),
  /** Days already taken in the current acquisition period (of 30). */
  currentYearVacation: z.number(),
  vacations: z.array(vacation),
});
export type EmployeeDetail = z.infer<typeof employeeDetail>;

/** The dismissal form's lookup by matrícula: only what the form shows. */
export const employeeLookupQuery = z.object({
  Registration: z.string().trim().regex(EMPLOYEE_REGISTRATION, { error: MSG.dismissalRegistrationNotFound }),
});
export const employeeLookupReply = z.object({
  id: z.number(),
  name: z.string(),
  role: z.number(),
  Branch: z.number(),
  time: z.number(),
  contractType: z.number(),
  DateAdmission: z.string(),
  dateDismissal: z.string().nullable(),
  hasRequestDismissal: z.boolean(),
});

/** The hiring form's substitute picker: active employees by name or matrícula. */
export const employeePickQuery = z.object({
  search: z
    .string()
    .trim()
    .max(45)
    .optional()
    .transform((v) => v || undefined),
});
export const employeePickReply = z.array(
  z.object({ id: z.number(), name: z.string(), matricula: z.string(), setor: z.string() }),
);

// Vacations -----------------------------------------------------------------------------------

export const VACATION_DAYS_PER_PERIOD = 30;
const vacationDays = bodyInt({
  min: 1,
  max: VACATION_DAYS_PER_PERIOD,
  message: 'Quantidade de dias inválida.',
});

/** Spec §5 (employee vacation scheduling): end = start + days (the calendar shows start + days − 1: calendar.dates.ts). */
export function employeeVacationEnd(dateStart: string, days: number): string {
  const d = new Date(`${dateStart}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** POST vacation (spec §7: dateStart, dateEnd, requestedPeriod); `today` is checked by the server. */
export const employeeVacationBody = z
  .object({
    dateStart: z
      .string({ error: MSG.vacationAllFields })
      .min(1, { error: MSG.vacationAllFields })
      .pipe(dateOnlySchema),
    dateEnd: z
      .string({ error: MSG.vacationAllFields })
      .min(1, { error: MSG.vacationAllFields })
      .pipe(dateOnlySchema),
    requestedPeriod: z.number({ error: MSG.vacationAllFields }).pipe(vacationDays),
  })
  .refine(
    (b) => !isDateOnly(b.dateStart) || employeeVacationEnd(b.dateStart, b.requestedPeriod) === b.dateEnd,
    {
      path: ['dateEnd'],
      error: 'A data final deve ser a data inicial mais a quantidade de dias.',
    },
  );
export type EmployeeVacationBody = z.input<typeof employeeVacationBody>;

/** PUT vacation (spec §7: Id, days, DateEnd). */
export const vacationUpdateBody = z.object({
  days: z.number({ error: MSG.vacationAllFields }).pipe(vacationDays),
  DateEnd: dateOnlySchema,
});

// Medical leave (LGPD: HR only) ------------------------------------------------------------------

export const medicalLeaveBody = z
  .object({
    EmployeeId: bodyId(),
    hubUnit: oneOf(HR_BRANCHES, invalid),
    shift: oneOf(WORK_TIMES, invalid),
    start_date: dateOnlySchema,
    end_date: dateOnlySchema,
    cid_code: z
      .string({ error: invalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]\d{2}(\.?\d{1,2})?$/, { error: 'Código CID inválido.' }),
    medical_unit: text(invalid, 120),
    doctor_name: text(invalid, 80),
    doctor_crm: crmSchema(invalid),
    note: z.string().trim().max(HR_TEXT_MAX).optional().default(''),
  })
  .refine((b) => b.end_date >= b.start_date, {
    path: ['end_date'],
    error: 'A data final deve ser igual ou posterior à data inicial.',
  });
export type MedicalLeaveBody = z.input<typeof medicalLeaveBody>;

export const medicalLeave = z.object({
  id: z.number(),
  EmployeeId: z.number(),
  hubUnit: z.number(),
  name: z.string(),
  registration: z.string(),
  role: z.number(),
  shift: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  total_days: z.number(),
  cid_code: z.string(),
  medical_unit: z.string(),
  doctor_name: z.string(),
  doctor_crm: z.string(),
  note: z.string(),
});
export type MedicalLeave = z.infer<typeof medicalLeave>;
export const medicalLeaveQuery = z.object({ Id: queryId() });

/** GET absences (spec §7: vacations and licenses) of one employee. */
export const absencesQuery = z.object({ EmployeeId: queryId() });
/**
 * An employee's absences. `medicalLeave` is health data (LGPD): null for a caller who may not see it
 * (hr.policy.ts#canSeeMedicalLeave), never an empty list that would say "no leave".
 */
export const absencesReply = z.object({
  vacations: z.array(vacation),
  medicalLeave: z.array(medicalLeave).nullable(),
});
export type Absences = z.infer<typeof absencesReply>;

/** Days of a leave, both ends counted. */
export const leaveDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export const periodQuery = z
  .object({ from: dateOnlySchema, to: dateOnlySchema })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Período inválido.' });
