import { z } from 'zod';
import { filterText } from '../lists/filter-text.ts';
import { listTotal } from '../lists/list-total.ts';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId, bodyInt, queryId, queryInt } from '../ids.ts';
import { recordLink } from '../links/record-links.ts';
import { MSG } from '../messages.ts';
import { branchId, listOf, oneOf, text } from './hr.fields.ts';
import {
  CONTRACT_TYPES,
  DISMISSAL_REASONS,
  DISMISSAL_TYPES,
  HIRING_REASON,
  HIRING_REASONS,
  HIRING_ROLES,
  REPLACEMENT_JUSTIFICATIONS,
  RETURNED_EQUIPMENT,
  WORK_TIMES,
} from './hr.options.ts';
import { HR_PROGRESS_OPTIONS, HR_REQUEST_TYPES } from './hr.workflow.ts';

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
    branch: branchId(fill),
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
  /** The employee it is about (a dismissal) or created (a hiring), only to who manages employees (decision 0121). */
  employeeId: z.number().nullable(),
  employeeLink: recordLink.nullable(),
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
