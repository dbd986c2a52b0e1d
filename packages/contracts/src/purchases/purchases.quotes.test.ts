import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import { quoteAttachmentMissing, quoteRowsForm, quoteRowsProblems } from './purchases.quotes.ts';
import {
  insertQuoteFields,
  openRequestFilesProblem,
  QUOTE_TEXT_MAX,
  quoteRowFields,
} from './purchases.schemas.ts';

const row = {
  fornecedor: 'Loja',
  prazo: '2026-12-01',
  valor: '500.01',
  contato: 'https://loja.example',
  canalType: 'Online' as const,
  hasFile: false,
};

describe('the quote form, checked by the schema the server reads each quote with (issue 32)', () => {
  it('complete rows pass', () => {
    expect(quoteRowsProblems([row, { ...row, canalType: 'Fisica', hasFile: true }])).toEqual({
      rows: [{}, {}],
      lines: [],
    });
  });

  it('says which field of which row, after the spec sentence', () => {
    const check = quoteRowsProblems([
      row,
      { ...row, fornecedor: ' ', valor: '' },
      { ...row, prazo: '31/02/2026', contato: '', valor: '0.00' },
    ]);
    expect(check.rows).toEqual([
      {},
      { fornecedor: 'Informe o fornecedor.', valor: 'Informe um valor maior que zero.' },
      {
        prazo: 'Data inválida (use dd/mm/aaaa).',
        valor: 'Informe um valor maior que zero.',
        contato: 'Informe o contato.',
      },
    ]);
    expect(check.lines).toEqual([
      'Por favor, preencha todos os campos em todas as linhas.',
      'Linha 2: Informe o fornecedor.',
      'Linha 2: Informe um valor maior que zero.',
      'Linha 3: Data inválida (use dd/mm/aaaa).',
      'Linha 3: Informe um valor maior que zero.',
      'Linha 3: Informe o contato.',
    ]);
  });

  it('a Fisica row without its attachment: the spec sentence names the rows', () => {
    const check = quoteRowsProblems([{ ...row, canalType: 'Fisica' }, row, { ...row, canalType: 'Fisica' }]);
    expect(check.rows).toEqual([
      { file: PURCHASE_MSG.quoteFileRequired },
      {},
      { file: PURCHASE_MSG.quoteFileRequired },
    ]);
    expect(check.lines).toEqual(['Por favor, insira anexo nas linhas 1, 3']);
    expect(quoteAttachmentMissing('Fisica', true)).toBe(false);
    expect(quoteAttachmentMissing('Online', false)).toBe(false);
  });
});

describe('the request form: a link or a file for a compra, files for some justifications', () => {
  const body = { typerequest: 'compra' as const, link: null, justify: 'Novo ativo', supplyType: null };
  it.each([
    [body, 0, PURCHASE_MSG.linkOrFile],
    [{ ...body, link: '  ' }, 0, PURCHASE_MSG.linkOrFile],
    [{ ...body, link: 'https://loja.example' }, 0, undefined],
    [body, 1, undefined],
    [{ ...body, typerequest: 'servico' as const }, 0, undefined],
    [{ ...body, link: 'https://loja.example', justify: 'Reposição de ativo' }, 0, PURCHASE_MSG.filesRequired],
    [
      { ...body, link: 'https://loja.example', justify: 'Reposição de insumo', supplyType: 'Corretiva' },
      0,
      PURCHASE_MSG.filesRequired,
    ],
    [{ ...body, justify: 'Reposição de insumo', supplyType: 'Preventiva' }, 2, undefined],
  ])('%j with %i file(s): %s', (b, files, problem) => {
    expect(openRequestFilesProblem(b, files)).toBe(problem);
  });
  it('keeps the spec sentence of a missing field', () => {
    expect(MSG.quoteRowsRequired).toBe('Por favor, preencha todos os campos em todas as linhas.');
  });
});

describe('the quote form schema: quoteRowsProblems as field and form messages (issue 33)', () => {
  const form = quoteRowsForm<string>();
  const typed = { ...row, valor: 500.01, file: null, key: 7 };

  it('hands over each row as the server reads it, with its file', () => {
    expect(form.parse({ rows: [typed, { ...typed, canalType: 'Fisica', file: 'orcamento.pdf' }] })).toEqual([
      {
        fornecedor: 'Loja',
        prazo: '2026-12-01',
        valor: 500.01,
        contato: row.contato,
        canalType: 'Online',
        file: null,
      },
      {
        fornecedor: 'Loja',
        prazo: '2026-12-01',
        valor: 500.01,
        contato: row.contato,
        canalType: 'Fisica',
        file: 'orcamento.pdf',
      },
    ]);
  });

  it('each field its message, the form the spec sentences; an edited quote keeps its attachment', () => {
    const rows = [
      { ...typed, fornecedor: '' },
      { ...typed, canalType: 'Fisica' as const },
      { ...typed, canalType: 'Fisica' as const, keptFile: true },
    ];
    const issues = form.safeParse({ rows }).error?.issues.map(({ path, message }) => ({ path, message }));
    expect(issues).toEqual([
      { path: ['rows', 0, 'fornecedor'], message: PURCHASE_MSG.quoteSupplierRequired },
      { path: ['rows', 1, 'file'], message: PURCHASE_MSG.quoteFileRequired },
      {
        path: [],
        message: [
          MSG.quoteRowsRequired,
          `Linha 1: ${PURCHASE_MSG.quoteSupplierRequired}`,
          `${MSG.quoteAttachmentRequired}2`,
        ].join('\n'),
      },
    ]);
  });

  it('the server refuses a supplier longer than the form lets one type', () => {
    const long = 'x'.repeat(QUOTE_TEXT_MAX.fornecedor + 1);
    expect(
      insertQuoteFields.safeParse({ ticket: '1', ...row, fornecedor: long, prazoEntrega: row.prazo }).success,
    ).toBe(false);
    expect(quoteRowFields.safeParse({ ...row, fornecedor: long.slice(1) }).success).toBe(true);
  });
});
