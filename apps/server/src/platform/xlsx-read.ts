import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from './errors.ts';

/** A cell as an import reads it: text, a number, a `yyyy-MM-dd` day, or empty. */
export type ReadCell = string | number | null;

export interface SheetRow {
  /** The row's number in the sheet (1 is the header), as Excel shows it. */
  line: number;
  /** The row's cells by column, from column A (index 0). */
  cells: ReadCell[];
}

export const UNREADABLE_SHEET = 'Não foi possível ler a planilha .xlsx.';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** What exceljs hands out for a cell (formula results, rich text, links, dates) as a plain value. */
function plain(v: unknown): ReadCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // Excel dates are day serials; exceljs reads them as UTC midnight of that day.
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : day(v);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return plain(o.result);
    if (o.text !== undefined) return plain(o.text);
    if (o.error) return o.error;
  }
  return null;
}

/** Text of a byte stream decoded as UTF-8 across its chunks (a character cut in two is kept whole). */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

type EntryParser = (this: unknown, entry: { setEncoding?: (encoding: 'utf8') => unknown }) => unknown;
type SheetParser = (this: unknown, chunks: AsyncIterable<Buffer | string>, sheetNo: string) => unknown;

/**
 * exceljs 4.4.0's streaming reader decodes every chunk of a zip entry on its own
 * (lib/utils/parse-sax.js, `TextDecoder.decode(chunk)`), so a two-byte character (ã, ç) cut by a
 * chunk boundary read as two U+FFFD. Its parser hands text through untouched, so this reader's
 * entries reach it already decoded as a stream: the workbook's parts (shared strings, styles,
 * workbook, relations) as Node decodes a stream with an encoding set, the worksheets (a zip entry
 * or, when they come before the shared strings, exceljs' temporary file) through utf8Text. The
 * hooks are the reader's own methods; a version without them keeps the import's U+FFFD guard.
 */
function decodeAsStream(reader: ExcelJS.stream.xlsx.WorkbookReader): void {
  const internals = reader as unknown as Record<string, unknown>;
  for (const name of ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles']) {
    const parse = internals[name];
    if (typeof parse !== 'function') continue;
    const original = parse as EntryParser;
    internals[name] = function (this: unknown, entry: Parameters<EntryParser>[0]) {
      entry.setEncoding?.('utf8');
      return original.call(this, entry);
    };
  }
  const parseSheet = internals._parseWorksheet;
  if (typeof parseSheet === 'function') {
    const original = parseSheet as SheetParser;
    internals._parseWorksheet = function (this: unknown, chunks: AsyncIterable<Buffer | string>, no: string) {
      return original.call(this, utf8Text(chunks), no);
    };
  }
}

const blank = (cells: ReadCell[]) => cells.every((c) => c === null || c === '');

/**
 * Streams the first worksheet of an .xlsx, row by row (exceljs' streaming reader: memory stays flat
 * at any size). Blank rows are skipped. A file that is not a readable workbook answers 400: upload
 * checks may let any zip through, since a streamed .xlsx (exceljs' own writer) names its workbook
 * parts after the first bytes that type detection reads.
 */
export async function* readXlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  decodeAsStream(reader);
  let sheets: AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader>;
  let rows: AsyncGenerator<ExcelJS.Row> | undefined;
  try {
    sheets = reader[Symbol.asyncIterator]();
    const first = await sheets.next();
    if (first.done) throw new Error('no worksheet');
    rows = first.value[Symbol.asyncIterator]();
  } catch {
    // Not a zip, a zip without a workbook (a renamed archive), or a damaged one.
    input.destroy();
    throw badRequest(UNREADABLE_SHEET);
  }
  try {
    for (;;) {
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await rows.next();
      } catch {
        throw badRequest(UNREADABLE_SHEET);
      }
      if (next.done) return;
      const values = next.value.values as unknown[];
      const cells: ReadCell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(plain(values[i]));
      if (!blank(cells)) yield { line: next.value.number, cells };
    }
  } finally {
    // Stopping early (first sheet only, or a refused file) must not leave the file open.
    input.destroy();
  }
}
