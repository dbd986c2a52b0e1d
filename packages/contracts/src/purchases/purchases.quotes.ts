import { MSG } from '../messages.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import { type QuoteChannel, type QuoteRowFields, quoteRowFields } from './purchases.schemas.ts';

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
