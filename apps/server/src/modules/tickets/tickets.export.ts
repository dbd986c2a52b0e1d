import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  type Actor,
  type CallFilters,
  callStatusLabel,
  DEPARTMENT_LABEL,
  type Department,
  formatDateTime,
  UNIT_LABEL,
} from '@intranet/contracts';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { exportBatches } from './tickets.queries.ts';
import { toRow } from './tickets.service.ts';

const COLUMNS = [
  { header: 'Ticket', key: 'id', width: 10 },
  { header: 'Nome', key: 'nome', width: 32 },
  { header: 'Matrícula', key: 'matricula', width: 12 },
  { header: 'Setor', key: 'setor', width: 24 },
  { header: 'Departamento', key: 'dep', width: 26 },
  { header: 'Problema', key: 'problema', width: 22 },
  { header: 'Unidade', key: 'filial', width: 10 },
  { header: 'Data e hora', key: 'data', width: 20 },
  { header: 'Status', key: 'status', width: 20 },
  { header: 'Atendente', key: 'suporte', width: 28 },
  { header: 'Descrição', key: 'descricao', width: 60 },
];

/**
 * The filtered calls as an .xlsx stream: exceljs' streaming writer commits each row as it is
 * written, and rows are read in keyset batches, so memory stays flat at any size.
 */
export function callsSpreadsheet(
  db: DbOrTx,
  actor: Actor,
  filters: CallFilters,
  log: FastifyBaseLogger,
): PassThrough {
  const out = new PassThrough();
  // Styles would double the writing time; the header is simply the first row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
  const sheet = workbook.addWorksheet('Chamados');
  sheet.columns = COLUMNS;
  (async () => {
    for await (const batch of exportBatches(db, actor, filters)) {
      for (const r of batch.map(toRow)) {
        sheet
          .addRow({
            id: r.id,
            nome: r.nome_usuario,
            matricula: r.matricula_usuario,
            setor: r.setor_usuario ?? '',
            dep: DEPARTMENT_LABEL[r.dep as Department] ?? r.dep,
            problema: r.problema,
            filial: UNIT_LABEL[r.filial as keyof typeof UNIT_LABEL] ?? r.filial,
            data: formatDateTime(r.data),
            status: callStatusLabel(r.status),
            suporte: r.nome_suporte ?? '',
            descricao: r.descricao,
          })
          .commit();
      }
      // SQLite answers synchronously: yield so the zip stream flushes, and let a slow download catch up.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    log.error({ err }, 'falha ao gerar a planilha de chamados');
    out.destroy(err as Error);
  });
  return out;
}
