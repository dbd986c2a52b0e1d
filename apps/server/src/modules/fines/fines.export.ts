import { BM_COLUMNS, FINE_COLUMNS, type FineFilters } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { bmBatches, fineBatches, toFineRow } from './fines.queries.ts';
import { withBmFlags } from './fines.service.ts';

async function* rows(db: DbOrTx, f: Partial<FineFilters>) {
  for await (const batch of fineBatches(db, f)) yield batch.map(toFineRow);
}

async function* bmRows(db: DbOrTx, year: number, month: number) {
  const flags = withBmFlags(year, month);
  for await (const batch of bmBatches(db, year, month)) yield batch.map(toFineRow).map(flags);
}

/** multas_geral.xlsx: the filtered fines, newest infraction first (columns: FINE_COLUMNS). */
export function finesSpreadsheet(db: DbOrTx, f: Partial<FineFilters>, log: FastifyBaseLogger) {
  return xlsxStream({ sheetName: 'Multas', columns: FINE_COLUMNS, batches: rows(db, f), log, styled: true });
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
