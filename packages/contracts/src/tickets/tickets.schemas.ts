import { z } from 'zod';
import { filterText } from '../lists/filter-text.ts';
import { listTotal } from '../lists/list-total.ts';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId, bodyInt, queryId, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { recordLink } from '../links/record-links.ts';
import { MSG } from '../messages.ts';
import { normalizeName } from '../roles.ts';
import { BRANCH_LABEL_MAX, orgBranchName } from '../sectors/sectors.schemas.ts';

/** Ticket departments as they travel and are stored (spec §9; spec/decisions.md "Names and values"). */
export const DEPARTMENTS = [
  'Recursos Humanos',
  'Tecnologia de Informacao',
  'QSSMA',
  'Infraestrutura',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/**
 * What the screens and spreadsheets show for each department: Infraestrutura is shown as
 * Manutenção, and TI with its accents like the sector (the value sent stays unaccented).
 */
export const DEPARTMENT_LABEL: Record<Department, string> = {
  'Recursos Humanos': 'Recursos Humanos',
  'Tecnologia de Informacao': 'Tecnologia de Informação',
  QSSMA: 'QSSMA',
  Infraestrutura: 'Manutenção',
};

/** Problem types per department, in the order of spec §9 (the first is the form's default). */
export const PROBLEM_TYPES: Record<Department, readonly string[]> = {
  'Recursos Humanos': [
    'Marcação de ponto',
    'Horas Extras',
    'Faltas',
    'Salário',
    'Atestados',
    'Demissão',
    'Advertência',
    'Outros',
  ],
  'Tecnologia de Informacao': [
    'Internet',
    'Computador',
    'Impressora',
    'CheckList',
    'Intranet',
    'Coletores',
    'Acesso à portaria',
    'Outros',
  ],
  QSSMA: ['CAT', 'Informar risco de AT', 'EPI', 'Outros'],
  Infraestrutura: [
    'Empilhadeira',
    'Instalação',
    'Rede Eletrica',
    'Ar-condicionado',
    'Nova Estrutura',
    'Outros',
  ],
};

/** Accepts a department written with or without accents (or its label Manutenção). */
export function toDepartment(value: string): Department | undefined {
  const wanted = normalizeName(value);
  if (wanted === normalizeName(DEPARTMENT_LABEL.Infraestrutura)) return 'Infraestrutura';
  return DEPARTMENTS.find((d) => normalizeName(d) === wanted);
}

/** Material measures of spec §3. */
export const MEASURES = ['quilos', 'gramas', 'metros', 'milímetros', 'litros', 'unidades'] as const;
export type Measure = (typeof MEASURES)[number];

/** Files a call or an answer may carry: images and PDF, decided by their bytes. */
export const TICKET_ATTACHMENT = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  mimes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const,
} as const;

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });

const department = z
  .string({ error: MSG.fillAllFields })
  .min(1, { error: MSG.fillAllFields })
  .transform((v, ctx) => {
    const d = toDepartment(v);
    if (!d) ctx.addIssue({ code: 'custom', message: MSG.ticketUnknownDepartment });
    return d as Department;
  });

/** The unit's shape; the server checks it names an active branch and keeps its stored name (decision 0116). */
const unit = orgBranchName(MSG.fillAllFields);

/** POST insertCall (spec §7): problem, descript, dep, filial. */
export const insertCallBody = z
  .object({
    problem: required(MSG.fillAllFields, 60),
    descript: required(MSG.fieldRequired, LIMITS.textMax),
    dep: department,
    filial: unit,
  })
  .superRefine((body, ctx) => {
    if (body.dep && !PROBLEM_TYPES[body.dep].includes(body.problem)) {
      ctx.addIssue({ code: 'custom', path: ['problem'], message: MSG.ticketUnknownProblem });
    }
  });
export type InsertCallBody = z.input<typeof insertCallBody>;
export const insertCallReply = z.object({ success: z.literal(true), id: z.number(), message: z.string() });

/** PUT setCall: the target status; the server finds the transition in the workflow table. */
export const setCallBody = z.object({
  id: bodyId(),
  status: bodyInt(),
});

const isoDate = dateOnlySchema.optional();

export const CALL_SORT = ['id', 'data', 'status', 'nome_usuario', 'dep', 'filial'] as const;
export type CallSort = (typeof CALL_SORT)[number];
export const CALL_SCOPE = ['mine', 'open'] as const;
export type CallScope = (typeof CALL_SCOPE)[number];

/**
 * List and export filters. scope mine: every call the user may see (My calls); scope open:
 * the queue of the departments the user supports (Chamados Abertos).
 */
