import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import {
  type QuoteChannel,
  type QuoteRowFields,
  type QuoteRowValues,
  quoteRowFields,
} from './purchases.schemas.ts';

/** Spec §5: a quote of channel Fisica needs an attachment (sent with it, or kept from before). */
export const quoteAttachmentMissing = (canalType: QuoteChannel, hasFile: boolean) =>
  canalType === 'Fisica' && !hasFile;

export type QuoteRowField = keyof QuoteRowFields | 'file';

/** What is wrong with a row of the quote form: its fields' messages, by field. */
export type QuoteRowProblems = Partial<Record<QuoteRowField, string>>;

export interface QuoteRowsCheck {
  /** Per row (same order), each field's problem, shown under the field. */
  rows: QuoteRowProblems[];
  /**
   * The form's message, empty when every row may be sent: the spec's sentences (§5: 'Por favor,
   * preencha todos os campos em todas as linhas.', 'Por favor, insira anexo nas linhas …') followed
   * by which field of which row, one line each ("Linha 2: Informe o fornecedor.").
   */
  lines: string[];
}

/**
 * The quote form's rows checked by the schema the server reads each quote with (quoteRowFields)
 * and the attachment rule it applies (quoteAttachmentMissing).
 */
export function quoteRowsProblems(rows: readonly (QuoteRowFields & { hasFile: boolean })[]): QuoteRowsCheck {
  const problems = rows.map(({ hasFile, ...fields }) => {
    const found: QuoteRowProblems = {};
    for (const issue of quoteRowFields.safeParse(fields).error?.issues ?? []) {
      const field = issue.path[0] as keyof QuoteRowFields;
      found[field] ??= issue.message;
    }
    if (quoteAttachmentMissing(fields.canalType, hasFile)) found.file = PURCHASE_MSG.quoteFileRequired;
    return found;
  });
  const fieldLines = problems.flatMap((p, i) =>
    Object.entries(p).flatMap(([field, message]) => (field === 'file' ? [] : [`Linha ${i + 1}: ${message}`])),
  );
  const withoutFile = problems.flatMap((p, i) => (p.file ? [i + 1] : []));
  const lines = [
    ...(fieldLines.length > 0 ? [MSG.quoteRowsRequired, ...fieldLines] : []),
    ...(withoutFile.length > 0 ? [`${MSG.quoteAttachmentRequired}${withoutFile.join(', ')}`] : []),
  ];
  return { rows: problems, lines };
}

/**
 * A row of the quote form as typed: its fields, the file chosen for it (null: none) and, in the
 * editor, whether the quote keeps the attachment it has. `F` is how the form holds a file.
 */
export type QuoteFormRow<F> = QuoteRowFields & { file: F | null; keptFile?: boolean };

/**
 * The quote form's schema (Inserir Cotação: its rows; the quote editor: one row), checked by
 * quoteRowsProblems: each field's message under it (path rows.i.field, the attachment's at
 * rows.i.file) and the form's message at path [] (its lines joined by "\n"). It hands over each row
 * as the server reads it (quoteRowFields), with its file.
 */
export const quoteRowsForm = <F>() =>
  z
    .object({
      rows: z.array(z.custom<QuoteFormRow<F>>((v) => typeof v === 'object' && v !== null)).min(1),
    })
    .superRefine(({ rows }, ctx) => {
      const check = quoteRowsProblems(
        rows.map(({ file, keptFile, ...fields }) => ({ ...fields, hasFile: file != null || !!keptFile })),
      );
      check.rows.forEach((problems, i) => {
        for (const [field, message] of Object.entries(problems))
          ctx.addIssue({ code: 'custom', path: ['rows', i, field], message });
      });
      if (check.lines.length > 0) ctx.addIssue({ code: 'custom', path: [], message: check.lines.join('\n') });
    })
    .transform(({ rows }) =>
      rows.map(({ file, keptFile, ...fields }): QuoteRowValues & { file: F | null } => ({
        ...quoteRowFields.parse(fields),
        file,
      })),
    );
