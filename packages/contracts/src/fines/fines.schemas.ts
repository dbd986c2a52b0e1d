import { z } from 'zod';
import { okReply } from '../http/replies.ts';
import { filterText } from '../lists/filter-text.ts';
import { listTotal } from '../lists/list-total.ts';
import { LIST_PAGE_SIZE } from '../lists/page-size.ts';
import '../zod-locale.ts';
import { dateOnlySchema, isDateOnly, toDateOnly } from '../dates.ts';
import { bodyId, queryId, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { toCentavos } from '../money.ts';
import {
  BM_FIRST_YEAR,
  BUSINESS_FILTER,
  isUnsetDate,
  PASSIVO,
  RESPONSIBLE_FILTER,
  STATUS_MULTA,
  STATUS_ND,
  STATUS_PAGMTO,
} from './fines.enums.ts';
import {
  FINE_FIELDS,
  FINE_REQUIRED_FIELDS,
  type FineField,
  type FineFieldDef,
  fineFieldKind,
} from './fines.fields.ts';

// ---- One input rule per field kind: lenient in what it reads (forms, JSON, spreadsheets), strict in what it keeps.
// Each rule is a plain reader (a value, or a FineRefusal with its Portuguese message); fineInput wraps
// them in zod for forms and requests, and the import runs them directly on its many rows
// (readFineCells): the same rules, the same values and messages, without zod's object machinery.

type RawValue = string | number | null;
const raw = z.union([z.string(), z.number(), z.null()]);
const asText = (v: RawValue) => (v === null ? null : String(v).trim() || null);

/** A value a field's rule refuses, with the Portuguese reason. */
export class FineRefusal {
  constructor(readonly message: string) {}
}
type Reader<T> = (v: RawValue) => T | FineRefusal;

const readText = (max: number): Reader<string | null> => {
  const tooLong = new FineRefusal(`O campo deve ter no máximo ${max} caracteres.`);
  return (v) => {
    const text = asText(v);
    return text !== null && text.length > max ? tooLong : text;
  };
};

/** `yyyy-MM-dd`, `dd/MM/yyyy` or an ISO timestamp's day; 1901-01-01, 0 and empty mean not set. */
export function normalizeFineDate(v: unknown): string | null | undefined {
  if (isUnsetDate(v)) return null;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  const day = br ? `${br[3]}-${br[2]}-${br[1]}` : /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : s;
  if (isUnsetDate(day)) return null;
  return isDateOnly(day) ? day : undefined;
}

const badDate = new FineRefusal(MSG.fineInvalidDate);
const readDate: Reader<string | null> = (v) => {
  const d = normalizeFineDate(v);
  return d === undefined ? badDate : d;
};

/** A number as typed in Brazil (`1.234,56`) or plainly (`1234.56`); empty is 0 (spec §5). */
export function normalizeFineNumber(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  let s = v
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\s/g, '');
  if (s === '') return 0;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

const badNumber = new FineRefusal(MSG.fineInvalidNumber);
const readNumber: Reader<number> = (v) => {
  const n = normalizeFineNumber(v);
  return n === undefined || Math.abs(n) > 1e9 ? badNumber : n;
};

/** Reais, rounded to centavos (spreadsheets carry float noise), not negative. */
const readMoney: Reader<number> = (v) => {
  const n = readNumber(v);
  if (n instanceof FineRefusal) return n;
  return n < 0 || n > 999_999_999.99 ? badNumber : toCentavos(n) / 100;
};

const readPattern = (
  clean: (s: string) => string,
  pattern: RegExp,
  message: string,
): Reader<string | null> => {
  const refused = new FineRefusal(message);
  return (v) => {
    const s = v === null ? null : clean(String(v)) || null;
    return s !== null && !pattern.test(s) ? refused : s;
  };
};

/** Old (ABC1234) and Mercosul (ABC1D23) plates, stored upper case without the hyphen. */
export const cleanPlate = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
export const PLATE_PATTERN = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;
/** Whether a cleaned text may begin a stored plate: completed with a plate's tail, it is one. */
export const mayStartPlate = (clean: string) =>
  clean.length > 0 && clean.length <= 7 && PLATE_PATTERN.test(clean + 'ABC1D23'.slice(clean.length));
export const cleanCnpj = (s: string) => s.replace(/\D/g, '');

const readEnum = <T extends readonly [string, ...string[]]>(values: T): Reader<T[number] | null> => {
  const known = new Set<string>(values);
  const refused = new FineRefusal(MSG.fineInvalidStatus);
  return (v) => {
    const text = asText(v);
    return text === null || known.has(text) ? (text as T[number] | null) : refused;
  };
};

/** A Brazilian state, two letters ("BA"). */
export const FINE_UF_LENGTH = 2;
const UF_PATTERN = new RegExp(`^[A-Z]{${FINE_UF_LENGTH}}$`);

const READER_OF_KIND = {
  text: (max: number) => readText(max),
  code: (max: number) => readText(max),
  date: () => readDate,
  number: () => readNumber,
  money: () => readMoney,
  plate: () => readPattern(cleanPlate, PLATE_PATTERN, MSG.fineInvalidPlate),
  cnpj: () => readPattern(cleanCnpj, /^\d{14}$/, MSG.fineInvalidCnpj),
  uf: () => readPattern((s) => s.trim().toUpperCase(), UF_PATTERN, MSG.fineInvalidUf),
  statusMulta: () => readEnum(STATUS_MULTA),
  statusPagmto: () => readEnum(STATUS_PAGMTO),
  statusNd: () => readEnum(STATUS_ND),
  passivo: () => readEnum(PASSIVO),
} as const;

/** A reader as a zod schema: string, number or null in; the reader's value out, or its message as the issue. */
const zodOf = <T>(read: Reader<T>) =>
  raw.transform((v, ctx) => {
    const r = read(v);
    if (r instanceof FineRefusal) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r;
  });

type ReaderOfKind = { [K in keyof typeof READER_OF_KIND]: ReturnType<(typeof READER_OF_KIND)[K]> };
type ValueOf<R> = R extends Reader<infer T> ? T : never;
type InputOfKind = { [K in keyof ReaderOfKind]: ReturnType<typeof zodOf<ValueOf<ReaderOfKind[K]>>> };

/** Each field's reader (FINE_FIELDS order). */
const FIELD_READERS: readonly (readonly [FineField, Reader<unknown>])[] = (
  FINE_FIELDS as readonly (readonly [FineField, keyof ReaderOfKind, number?])[]
).map(([name, kind, max]) => [name, READER_OF_KIND[kind](max ?? 0) as Reader<unknown>]);

const ROW_OF_KIND = {
  number: z.number(),
  money: z.number(),
} as const;
type RowOfKind<K> = K extends keyof typeof ROW_OF_KIND ? (typeof ROW_OF_KIND)[K] : z.ZodNullable<z.ZodString>;

type InputShape = { [D in FineFieldDef as D[0]]: z.ZodOptional<InputOfKind[D[1]]> };
type RowShape = { [D in FineFieldDef as D[0]]: RowOfKind<D[1]> };

function buildInputShape(): InputShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, read] of FIELD_READERS) shape[name] = zodOf(read).optional();
  return shape as InputShape;
}