export const callListQuery = z.object({
  scope: z.enum(CALL_SCOPE).default('mine'),
  ticket: queryId().optional().catch(undefined),
  attendant: filterText(),
  /** One of DEPARTMENTS (the column's select): as long as the longest of them. */
  dep: filterText(Math.max(...DEPARTMENTS.map((d) => d.length))),
  name: filterText(),
  /** A branch's stored name (the filter offers GET /api/org's branches). */
  filial: filterText(BRANCH_LABEL_MAX),
  matricula: filterText(),
  setor: filterText(),
  status: queryInt().optional(),
  from: isoDate,
  to: isoDate,
  sort: z.enum(CALL_SORT).default('data'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(50),
  /** Keyset paging: '' on the first page, then the `nextCursor` of the previous one (no offset). */
  cursor: z.string().max(500).optional(),
});
export type CallListQuery = z.input<typeof callListQuery>;
export type CallFilters = { scope: CallScope } & Partial<
  Omit<z.output<typeof callListQuery>, 'scope' | 'page' | 'pageSize' | 'sort' | 'dir' | 'cursor'>
>;

export const callRow = z.object({
  id: z.number(),
  problema: z.string(),
  dep: z.string(),
  data: z.string(),
  status: z.number(),
  nome_usuario: z.string(),
  matricula_usuario: z.string(),
  setor_usuario: z.string().nullable(),
  nome_suporte: z.string().nullable(),
  matricula_suporte: z.string().nullable(),
  filial: z.string(),
});
export type CallRow = z.infer<typeof callRow>;

export const callListReply = z.object({
  rows: z.array(callRow),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
  /** With a `cursor` in the request, while more rows follow. */
  nextCursor: z.string().optional(),
});
export type CallListReply = z.infer<typeof callListReply>;

export const attachmentRef = z.object({
  id: z.number(),
  filepath: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
});
export type AttachmentRef = z.infer<typeof attachmentRef>;

export const callAnswer = z.object({
  id: z.number(),
  userName: z.string(),
  msg: z.string(),
  date: z.string(),
  attachments: z.array(attachmentRef),
});
export type CallAnswer = z.infer<typeof callAnswer>;

export const material = z.object({
  id: z.number(),
  item_name: z.string(),
  measure: z.string(),
  qnt: z.number(),
  chamado_id: z.number(),
});
export type Material = z.infer<typeof material>;

export const callHistoryEntry = z.object({
  id: z.number(),
  date: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
});

export const callAbilitiesSchema = z.object({
  transitions: z.array(z.number()),
  answer: z.boolean(),
  insertMaterials: z.boolean(),
});
export type CallAbilities = z.infer<typeof callAbilitiesSchema>;

/** The ticket as read (spec §3), with its attachments, materials, history and the caller's abilities. */
export const callDetail = callRow.extend({
  descricao: z.string(),
  setores_usuario: z.string().nullable(),
  link: z.string().nullable(),
  imgAttachment: z.string().nullable(),
  /** The purchase request of a materials call, only to who may open it (canSeePurchase; decision 0121). */
  request_id: z.number().nullable(),
  purchaseLink: recordLink.nullable(),
  attachments: z.array(attachmentRef),
  answers_call_receive: z.array(callAnswer),
  materials: z.array(material),
  history: z.array(callHistoryEntry),
  abilities: callAbilitiesSchema,
});
export type CallDetail = z.infer<typeof callDetail>;

export const singleCallQuery = z.object({ id: queryId() });
export const callIdParams = z.object({ id: queryId() });
export const attachmentParams = z.object({ id: queryId(), attachmentId: queryId() });

export const answerBody = z.object({
  msg: z
    .string({ error: MSG.fieldRequired })
    .trim()
    .min(1, { error: MSG.fieldRequired })
    .max(LIMITS.answerTextMax, { error: MSG.answerTooLong }),
});

/** A material's name in a ticket's list. */
export const TICKET_MATERIAL_NAME_MAX = 120;
export const materialItem = z.object({
  item_name: required(MSG.fillAllFields, TICKET_MATERIAL_NAME_MAX),
  measure: z.enum(MEASURES, { error: MSG.ticketUnknownMeasure }),
  qnt: z
    .number({ error: MSG.ticketMaterialQuantity })
    .positive({ error: MSG.ticketMaterialQuantity })
    .max(1_000_000, { error: MSG.ticketMaterialQuantity }),
});
export const materialsBody = z.object({
  items: z.array(materialItem).min(1, { error: MSG.fillAllFields }).max(100),
});
export type MaterialsBody = z.input<typeof materialsBody>;
export const materialsQuery = z.object({ chamado_id: queryId() });
