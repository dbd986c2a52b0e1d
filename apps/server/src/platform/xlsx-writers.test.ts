import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from './xlsx-read.ts';

/** Workbooks written by other programs (their recipes: test/fixtures/xlsx/README.md). */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/xlsx');

const TABLE = [
  { line: 1, cells: ['texto', 'número', 'data', 'ativo'] },
  { line: 2, cells: ['Camaçari — Ação', 1234.56, '2024-02-29', 'true'] },
  { line: 4, cells: ['A & B <c>', -3, null, 'false'] },
];

async function read(file: string) {
  const rows = [];
  for await (const row of readXlsxRows(fs.createReadStream(path.join(FIXTURES, file)))) rows.push(row);
  return rows;
}

describe('readXlsxRows reads workbooks written by other programs', () => {
  it.each([
    // SheetJS's default output stores its zip entries uncompressed (issue 32: it was refused).
    'sheetjs-0.18.5-stored.xlsx',
    'sheetjs-0.18.5-shared-strings.xlsx',
    'xlsx-populate-1.21.0.xlsx',
    'excel4node-1.8.2.xlsx',
    'libreoffice-7.4-excel-2007.xlsx',
    'libreoffice-7.4-office-open-xml.xlsx',
  ])('%s', async (file) => {
    expect(await read(file)).toEqual(TABLE);
  });

  it('a fines import written by SheetJS (stored entries) reads to its header and row', async () => {
    const rows = await read('sheetjs-0.18.5-multas.xlsx');
    expect(rows.map((r) => r.cells)).toEqual([
      [
        'NUMERO_AUTO',
        'DATA_INFRACAO',
        'ORGAO_AUTUADOR',
        'UNIDADE',
        'PLACA',
        'TRANSP',
        'STATUS_MULTA',
        'VALOR_TOTAL_MULTA',
      ],
      ['SJS-0001', '2024-06-03', 'PRF', 'Camaçari', 'ABC1D23', 'Translog', 'Penalidade', 321.5],
    ]);
  });
});
