import { z } from 'zod';
import type { FileRule } from '../http/endpoint.ts';
import { MSG } from '../messages.ts';
import { FINE_FIELD_NAMES, FINE_REQUIRED_FIELDS, type FineField } from './fines.fields.ts';
import { type FineValues, fineCellsReader, missingFineFields } from './fines.schemas.ts';

/**
 * Import of an existing fines spreadsheet (issue 11, beyond the spec): an .xlsx whose first row
 * holds the spec's field names (multas_geral.xlsx is one). A preview first, then one transaction.
 */
export const FINE_IMPORT_FILE: FileRule = {
  field: 'file',
  maxFiles: 1,
  maxBytes: 60 * 1024 * 1024,
  // A zip too: streamed workbooks (multas_geral.xlsx itself) put their parts after the bytes type
  // detection reads; the server's reader then refuses any zip that holds no workbook.
  mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  invalidTypeMessage: MSG.fineImportType,
  tooLargeMessage: MSG.fineImportTooLarge,
};

/**
 * Why an import's commit stopped, after "A importação falhou e nada foi gravado: ": a fine of the
 * file was registered (or renumbered) by someone else while the import was being written.
 */
export const FINE_IMPORT_NUMBER_TAKEN =
  'uma multa da planilha foi cadastrada por outra pessoa durante a gravação; envie a planilha de novo.';

/** The most refused rows a preview lists (refusedCount has them all). */
export const FINE_IMPORT_MAX_LISTED = 5000;

/** A cell as the server's reader gives it (dates already `yyyy-MM-dd`). */
export type FineImportCell = string | number | null;

const FIELD_BY_HEADER = new Map<string, FineField>(FINE_FIELD_NAMES.map((f) => [f.toUpperCase(), f]));

/**
 * The header row read against the field names (case and spaces aside): the field of each column,
 * the required fields no column holds, and the headers that are not fields (left out).
 */
export function fineImportHeader(headers: readonly FineImportCell[]) {
  const columns: (FineField | undefined)[] = [];
  const ignored: string[] = [];
  const seen = new Set<FineField>();
  for (const h of headers) {
    const text = h === null ? '' : String(h).trim();
    const field = FIELD_BY_HEADER.get(text.toUpperCase());
    // A repeated header is read once (its first column).
    if (field && !seen.has(field)) {
      seen.add(field);
      columns.push(field);
    } else {
      columns.push(undefined);
      if (text) ignored.push(text);
    }
  }
  const missing = FINE_REQUIRED_FIELDS.filter((f) => !seen.has(f));
  return { columns, missing, ignored };
}

export type FineImportRow = { ok: true; values: FineValues } | { ok: false; reason: string };

/** The reader of each header's columns (one header per import: built once, not per row). */
const readersOf = new WeakMap<readonly (FineField | undefined)[], ReturnType<typeof fineCellsReader>>();

function readerOf(columns: readonly (FineField | undefined)[]) {
  let read = readersOf.get(columns);
  if (!read) {
    const fields = new Map<FineField, number>();
    columns.forEach((field, i) => {
      if (field) fields.set(field, i);
    });
    read = fineCellsReader(fields);
    readersOf.set(columns, read);
  }
  return read;
}

/**
 * One data row by the insert's rules: every cell normalised by fineInput's rules (dates, BRL
 * numbers, plates, CNPJ, statuses; fineCellsReader, the same readers without zod's object parse)
 * and the required fields present. A refusal says, in Portuguese, which fields and why.
 */
export function parseFineImportRow(
  columns: readonly (FineField | undefined)[],
  cells: readonly FineImportCell[],
): FineImportRow {
  const { values, issues } = readerOf(columns)(cells);
  if (issues.length > 0) {
    const reasons = issues.map((i) => `${i.field}: ${i.message}`);
    return { ok: false, reason: [...new Set(reasons)].join('; ') };
  }
  const missing = missingFineFields(values);
  if (missing.length > 0) return { ok: false, reason: `${MSG.fineMissingFields}: ${missing.join(', ')}` };
  return { ok: true, values };
}

export const fineImportRefusal = z.object({ line: z.number(), reason: z.string() });
export type FineImportRefusal = z.infer<typeof fineImportRefusal>;

/** What an import would do: nothing is written until it is confirmed (commit). */
export const fineImportPreview = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** Data rows read (blank rows aside). */
  rows: z.number(),
  /**
   * New NUMERO_AUTO: inserted; known NUMERO_AUTO whose columns differ from the stored fine:
   * rewritten (updated); known ones the file repeats as stored are left alone (unchanged).
   */
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Each refused row with its line in the sheet and the reason (the first FINE_IMPORT_MAX_LISTED). */
  refused: z.array(fineImportRefusal),
  refusedCount: z.number(),
  /** Headers that are not fine fields: their columns are not read. */
  ignoredColumns: z.array(z.string()),
});
export type FineImportPreview = z.infer<typeof fineImportPreview>;

/**
 * The upload is read on the server as a job (a sheet of 100,000 rows takes longer than one request
 * may wait): the upload answers at once with the reading's state and the web asks again
 * (importReading) until it is `ready` (the preview) or `failed` (why, in Portuguese). Only the
 * header and the first row are checked before the upload answers.
 */
export const FINE_IMPORT_READ_STATES = ['reading', 'ready', 'failed'] as const;
export const fineImportReading = z.object({
  importId: z.string(),
  state: z.enum(FINE_IMPORT_READ_STATES),
  /** Data rows read so far (blank rows aside). */
  rows: z.number(),
  /** Portuguese: the progress (MSG.fineImportReading), or why the file could not be read. */
  message: z.string(),
  /** Set when `ready`. */
  preview: fineImportPreview.nullable(),
});
export type FineImportReading = z.infer<typeof fineImportReading>;

export const fineImportParams = z.object({
  id: z.uuid({ error: MSG.fineImportNotFound }),
});

/**
 * A confirmed import runs on the server as a job (one transaction, written batch by batch): the
 * commit answers at once with its state and the web asks again until it is `done` or `failed`
 * (a failed job wrote nothing). `written` of `total` rows so far (unchanged ones included);
 * added / updated / unchanged when done.
 */
export const FINE_IMPORT_STATES = ['running', 'done', 'failed'] as const;
export const fineImportJob = z.object({
  importId: z.string(),
  state: z.enum(FINE_IMPORT_STATES),
  written: z.number(),
  total: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Portuguese: the progress, the result (MSG.fineImportDone) or why it failed. */
  message: z.string(),
});
export type FineImportJob = z.infer<typeof fineImportJob>;
