import { PURCHASE_COLUMNS, type PurchaseActor, type PurchaseFilters } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { orgLists } from '../org/org.names.ts';
import { exportBatches, type PurchaseOrder } from './purchases.queries.ts';

/** The filtered requests, in the list's order, as solicitacoes.xlsx (columns: PURCHASE_COLUMNS). */
export function purchasesSpreadsheet(
  db: DbOrTx,
  actor: PurchaseActor,
  filters: PurchaseFilters,
  order: PurchaseOrder,
  log: FastifyBaseLogger,
) {
  const batches = exportBatches(db, actor, filters, order);
  const cellContext = orgLists(db);
  return xlsxStream({ sheetName: 'Solicitações', columns: PURCHASE_COLUMNS, batches, log, cellContext });
}
