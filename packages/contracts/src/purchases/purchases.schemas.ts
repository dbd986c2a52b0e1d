import { z } from 'zod';
import { filterText } from '../lists/filter-text.ts';
import { listTotal } from '../lists/list-total.ts';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId, queryId, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { recordLink } from '../links/record-links.ts';
import { MSG } from '../messages.ts';
import { moneySchema } from '../money.ts';
import { BRANCH_LABEL_MAX, SECTOR_MSG, SECTOR_NAME_MAX } from '../sectors/sectors.schemas.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import { PURCHASE_TRANSITION_KEYS } from './purchases.workflow.ts';

export const REQUEST_TYPES = ['compra', 'servico'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_TYPE_LABEL: Record<RequestType, string> = {
  compra: 'Compra',
  servico: 'Serviço de Terceiros',
};

export const PRIORITY_LABEL: Record<number, string> = { 1: 'Alta', 2: 'Média', 3: 'Baixa' };
export const priorityLabel = (p: number) => PRIORITY_LABEL[p] ?? String(p);

/** Justifications of a request; replacing an asset (or a supply, corrective) needs files. */
export const JUSTIFICATIONS = [
  'Reposição de ativo',
  'Reposição de insumo',
  'Novo ativo',
  'Novo insumo',
  'Serviço',
  'Outros',
] as const;
export type Justification = (typeof JUSTIFICATIONS)[number];
export const SUPPLY_TYPES = ['Corretiva', 'Preventiva'] as const;

/** Spec §5: files are required when the justification replaces an asset, or a supply of corrective type. */
export const filesRequired = (justify: string | undefined, supplyType: string | undefined | null) =>
  justify === 'Reposição de ativo' || (justify === 'Reposição de insumo' && supplyType === 'Corretiva');

export const QUOTE_CHANNELS = ['Online', 'Fisica'] as const;
export type QuoteChannel = (typeof QUOTE_CHANNELS)[number];

/** Files of a request, quote or comment: images and PDF by their bytes, 10 MB each. */
export const PURCHASE_FILE = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  mimes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const,
} as const;

/**
 * The labels of the request form's required fields, as the screen shows them and as the
 * required-fields message lists them (spec §5): `descript` is the Produto of a compra, the Serviço
 * of a serviço.
 */
export const openRequestLabels = (typerequest: RequestType) =>
  ({
    descript: typerequest === 'servico' ? 'Serviço' : 'Produto',
    justify: 'Justificativa',
    justifyDescript: 'Descrição da justificativa',
    priority: 'Prioridade',
    filial: 'Unidade de destino',
  }) as const;
type OpenRequestRequired = keyof ReturnType<typeof openRequestLabels>;
const OPEN_REQUEST_REQUIRED = Object.keys(openRequestLabels('compra')) as OpenRequestRequired[];

/**
 * Spec §5: a compra needs a link or a file; a justification that replaces an asset (or a supply,
 * corrective) needs files. The form checks it before sending, the server again on receipt.
 */
export function openRequestFilesProblem(
  body: { typerequest: RequestType; link?: string | null; justify?: string; supplyType?: string | null },
  fileCount: number,
): string | undefined {
  if (body.typerequest === 'compra' && !body.link?.trim() && fileCount === 0) return PURCHASE_MSG.linkOrFile;
  if (filesRequired(body.justify, body.supplyType ?? undefined) && fileCount === 0)
    return PURCHASE_MSG.filesRequired;
  return undefined;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });

/** A decimal amount that may travel as form text ("1234.56") or a JSON number. */
export const formMoney = z
  .union([z.number(), z.string()], { error: MSG.invalidCurrency })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (typeof v === 'string' && (v.trim() === '' || !/^\d{1,9}(\.\d{1,2})?$/.test(v.trim()))) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidCurrency });
      return z.NEVER;
    }
    return n;
  })
  .pipe(moneySchema);

/** A form's empty input ('' from a cleared number field) is an absent value. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` })
    .optional()
    .transform((v) => v || null);

const link = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), {
    error: 'Informe um link começando com http(s)://.',
  });

export const PURCHASE_DESCRIPT_MAX = 500; // the Produto/Serviço of a request
export const PURCHASE_QNT_MAX = 1_000_000;

/**
 * Open request (spec §3 / §5): required descript, justify, priority, filial, justifyDescript.
 * Missing fields give one sentence, 'Preencha todos os campos obrigatórios:' followed by their
 * labels (openRequestLabels), as the form's issue (path []: what the server answers and the screen
 * shows once), and each field its own short 'Esse campo deve ser preenchido.' under it.
 */
