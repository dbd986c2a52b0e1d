import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { FINE_IMPORT_FILE, fineImportJob, fineImportParams, fineImportReading } from './fines.import.ts';
import {
  bmPageQuery,
  bmQuery,
  bmReply,
  fineAggregates,
  fineFilters,
  fineInput,
  fineListQuery,
  fineListReply,
  fineMessageReply,
  fineOptionsReply,
  fineRow,
  fineUpdateBody,
  managerFinesQuery,
} from './fines.schemas.ts';

/** Traffic fines (spec §7 Fines; issue 11). Every call: Gestão de Multas members and admins. */
export const finesCalls = {
  managerFines: endpoint({
    method: 'GET',
    path: '/api/managerFines',
    summary: 'Fine rows (spec §7): one by id or NUMERO_AUTO, or a page of limit rows at pageIndex (from 0).',
    query: managerFinesQuery,
    reply: z.array(fineRow),
  }),
  updateFine: endpoint({
    method: 'PUT',
    path: '/api/managerFines',
    summary: 'Saves an edited fine (spec §7); only the fields sent change; audited with old and new values.',
    body: fineUpdateBody,
    reply: fineMessageReply,
  }),
  insertFine: endpoint({
    method: 'POST',
    path: '/api/fines',
    status: 201,
    summary:
      'Inserts a fine. Missing required fields answer 400 { success: false, error, message, requeire: [fields] }.',
    body: fineInput,
    reply: fineMessageReply,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/fines',
    summary: 'The filtered fines, sorted and keyset-paged in SQL; the first page (no cursor) has the total.',
    query: fineListQuery,
    reply: fineListReply,
  }),
  options: endpoint({
    method: 'GET',
    path: '/api/fines/options',
    summary: 'The units and carriers that fines have, for the filter bar.',
    reply: fineOptionsReply,
  }),
  aggregates: endpoint({
    method: 'GET',
    path: '/api/fines/aggregates',
    summary: 'Spec §3 Fine aggregates and the dashboards series, computed in SQL for the filters.',
    query: fineFilters,
    reply: fineAggregates,
  }),
  exportList: endpoint({
    method: 'GET',
    path: '/api/fines/export',
    summary: 'multas_geral.xlsx: the filtered fines, streamed, with date and number cells.',
    cookieAuth: true,
    query: fineFilters,
  }),
  bm: endpoint({
    method: 'GET',
    path: '/api/fines/bm',
    summary:
      'BM monthly report: fines with DATA_APURACAO (AP) or DATA_PAGMTO (PG) in the month, keyset-paged by id; the first page has the total.',
    query: bmPageQuery,
    reply: bmReply,
  }),
  exportBm: endpoint({
    method: 'GET',
    path: '/api/fines/bm/export',
    summary: 'BM.xlsx: the BM report of the month, streamed.',
    cookieAuth: true,
    query: bmQuery,
  }),
  importPreview: endpoint({
    method: 'POST',
    path: '/api/fines/import',
    summary:
      'Stores an .xlsx of fines (header: the field names), checks its header and starts reading it as a job; answers its state at once (importReading follows it); writes no fine.',
    multipart: { fields: z.object({}), files: FINE_IMPORT_FILE },
    reply: fineImportReading,
  }),
  importReading: endpoint({
    method: 'GET',
    path: '/api/fines/import/:id/preview',
    summary:
      "An uploaded import's reading: rows read so far, then the preview (what it would add, update and refuse, with line and reason) or why it failed; its uploader only.",
    params: fineImportParams,
    reply: fineImportReading,
  }),
  importCommit: endpoint({
    method: 'POST',
    path: '/api/fines/import/:id/commit',
    summary:
      'Starts writing a previewed import as a job (one transaction; refused when any row is refused); answers its state at once; audited.',
    params: fineImportParams,
    reply: fineImportJob,
  }),
  importStatus: endpoint({
    method: 'GET',
    path: '/api/fines/import/:id',
    summary:
      "A committed import's progress (rows written of the total), result or failure; its uploader only.",
    params: fineImportParams,
    reply: fineImportJob,
  }),
  importCancel: endpoint({
    method: 'DELETE',
    path: '/api/fines/import/:id',
    summary: 'Drops a previewed import without writing anything.',
    params: fineImportParams,
    reply: okReply,
  }),
};
