import {
  EMPLOYEE_EXPORT_COLUMNS,
  HR_REQUEST_COLUMNS,
  type HrActor,
  type HrRequestFilters,
  LEAVE_SHEET_COLUMNS,
  VACATION_SHEET_COLUMNS,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { orgLists } from '../org/org.names.ts';
import * as q from './hr.queries.ts';
import { toEmployeeSheetRow, withProgress } from './hr.rows.ts';

async function* map<T, U>(batches: AsyncIterable<T[]>, f: (row: T) => U) {
  for await (const batch of batches) yield batch.map(f);
}

export const requestsSpreadsheet = (
  db: DbOrTx,
  actor: HrActor,
  f: HrRequestFilters,
  order: q.RequestPage,
  log: FastifyBaseLogger,
) =>
  xlsxStream({
    sheetName: 'Solicitações RH',
    columns: HR_REQUEST_COLUMNS,
    batches: map(q.requestBatches(db, actor, f, order), withProgress),
    log,
  });

export const employeesSpreadsheet = (db: DbOrTx, log: FastifyBaseLogger) =>
  xlsxStream({
    sheetName: 'Funcionários',
    columns: EMPLOYEE_EXPORT_COLUMNS,
    batches: map(q.employeeBatches(db), toEmployeeSheetRow),
    log,
    cellContext: orgLists(db),
  });

export const vacationsSpreadsheet = (db: DbOrTx, from: string, to: string, log: FastifyBaseLogger) =>
  xlsxStream({
    sheetName: 'Férias',
    columns: VACATION_SHEET_COLUMNS,
    batches: q.vacationBatches(db, from, to),
    log,
  });

export const leavesSpreadsheet = (db: DbOrTx, from: string, to: string, log: FastifyBaseLogger) =>
  xlsxStream({
    sheetName: 'Atestados',
    columns: LEAVE_SHEET_COLUMNS,
    batches: q.leaveBatches(db, from, to),
    log,
    cellContext: orgLists(db),
  });
