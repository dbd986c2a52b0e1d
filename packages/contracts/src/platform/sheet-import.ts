import { z } from 'zod';
import type { FileRule } from '../http/endpoint.ts';
import { defineColumns } from '../lists/columns.ts';
import { normalizeName } from '../roles.ts';

/**
 * Imports of people from a spreadsheet (.xlsx or .csv, decision 0117): the users and the HR
 * employees. A preview of every line (what it would add, update or refuse, and why), then one
 * transaction. What both imports share lives here; each keeps its columns and row rules.
 */

/** A cell as the server's readers give it (an .xlsx date already `yyyy-MM-dd`; a .csv cell is text). */
export type ImportCell = string | number | null;

/** The most data lines one file may hold. */
export const PEOPLE_IMPORT_MAX_ROWS = 5000;
export const PEOPLE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MSG = {
  type: 'O arquivo deve ser uma planilha .xlsx ou .csv.',
  tooLarge: `O arquivo deve ter no máximo ${PEOPLE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'A planilha não tem linhas além do cabeçalho.',
  tooManyRows: `A planilha tem mais de ${PEOPLE_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas: divida-a em arquivos menores.`,
  columns: (headers: string) => `A planilha não tem as colunas obrigatórias: ${headers}.`,
  notFound: 'Importação não encontrada: ela expirou ou foi cancelada. Envie a planilha de novo.',
  refused: 'A planilha tem linhas recusadas: corrija-as e envie o arquivo de novo.',
  cancelled: 'Importação cancelada.',
  garbled: 'Texto ilegível nesta linha (caractere inválido); confira a codificação do arquivo.',
  repeated: (header: string, value: string, line: number) =>
    `${header} ${value} já aparece na linha ${line} da planilha.`,
  changedMeanwhile: (line: number, reason: string) =>
    `A linha ${line} não vale mais (${reason}); envie a planilha de novo.`,
  done: (added: number, updated: number, unchanged: number) =>
    `Importação concluída: ${added} adicionado(s), ${updated} atualizado(s), ${unchanged} sem alteração.`,
} as const;

/** The file of an import: an .xlsx (a zip by its bytes) or a .csv (text, told by its name). */
export const PEOPLE_IMPORT_FILE: FileRule = {
  field: 'file',
  maxFiles: 1,
  maxBytes: PEOPLE_IMPORT_MAX_BYTES,
  // Text has no signature: the server refuses what is neither a workbook nor a .csv/.txt by name.
  mimes: 'any',
  invalidTypeMessage: IMPORT_MSG.type,
  tooLargeMessage: IMPORT_MSG.tooLarge,
};

/** A column of an import: its field, the header the export writes, and other headers read as it. */
export interface ImportColumn<F extends string = string> {
  field: F;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
}

/** A header as compared: accents, case, spaces and punctuation aside ("E-mail" = "email"). */
const headerKey = (text: string) => normalizeName(text).replace(/[^a-z0-9]/g, '');

/**
 * The header row read against the columns: the field of each cell (undefined: not read), the
 * required columns no header names (by their header), and the headers that are not columns.
 */
export function readImportHeader<F extends string>(
  columns: readonly ImportColumn<F>[],
  headers: readonly ImportCell[],
) {
  const byKey = new Map<string, F>();
  for (const c of columns)
    for (const name of [c.header, ...(c.aliases ?? [])]) byKey.set(headerKey(name), c.field);
  const fields: (F | undefined)[] = [];
  const ignored: string[] = [];
  const seen = new Set<F>();
  for (const h of headers) {
    const text = h === null ? '' : String(h).trim();
    const field = byKey.get(headerKey(text));
    // A repeated header is read once (its first column).
    if (field && !seen.has(field)) {
      seen.add(field);
      fields.push(field);
    } else {
      fields.push(undefined);
      if (text) ignored.push(text);
    }
  }
  const missing = columns.filter((c) => c.required && !seen.has(c.field)).map((c) => c.header);
  return { fields, missing, ignored };
}

/** One row's cells by field, as text (trimmed; '' when empty or absent). */
export function cellsByField<F extends string>(
  fields: readonly (F | undefined)[],
  cells: readonly ImportCell[],
): Record<F, string> {
  const out = {} as Record<F, string>;
  fields.forEach((field, i) => {
    if (!field) return;
    const cell = cells[i];
    out[field] = cell === null || cell === undefined ? '' : String(cell).trim();
  });
  return out;
}

/** A list typed in one cell: "Compras; Frota" or "Compras, Frota". */
export const splitList = (text: string): string[] =>
  text
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** "Sim"/"Não", "S"/"N", 1/0, "x"/"" (case and accents aside); undefined when unreadable. */
export function readYesNo(text: string): 0 | 1 | undefined {
  const key = normalizeName(text);
  if (['', 'nao', 'n', '0', 'false', 'falso'].includes(key)) return 0;
  if (['sim', 's', '1', 'x', 'true', 'verdadeiro'].includes(key)) return 1;
  return undefined;
}

export const IMPORT_ACTIONS = ['add', 'update', 'unchanged', 'refuse'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];
export const IMPORT_ACTION_LABEL: Record<ImportAction, string> = {
  add: 'Adicionar',
  update: 'Atualizar',
  unchanged: 'Sem alteração',
  refuse: 'Recusada',
};

/** One data line of the file and what the import does with it. */
export const importLine = z.object({
  line: z.number(),
  action: z.enum(IMPORT_ACTIONS),
  /** The line's matrícula and name as typed (for the person to find it). */
  key: z.string(),
  name: z.string(),
  /** Why it is refused; for an update, what changes. */
  detail: z.string().nullable(),
});
export type ImportLine = z.infer<typeof importLine>;

/** What an import would do: nothing is written until it is confirmed (commit). */
export const importPreview = z.object({
  importId: z.string(),
  fileName: z.string(),
  rows: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  refusedCount: z.number(),
  /** Headers that are not columns of the import: not read. */
  ignoredColumns: z.array(z.string()),
  lines: z.array(importLine),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  message: z.string(),
});
export type ImportResult = z.infer<typeof importResult>;

export const importParams = z.object({ id: z.uuid({ error: IMPORT_MSG.notFound }) });

/**
 * The preview's table: one row per line of the file (the web's virtual table reads it). The
 * widths add up to what the desktop dialog holds, so that names of up to about 28 letters show
 * whole; the reason takes two lines there, and a refusal is written out whole above the table.
 */
export const IMPORT_LINE_COLUMNS = defineColumns<ImportLine>()([
  { id: 'line', header: 'Linha', width: 7, value: (r) => r.line, phone: true },
  {
    id: 'action',
    header: 'Situação',
    // "Sem alteração", the longest label.
    width: 13,
    value: (r) => IMPORT_ACTION_LABEL[r.action],
    badge: true,
    phone: true,
  },
  { id: 'key', header: 'Matrícula', width: 10, value: (r) => r.key },
  { id: 'name', header: 'Nome', width: 30, value: (r) => r.name },
  { id: 'detail', header: 'Motivo ou alteração', width: 21, value: (r) => r.detail, phone: true },
]);