function buildRowShape(): RowShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, kind] of FINE_FIELDS) {
    shape[name] = kind === 'number' || kind === 'money' ? z.number() : z.string().nullable();
  }
  return shape as RowShape;
}

/** A fine as read (spec §3): its id and the 43 fields; money in reais, dates `yyyy-MM-dd` or null. */
export const fineRow = z.object({ id: z.number(), ...buildRowShape() });
export type FineRow = z.infer<typeof fineRow>;

/** Any subset of a fine's fields, each normalised (numbers: number or 0; dates: yyyy-MM-dd or null). */
export const fineInput = z.object(buildInputShape());
export type FineInput = z.input<typeof fineInput>;
export type FineValues = z.output<typeof fineInput>;

/** Per field present, its value or its refusal: fineInput's reading without zod (see readFineCells). */
export type FineCellsReading = { values: FineValues; issues: { field: FineField; message: string }[] };

/**
 * Reads `cells[index]` for each field given, by fineInput's own rules (the readers above), in
 * FINE_FIELDS order as zod walks the shape: the same values (only the fields given, in the same
 * key order) and the same messages as `fineInput.safeParse` of those fields. For the import, which
 * reads 100,000 rows: zod's object parse was most of the checking time.
 */
export function fineCellsReader(fields: ReadonlyMap<FineField, number>) {
  const plan = FIELD_READERS.filter(([name]) => fields.has(name)).map(
    ([name, read]) => [name, fields.get(name) as number, read] as const,
  );
  return (cells: readonly (RawValue | undefined)[]): FineCellsReading => {
    const values: Record<string, unknown> = {};
    const issues: FineCellsReading['issues'] = [];
    for (const [field, index, read] of plan) {
      const v = cells[index] ?? null;
      if (typeof v === 'number' && !Number.isFinite(v)) {
        // Not a value of the raw union (NaN, ±Infinity): zod's own message for it.
        const issue = fineInput.shape[field].safeParse(v).error?.issues[0];
        issues.push({ field, message: issue?.message ?? MSG.fineInvalidNumber });
        continue;
      }
      const r = read(v);
      if (r instanceof FineRefusal) issues.push({ field, message: r.message });
      else values[field] = r;
    }
    return { values: values as FineValues, issues };
  };
}

