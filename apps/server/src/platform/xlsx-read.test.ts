import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBuffer } from '../../test/xlsx-buffer.ts';
import { readXlsxRows, type SheetRow } from './xlsx-read.ts';

/**
 * exceljs' streaming reader decodes each inflated chunk of a zip entry on its own: a two-byte
 * character cut by a chunk boundary read as U+FFFD (docs/decisions.md, Fines). Thousands of rows
 * of text made of two-byte characters put many chunk boundaries inside a character, in the shared
 * strings (exceljs' workbook) and in the worksheet itself (inline strings of the streamed writer).
 */
const ROWS = 3000;
const accented = (i: number) => `Ação ${i}: São João, Camaçari — ${'çãõéí'.repeat(8 + (i % 7))}`;
const header = ['n', 'texto'];
const rows = Array.from({ length: ROWS }, (_, i) => [i + 1, accented(i)]);

async function readAll(bytes: Buffer): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of readXlsxRows(Readable.from([bytes]))) out.push(row);
  return out;
}

/** The same rows through exceljs' streaming writer, strings inline in the worksheet. */
async function streamedXlsx(): Promise<Buffer> {
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Multas');
  sheet.addRow(header).commit();
  for (const r of rows) sheet.addRow(r).commit();
  await workbook.commit();
  return Buffer.concat(parts);
}

describe('readXlsxRows decodes UTF-8 across chunk boundaries', () => {
  for (const [name, make] of [
    ['shared strings', () => xlsxBuffer([header, ...rows])],
    ['inline strings (streamed writer)', streamedXlsx],
  ] as const) {
    it(name, async () => {
      const bytes = await make();
      const got = await readAll(bytes);
      expect(got).toHaveLength(ROWS + 1);
      const texts = got.slice(1).map((r) => r.cells[1]);
      expect(texts.filter((t) => String(t).includes('\uFFFD'))).toEqual([]);
      expect(texts).toEqual(rows.map((r) => r[1]));
    });
  }
});
