import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, readCsvRows, textEncoding } from './csv-read.ts';
import { HttpError } from './errors.ts';

const rowsOf = async (bytes: Buffer, chunk = 7) => {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const out = [];
  for await (const row of readCsvRows(Readable.from(parts))) out.push(row);
  return out;
};

describe('CSV reading (decision 0117)', () => {
  it('tells UTF-8 (with or without a BOM) from Windows-1252', () => {
    expect(textEncoding(Buffer.from('\uFEFFMatrícula', 'utf8'))).toBe('utf-8');
    expect(textEncoding(Buffer.from('Matrícula', 'utf8'))).toBe('utf-8');
    expect(textEncoding(Buffer.from('Matrícula', 'latin1'))).toBe('windows-1252');
    // A character cut at the end of the sample is still UTF-8.
    expect(textEncoding(Buffer.from('Conceição', 'utf8').subarray(0, 7))).toBe('utf-8');
  });

  it('takes the delimiter of the first line, quotes aside', () => {
    expect(csvDelimiter('Matrícula;Nome;"Setores, vários"\n1;2;3')).toBe(';');
    expect(csvDelimiter('a,b,"c;d;e"')).toBe(',');
    expect(csvDelimiter('a\tb\tc')).toBe('\t');
    expect(csvDelimiter('sozinho')).toBe(',');
  });

  it('reads a UTF-8 file with a BOM, in any chunks, with quotes and line breaks inside cells', async () => {
    const text = '\uFEFFNome,Setores\r\n"Araújo, Ana","Compras; Frota"\r\n\r\n"Linha\ndupla",x\r\n';
    expect(await rowsOf(Buffer.from(text, 'utf8'))).toEqual([
      { line: 1, cells: ['Nome', 'Setores'] },
      { line: 2, cells: ['Araújo, Ana', 'Compras; Frota'] },
      { line: 4, cells: ['Linha\ndupla', 'x'] },
    ]);
  });

  it('reads Latin-1 with ";" as Excel in Brazil saves "CSV"', async () => {
    const bytes = Buffer.from('Matrícula;Nome\r\n3001;Conceição Lúcio\r\n', 'latin1');
    expect(await rowsOf(bytes)).toEqual([
      { line: 1, cells: ['Matrícula', 'Nome'] },
      { line: 2, cells: ['3001', 'Conceição Lúcio'] },
    ]);
  });

  it('refuses a quote left open with a Portuguese 400', async () => {
    const error = await rowsOf(Buffer.from('a,b\n"aberta,x\n')).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toMatch(/^Não foi possível ler o arquivo \.csv/);
  });
});