/** The required fields (FINE_REQUIRED_FIELDS) an insert lacks: empty, unset, or a zero amount. */
export function missingFineFields(values: FineValues): FineField[] {
  return FINE_REQUIRED_FIELDS.filter((f) => {
    const v = values[f];
    return v === undefined || v === null || v === '' || (fineFieldKind(f) === 'money' && v === 0);
  });
}

/** The insert form's schema (the server checks the same rule with missingFineFields). */
export const fineInsertSchema = fineInput.superRefine((values, ctx) => {
  for (const f of missingFineFields(values)) {
    ctx.addIssue({ code: 'custom', path: [f], message: MSG.fieldRequired });
  }
});

/** PUT managerFines (spec §7): the edited fine with its id; only the fields sent change. */
export const fineUpdateBody = fineInput.extend({ id: bodyId() });
export type FineUpdateBody = z.input<typeof fineUpdateBody>;

export const fineMessageReply = okReply;

/** A refused insert (spec §7): success false, the error, and the list of missing required fields. */
export const fineInsertError = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  requeire: z.array(z.string()),
});

// ---- Reading: the filter bar, the list, the aggregates, the BM report.

/** The left filter bar (spec §2, §9), shared by every view, the exports and the aggregates. */
export const fineFilters = z.object({
  responsible: z.enum(RESPONSIBLE_FILTER, { error: MSG.invalidInput }).default('all'),
  business: z.enum(BUSINESS_FILTER, { error: MSG.invalidInput }).default('all'),
  /** Period: DATA_INFRACAO from … to (inclusive days). */
  from: dateOnlySchema.optional(),
  to: dateOnlySchema.optional(),
  STATUS_MULTA: z.enum(STATUS_MULTA, { error: MSG.fineInvalidStatus }).optional(),
  STATUS_PAGMTO: z.enum(STATUS_PAGMTO, { error: MSG.fineInvalidStatus }).optional(),
  STATUS_ND: z.enum(STATUS_ND, { error: MSG.fineInvalidStatus }).optional(),
  /** Exact unit and carrier (the bar offers the values that exist: GET /api/fines/options). */
  UNIDADE: filterText(60),
  TRANSP: filterText(120),
  /** Plate and auto number: what they start with. */
  PLACA: filterText(8).transform((v) => (v ? cleanPlate(v) || undefined : undefined)),
  NUMERO_AUTO: filterText(30),
});
export type FineFilters = z.output<typeof fineFilters>;
export type FineFiltersInput = z.input<typeof fineFilters>;

export const FINE_SORT = [
  'id',
  'NUMERO_AUTO',
  'DATA_INFRACAO',
  'DATA_VENC_MULTA',
  'DATA_PAGMTO',
  'VALOR_TOTAL_MULTA',
  'UNIDADE',
  'TRANSP',
  'PLACA',
  'STATUS_MULTA',
  'STATUS_PAGMTO',
  'STATUS_ND',
] as const;
export type FineSort = (typeof FINE_SORT)[number];

export const fineListQuery = fineFilters.extend({
  sort: z.enum(FINE_SORT, { error: MSG.invalidInput }).default('DATA_INFRACAO'),
  dir: z.enum(['asc', 'desc'], { error: MSG.invalidInput }).default('desc'),
  pageSize: queryInt({ min: 1, max: 200 }).default(100),
  /** The previous page's nextCursor (keyset paging); the first page also answers the total. */
  cursor: z.string().max(500).optional(),
});
export type FineListQuery = z.input<typeof fineListQuery>;

