import { BM_COLUMNS, type BmRow, bmFlags, FINE_COLUMNS, type FineFilters } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { readAhead } from '../../platform/read-ahead.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { bmBatches, fineExportBatches, fineRowReader } from './fines.queries.ts';

/** A batch's array rows as rows of the sheet, one at a time (each valid until the next is read). */
function* each<Row>(batch: readonly unknown[][], read: (values: readonly unknown[]) => Row) {
  for (const values of batch) yield read(values);
}

/**
 * On PostgreSQL the next batch is asked for while this one is written: its query runs in the
 * database's process meanwhile. SQLite runs it in the event loop either way (nothing to gain, and
 * one more batch held).
 */
const ahead = <T>(db: DbOrTx, batches: AsyncIterable<T>) => (isPostgres(db) ? readAhead(batches) : batches);

/** The export's rows: the array batches read into one reused FineRow (fines.queries.ts#fineRowReader). */
export async function* fineSheetRows(db: DbOrTx, f: Partial<FineFilters>, batchSize?: number) {
  const read = fineRowReader();
  for await (const batch of ahead(db, fineExportBatches(db, f, batchSize))) yield each(batch, read);
}

async function* bmRows(db: DbOrTx, year: number, month: number) {
  const read = fineRowReader();
  const withFlags = (values: readonly unknown[]): BmRow => {
    const row = read(values);
    return Object.assign(row, bmFlags(row, year, month));
  };
  for await (const batch of ahead(db, bmBatches(db, year, month))) yield each(batch, withFlags);
}

/** multas_geral.xlsx: the filtered fines, newest infraction first (columns: FINE_COLUMNS). */
export function finesSpreadsheet(db: DbOrTx, f: Partial<FineFilters>, log: FastifyBaseLogger) {
  return xlsxStream({
    sheetName: 'Multas',
    columns: FINE_COLUMNS,
    batches: fineSheetRows(db, f),
    log,
    styled: true,
  });
}

/** BM.xlsx: the month's fines with their AP and PG flags (columns: BM_COLUMNS). */
export function bmSpreadsheet(db: DbOrTx, year: number, month: number, log: FastifyBaseLogger) {
  return xlsxStream({
    sheetName: 'BM',
    columns: BM_COLUMNS,
    batches: bmRows(db, year, month),
    log,
    styled: true,
  });
}