export const openRequestBody = z
  .object({
    typerequest: z.enum(REQUEST_TYPES, { error: 'Tipo de solicitação inválido.' }),
    descript: text(PURCHASE_DESCRIPT_MAX).optional(),
    qnt: z.preprocess(
      emptyAsAbsent,
      queryInt({ min: 1, max: PURCHASE_QNT_MAX, message: 'Informe uma quantidade válida.' }).optional(),
    ),
    justify: z.string().trim().optional(),
    justifyDescript: text(LIMITS.textMax).optional(),
    supplyType: z.enum(SUPPLY_TYPES).optional().nullable(),
    estimaVal: z.preprocess(emptyAsAbsent, formMoney.optional().nullable()),
    filial: z.string().trim().max(BRANCH_LABEL_MAX, { error: SECTOR_MSG.branchNameMax }).optional(),
    priority: z.union([z.number(), z.string()]).optional(),
    obs: optionalText(LIMITS.textMax),
    link,
  })
  .superRefine((b, ctx) => {
    const missing = OPEN_REQUEST_REQUIRED.filter((k) => b[k] === undefined || b[k] === '');
    if (missing.length > 0) {
      const labels = openRequestLabels(b.typerequest);
      const message = `${MSG.fillRequired} ${missing.map((k) => labels[k]).join(', ')}`;
      ctx.addIssue({ code: 'custom', path: [], message });
      for (const k of missing) ctx.addIssue({ code: 'custom', path: [k], message: MSG.fieldRequired });
      return;
    }
    if (!JUSTIFICATIONS.includes(b.justify as Justification))
      ctx.addIssue({ code: 'custom', path: ['justify'], message: 'Justificativa inválida.' });
    if (![1, 2, 3, '1', '2', '3'].includes(b.priority as number))
      ctx.addIssue({ code: 'custom', path: ['priority'], message: 'Prioridade inválida.' });
  })
  .transform((b) => ({
    typerequest: b.typerequest,
    descript: b.descript as string,
    qnt: b.qnt ?? 1,
    justify: b.justify as Justification,
    justifyDescript: b.justifyDescript as string,
    supplyType: b.justify === 'Reposição de insumo' ? (b.supplyType ?? null) : null,
    estimaVal: b.estimaVal ?? null,
    // The server checks it names an active branch and keeps its stored name (decision 0116).
    filial: b.filial as string,
    priority: Number(b.priority),
    obs: b.obs,
    link: b.link,
  }));
export type OpenRequestInput = z.input<typeof openRequestBody>;
export type OpenRequest = z.output<typeof openRequestBody>;

export const openRequestReply = z.object({ success: z.literal(true), id: z.number(), message: z.string() });

export const PURCHASE_SORT = ['id', 'date', 'qnt', 'nome', 'priority', 'status'] as const;
export type PurchaseSort = (typeof PURCHASE_SORT)[number];
export const PURCHASE_SCOPE = ['received', 'mine'] as const;
export type PurchaseScope = (typeof PURCHASE_SCOPE)[number];

/**
 * The received list (scope received: SOLICITAÇÕES DE COMPRAS) or the requester's own (scope mine:
 * consultation). `q` is the text search (max 35); `waiting=1` keeps what awaits the caller's approval.
 */
export const purchaseListQuery = z.object({
  scope: z.enum(PURCHASE_SCOPE).default('received'),
  q: z
    .string()
    .trim()
    .max(LIMITS.purchaseSearchMax, {
      error: `A pesquisa deve ter no máximo ${LIMITS.purchaseSearchMax} caracteres.`,
    })
    .optional()
    .transform((v) => v || undefined),
  ticket: queryId().optional().catch(undefined),
  status: queryInt().optional(),
  priority: queryInt({ min: 1, max: 3 }).optional(),
  /** A branch's stored name (the filter offers GET /api/org's branches). */
  filial: filterText(BRANCH_LABEL_MAX),
  typerequest: z.enum(REQUEST_TYPES).optional(),
  /**
   * One of the company's sectors (the bar's list, from GET /api/org); the requester had it at
   * opening. The server answers PURCHASE_MSG.unknownSector for a name no sector row has.
   */
  setor: z
    .string()
    .trim()
    .min(1, { error: PURCHASE_MSG.unknownSector })
    .max(SECTOR_NAME_MAX, { error: PURCHASE_MSG.unknownSector })
    .optional(),
  waiting: z.enum(['0', '1']).optional(),
  from: dateOnlySchema.optional(),
  to: dateOnlySchema.optional(),
  sort: z.enum(PURCHASE_SORT).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(50),
  cursor: z.string().max(500).optional(),
});
export type PurchaseListQuery = z.input<typeof purchaseListQuery>;
export type PurchaseFilters = Omit<
  z.output<typeof purchaseListQuery>,
  'page' | 'pageSize' | 'sort' | 'dir' | 'cursor'
>;

