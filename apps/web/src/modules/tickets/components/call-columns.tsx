import { type CallRow, DEPARTMENT_LABEL, type Department, formatDateTime } from '@intranet/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { CallStatusBadge } from './CallStatusBadge.tsx';

export const depLabel = (dep: string) => DEPARTMENT_LABEL[dep as Department] ?? dep;
export const unitLabel = (filial: string) => (filial === 'Maua' ? 'Mauá' : filial);

const col = (
  id: string,
  header: string,
  cell: (r: CallRow) => React.ReactNode,
): ColumnDef<CallRow, unknown> => ({
  id,
  header,
  cell: ({ row }) => cell(row.original),
});

/** The results table of spec §2: Ticket, Nome, Matrícula, Departamento, Data e hora, Status. */
export const MY_CALLS_COLUMNS = [
  col('id', 'Ticket', (r) => `#${r.id}`),
  col('nome_usuario', 'Nome', (r) => r.nome_usuario),
  col('matricula', 'Matrícula', (r) => r.matricula_usuario),
  col('dep', 'Departamento', (r) => depLabel(r.dep)),
  col('data', 'Data e hora', (r) => formatDateTime(r.data)),
  col('status', 'Status', (r) => <CallStatusBadge status={r.status} />),
];

/** Chamados Abertos: one column per filter of spec §2. */
export const OPEN_CALLS_COLUMNS = [
  col('id', 'Ticket', (r) => `#${r.id}`),
  col('dep', 'Suporte', (r) => depLabel(r.dep)),
  col('nome_usuario', 'Nome', (r) => r.nome_usuario),
  col('filial', 'Unidade', (r) => unitLabel(r.filial)),
  col('matricula', 'Matrícula', (r) => r.matricula_usuario),
  col('setor', 'Departamento', (r) => r.setor_usuario ?? ''),
  col('problema', 'Problema', (r) => r.problema),
  col('data', 'Data e hora', (r) => formatDateTime(r.data)),
  col('status', 'Status', (r) => <CallStatusBadge status={r.status} />),
];