export const fineListReply = z.object({
  rows: z.array(fineRow),
  ...listTotal,
  nextCursor: z.string().optional(),
});
export type FineListReply = z.infer<typeof fineListReply>;

/** GET managerFines (spec §7): one fine by id or NUMERO_AUTO, or a page (limit, pageIndex from 0). */
export const managerFinesQuery = z.object({
  id: queryId().optional(),
  NUMERO_AUTO: filterText(30),
  limit: queryInt({ min: 1, max: 200 }).default(100),
  pageIndex: queryInt({ max: 100_000 }).default(0),
});

export const fineOptionsReply = z.object({
  units: z.array(z.string()),
  carriers: z.array(z.string()),
});

export const fineSeriesItem = z.object({ key: z.string(), count: z.number(), value: z.number() });
export type FineSeriesItem = z.infer<typeof fineSeriesItem>;

/** Spec §3 Fine aggregates, for the current filters, plus the dashboards' series. */
export const fineAggregates = z.object({
  totalMultas: z.number(),
  totalMultasPago: z.number(),
  totalMultasAPagar: z.number(),
  totalValMultas: z.number(),
  totalValPago: z.number(),
  totalValAPagar: z.number(),
  maiorValMulta: z.number(),
  /** Days: the longest a fine went (or has gone, until today) past its due date; 0 when none. */
  maiorAtraso: z.number(),
  unidadeMaxAutu: z.string().nullable(),
  organMaxAutuador: z.string().nullable(),
  totalFinesBeforeContract: z.number(),
  totalFinesAfterContract: z.number(),
  /** Fines the carrier answers for (NOME_AUTUADO set and not Braskem). */
  totalFinesTransp: z.number(),
  /** Distinct carriers (TRANSP) among the fines. */
  totalTransp: z.number(),
  /** Fines with a debit note number; totalValND sums VAL_REALIZADO_ND. */
  totalND: z.number(),
  totalValND: z.number(),
  countTransp: z.number(),
  countBraskem: z.number(),
  countUnspecified: z.number(),
  series: z.object({
    byOrgao: z.array(fineSeriesItem),
    byTransp: z.array(fineSeriesItem),
    byTipoVeiculo: z.array(fineSeriesItem),
    byUnidade: z.array(fineSeriesItem),
    byStatusNd: z.array(fineSeriesItem),
    /** Keys `yyyy`, `yyyy-MM` and `yyyy-S1|S2` of DATA_INFRACAO; value: VALOR_TOTAL_MULTA in reais. */
    byYear: z.array(fineSeriesItem),
    byMonth: z.array(fineSeriesItem),
    bySemester: z.array(fineSeriesItem),
  }),
});
export type FineAggregates = z.infer<typeof fineAggregates>;

const currentYear = () => Number(toDateOnly(new Date()).slice(0, 4));

export const bmQuery = z.object({
  year: queryInt({ min: BM_FIRST_YEAR, message: MSG.fineBmYear }).refine((y) => y <= currentYear(), {
    error: MSG.fineBmYear,
  }),
  month: queryInt({ min: 1, max: 12, message: MSG.invalidInput }),
});
export type BmQuery = z.input<typeof bmQuery>;

/**
 * A page of the BM report: the month's fines in id order, `LIST_PAGE_SIZE` at a time as the table
 * scrolls (a month of the 10× data is 2,000 fines, 2.5 MB at once: bench:web /managerFines?view=7).
 */
export const bmPageQuery = bmQuery.extend({
  pageSize: queryInt({ min: 1, max: 200 }).default(LIST_PAGE_SIZE),
  /** The previous page's nextCursor: its last fine's id. */
  cursor: queryId().optional(),
});
export type BmPageQuery = z.output<typeof bmPageQuery>;

export const bmRow = fineRow.extend({ AP: z.boolean(), PG: z.boolean() });
export type BmRow = z.infer<typeof bmRow>;
export const bmReply = z.object({
  rows: z.array(bmRow),
  /** On the first page only: the month's fines, counted whole (a month is never capped). */
  ...listTotal,
  nextCursor: z.string().optional(),
});
export type BmReply = z.infer<typeof bmReply>;

export const FINE_LIMITS = { filterMax: LIMITS.filterInputMax } as const;