export const purchaseRow = z.object({
  id: z.number(),
  descript: z.string(),
  qnt: z.number(),
  nome: z.string(),
  setor: z.string().nullable(),
  filial: z.string(),
  date: z.string(),
  priority: z.number(),
  status: z.number(),
  typerequest: z.string(),
});
export type PurchaseRow = z.infer<typeof purchaseRow>;

export const purchaseListReply = z.object({
  rows: z.array(purchaseRow),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().optional(),
});

export const purchaseFile = z.object({
  id: z.number(),
  filepath: z.string(),
  name: z.string(),
  mime: z.string(),
});

export const quote = z.object({
  id: z.number(),
  quote_id: z.number(),
  request_id: z.number(),
  req_id: z.number(),
  ticket: z.number(),
  fornecedor: z.string(),
  prazo: z.string(),
  prazoEntrega: z.string(),
  /** Reais, decimal. */
  valor: z.number(),
  contato: z.string(),
  canalType: z.enum(QUOTE_CHANNELS),
  anexo: z.string().nullable(),
  file: z.string().nullable(),
  /** The attachment's name and type as uploaded (beyond the spec: the detail opens images in place). */
  fileName: z.string().nullable(),
  fileMime: z.string().nullable(),
  selected: z.boolean(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
export type Quote = z.infer<typeof quote>;

export const purchaseAbilitiesSchema = z.object({
  /** Transition keys the caller may fire now. */
  transitions: z.array(z.string()),
  cancel: z.boolean(),
  editQuotes: z.boolean(),
  selectQuote: z.boolean(),
  toggleInQuote: z.boolean(),
  requestMaterials: z.boolean(),
  materials: z.boolean(),
  comment: z.boolean(),
  /** To the requester, while a step his roles allow waits on someone else (segregation of duties). */
  ownRequestNote: z.string().nullable(),
});
export type PurchaseAbilities = z.infer<typeof purchaseAbilitiesSchema>;

export const comment = z.object({
  id: z.number(),
  stage: z.number(),
  text: z.string(),
  date: z.string(),
  user_id: z.number().nullable(),
  userName: z.string(),
  imageProfile: z.string().nullable(),
  attachments: z.array(z.object({ request_comment_id: z.number(), filepath: z.string(), name: z.string() })),
  listMention: z.array(z.number()),
});
export type PurchaseComment = z.infer<typeof comment>;

/** The purchase request as read (spec §3), with names of the flow, quotes, timeline and abilities. */
export const purchaseDetail = z.object({
  id: z.number(),
  descript: z.string(),
  qnt: z.number(),
  justify: z.string(),
  justifyDescript: z.string(),
  supplyType: z.string().nullable(),
  estimaVal: z.number().nullable(),
  priority: z.number(),
  filial: z.string(),
  obs: z.string().nullable(),
  link: z.string().nullable(),
  typerequest: z.enum(REQUEST_TYPES),
  materialSol: z.number(),
  userId: z.number(),
  nome: z.string(),
  matricula: z.string(),
  setores_usuario: z.string().nullable(),
  status: z.number(),
  statusLabel: z.string(),
  statusCall: z.number().nullable(),
  /** The materials call, only to who may open it (canSeeCall); null to anyone else (decision 0121). */
  call_id: z.number().nullable(),
  callLink: recordLink.nullable(),
  buyer_id: z.number().nullable(),
  picker_id: z.number().nullable(),
  cotac_id: z.number().nullable(),
  aprovall_id: z.number().nullable(),
  inQuote: z.boolean(),
  /** The selected quote's value and deadline (reais). */
  val: z.number().nullable(),
  prazo: z.string().nullable(),
  canalType: z.string().nullable(),
  date: z.string(),
  atendente_name: z.string().nullable(),
  quoter_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  picker_name: z.string().nullable(),
  aprovall_name: z.string().nullable(),
  attachments: z.array(purchaseFile),
  stages: z.array(
    z.object({ key: z.string(), label: z.string(), state: z.enum(['done', 'current', 'pending', 'denied']) }),
  ),
  history: z.array(
    z.object({ id: z.number(), date: z.string(), userName: z.string().nullable(), summary: z.string() }),
  ),
  abilities: purchaseAbilitiesSchema,
});
export type PurchaseDetail = z.infer<typeof purchaseDetail>;

export const purchaseIdParams = z.object({ id: queryId() });
export const purchaseFileParams = z.object({ id: queryId(), fileId: queryId() });

export const transitionBody = z.object({
  action: z.enum(PURCHASE_TRANSITION_KEYS, { error: 'Ação inválida.' }),
  /** The status the caller saw: a request moved meanwhile answers 409. */
  from: z.number().int().min(0).max(99),
  /** Escolher comprador / Registrar Retirada: the user id, sent as text (spec §4). */
  buyer_id: queryId().optional(),
  picker_id: queryId().optional(),
});
export type TransitionBody = z.input<typeof transitionBody>;

/**
 * The same transition as multipart fields, so Registrar Retirada can carry the pickup's evidence
 * (photos of the signed receipt, up to 5 images or PDF as files `file`).
 */
export const transitionFields = z.object({
  action: z.enum(PURCHASE_TRANSITION_KEYS, { error: 'Ação inválida.' }),
  from: queryInt({ max: 99 }),
  buyer_id: queryId().optional(),
  picker_id: queryId().optional(),
});

export const QUOTE_REASON_MAX = 500; // the reason a quote is chosen
export const selectQuoteBody = z.object({
  cotac_id: bodyId(),
  /** Why this quote (recorded in the history; beyond the spec). */
  reason: z.string().trim().max(QUOTE_REASON_MAX).optional(),
});

export const inQuoteBody = z.object({ inQuote: z.boolean() });

export const getQuoteQuery = z.object({ ticket: queryId() });

/** Each field of a quote says what it needs (spec §5: every field required in every row). */
const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });

const quoteMoney = z
  .union([z.number(), z.string()], { error: PURCHASE_MSG.quoteValueRequired })
  .refine((v) => v !== '', { error: PURCHASE_MSG.quoteValueRequired })
  .pipe(formMoney)
  .refine((v) => v > 0, { error: PURCHASE_MSG.quoteValueRequired });

const quoteDate = z
  .string({ error: PURCHASE_MSG.quoteDeadlineRequired })
  .trim()
  .min(1, { error: PURCHASE_MSG.quoteDeadlineRequired })
  .pipe(dateOnlySchema);

/** The longest supplier and contact a quote keeps (the form's inputs stop there too). */
export const QUOTE_TEXT_MAX = { fornecedor: 120, contato: 500 } as const;

const quoteFields = {
  fornecedor: required(QUOTE_TEXT_MAX.fornecedor, PURCHASE_MSG.quoteSupplierRequired),
  valor: quoteMoney,
  contato: required(QUOTE_TEXT_MAX.contato, PURCHASE_MSG.quoteContactRequired),
  canalType: z.enum(QUOTE_CHANNELS, { error: 'Canal inválido.' }),
};

/**
 * One row of the quote form (Inserir Cotação, the quote editor): the fields the server reads from
 * insertCotacao and updateCotac, checked by the same schemas (purchases.quotes.ts#quoteRowsProblems).
 */
export const quoteRowFields = z.object({
  // In the form's order, so its messages read as the row does.
  fornecedor: quoteFields.fornecedor,
  prazo: quoteDate,
  valor: quoteFields.valor,
  contato: quoteFields.contato,
  canalType: quoteFields.canalType,
});
export type QuoteRowFields = z.input<typeof quoteRowFields>;
/** A quote's fields as the server stores them (insertCotacao's prazoEntrega is its prazo). */
export type QuoteRowValues = z.output<typeof quoteRowFields>;

/** POST insertCotacao (spec §7): multipart ticket, fornecedor, prazoEntrega, valor, canalType, contato, file. */
export const insertQuoteFields = z.object({
  ticket: queryId(),
  ...quoteFields,
  prazoEntrega: quoteDate,
});
export type InsertQuoteFields = z.input<typeof insertQuoteFields>;

/** POST updateCotac (spec §7): multipart quote_id, fornecedor, valor, contato, prazo, canalType, file, req_id. */
export const updateQuoteFields = z.object({
  quote_id: queryId(),
  req_id: queryId(),
  ...quoteFields,
  prazo: quoteDate,
});

export const dropQuoteBody = z.object({ quote_id: bodyId() });

/** POST dropRequest {params} (spec §7): the request to cancel. */
export const dropRequestBody = z.object({ params: z.object({ id: bodyId() }) });

/** The home's count: at most PURCHASE_WAITING_CAP, `capped` when more wait. */
export const PURCHASE_WAITING_CAP = 99;
export const waitingCountReply = z.object({ count: z.number(), capped: z.boolean() });

export const pickerQuery = z.object({
  q: filterText(),
});
export const pickerUser = z.object({ id: z.number(), nome: z.string(), matricula: z.string() });
/** "Quem retirou": the requester (first, `requester: true`) and the users of Compras. */
export const pickupCandidate = pickerUser.extend({ requester: z.boolean() });

/** Solicitar lista de materiais: what Infraestrutura should list. */
export const materialsRequestBody = z.object({
  descript: z
    .string({ error: MSG.fieldRequired })
    .trim()
    .min(1, { error: MSG.fieldRequired })
    .max(LIMITS.textMax, { error: `O campo deve ter no máximo ${LIMITS.textMax} caracteres.` }),
});
