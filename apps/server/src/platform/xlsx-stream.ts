import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ColumnDescription, SheetCell } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';

/** Excel number formats; Excel shows them with the reader's separators (R$ 1.234,56 in pt-BR). */
const NUM_FMT: Record<SheetCell<unknown>['type'], string> = {
  date: 'dd/mm/yyyy',
  money: '"R$" #,##0.00',
  number: '#,##0.###',
};

/** A typed cell: a `yyyy-MM-dd` day as a date (UTC midnight: the serial of that very day). */
function sheetCell<Row>(sheet: SheetCell<Row>, row: Row): string | number | Date | null {
  const v = sheet.value(row);
  if (sheet.type !== 'date' || typeof v !== 'string') return v;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return Number.isFinite(y) ? new Date(Date.UTC(y, m - 1, d)) : null;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A list's rows as an .xlsx stream, one column per description (header, width, value): exceljs'
 * streaming writer commits each row as it is written and rows come in batches, so memory stays
 * flat at any size.
 */
export function xlsxStream<Row>(options: {
  sheetName: string;
  columns: readonly ColumnDescription<Row>[];
  batches: AsyncIterable<readonly Row[]>;
  log: FastifyBaseLogger;
  /**
   * Typed cells (each column's `sheet`: real dates and numbers in pt-BR formats), a bold frozen
   * header and an auto-filter. Styles cost writing time, so plain lists leave them off.
   */
  styled?: boolean;
}): PassThrough {
  const out = new PassThrough();
  const styled = options.styled === true;
  // Styles would double the writing time; unstyled, the header is simply the first row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: styled });
  const sheet = workbook.addWorksheet(
    options.sheetName,
    styled ? { views: [{ state: 'frozen', ySplit: 1 }] } : undefined,
  );
  sheet.columns = options.columns.map((c) => ({
    header: c.header,
    key: c.id,
    width: c.width,
    ...(styled && c.sheet ? { style: { numFmt: NUM_FMT[c.sheet.type] } } : {}),
  }));
  if (styled) {
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: options.columns.length } };
  }
  const cell = (c: ColumnDescription<Row>, row: Row) =>
    styled && c.sheet ? sheetCell(c.sheet, row) : c.value(row);
  (async () => {
    for await (const batch of options.batches) {
      for (const row of batch) sheet.addRow(options.columns.map((c) => cell(c, row))).commit();
      // SQLite answers synchronously: yield so the zip stream flushes, and let a slow download catch up.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    options.log.error({ err, sheet: options.sheetName }, 'falha ao gerar a planilha');
    out.destroy(err as Error);
  });
  return out;
}
