import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ColumnDescription } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';

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
}): PassThrough {
  const out = new PassThrough();
  // Styles would double the writing time; the header is simply the first row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = options.columns.map((c) => ({ header: c.header, key: c.id, width: c.width }));
  (async () => {
    for await (const batch of options.batches) {
      for (const row of batch) sheet.addRow(options.columns.map((c) => c.value(row))).commit();
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
