import { type Actor, CALL_COLUMNS, type CallFilters } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { orgLists } from '../org/org.names.ts';
import { type CallOrder, exportBatches } from './tickets.queries.ts';
import { toRow } from './tickets.rows.ts';

async function* sheetRows(db: DbOrTx, actor: Actor, filters: CallFilters, order: CallOrder) {
  for await (const batch of exportBatches(db, actor, filters, undefined, order)) yield batch.map(toRow);
}

/** The filtered calls, in the list's order, as chamados.xlsx / dados.xlsx (columns: CALL_COLUMNS). */
export function callsSpreadsheet(
  db: DbOrTx,
  actor: Actor,
  filters: CallFilters,
  order: CallOrder,
  log: FastifyBaseLogger,
) {
  const batches = sheetRows(db, actor, filters, order);
  const cellContext = orgLists(db);
  return xlsxStream({ sheetName: 'Chamados', columns: CALL_COLUMNS, batches, log, cellContext });
}
