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
