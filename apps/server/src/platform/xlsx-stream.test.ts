import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ColumnDescription, defineColumns } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readXlsxRows, type SheetRow } from './xlsx-read.ts';
import { xlsxStream, xmlText } from './xlsx-stream.ts';

interface Row {
  name: string | null;
  day: string | null;
  amount: number;
  count: number | null;
}

const columns = defineColumns<Row>()([
  { id: 'name', header: 'Nome', width: 20, value: (r) => r.name },
  { id: 'day', header: 'Data', width: 12, value: (r) => r.day, sheet: { type: 'date', value: (r) => r.day } },
  {
    id: 'amount',
    header: 'Valor',
    width: 12,
    value: (r) => r.amount,
    sheet: { type: 'money', value: (r) => r.amount },
  },
  {
    id: 'count',
    header: 'Qtd',
    width: 8,
    value: (r) => r.count,
    sheet: { type: 'number', value: (r) => r.count },
  },
]) satisfies readonly ColumnDescription<Row>[];

const log = Fastify({ logger: false }).log;

const rows: Row[] = [
  { name: 'São João <&> "Camaçari"\u0007', day: '2023-11-01', amount: 1234.56, count: 3 },
  { name: '  espaços  ', day: null, amount: 0, count: null },
  { name: null, day: '2024-02-29', amount: -10.5, count: 1.25 },
];

async function* batchesOf(all: readonly Row[], size: number) {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('xmlText', () => {
  it('escapes markup, drops what XML 1.0 forbids, keeps the rest as it is', () => {
    expect(xmlText('Camaçari 12 km')).toBe('Camaçari 12 km');
    expect(xmlText('a & b <c> "d"')).toBe('a &amp; b &lt;c&gt; &quot;d&quot;');
    expect(xmlText('tab\tline\nbell\u0007\u000b')).toBe('tab\tline\nbell');
    expect(xmlText('pair 😀 lone \uD800 end \uDC00\uFFFE')).toBe('pair 😀 lone  end ');
  });
});

describe('xlsxStream', () => {
  it('styled: real dates and numbers in the pt-BR formats, bold frozen header, auto-filter', async () => {
    const bytes = await bytesOf(
      xlsxStream({ sheetName: "Multas d'ano", columns, batches: batchesOf(rows, 2), log, styled: true }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Multas d'ano");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Nome', 'Data', 'Valor', 'Qtd']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getColumn(1).width).toBe(20);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('São João <&> "Camaçari"');
    const date = first.getCell(2);
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString()).toBe('2023-11-01T00:00:00.000Z');
    expect(date.numFmt).toBe('dd/mm/yyyy');
    const money = first.getCell(3);
    expect(money.value).toBe(1234.56);
    expect(money.numFmt).toBe('"R$" #,##0.00');
    expect(first.getCell(4).value).toBe(3);
    expect(first.getCell(4).numFmt).toBe('#,##0.###');

    expect(sheet.getRow(3).getCell(1).value).toBe('  espaços  ');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(4).value).toBeNull();
    expect(sheet.getRow(4).getCell(1).value).toBeNull();
    expect((sheet.getRow(4).getCell(2).value as Date).toISOString().slice(0, 10)).toBe('2024-02-29');
    expect(sheet.getRow(4).getCell(3).value).toBe(-10.5);
  });

  it('plain: the columns as values, no frozen header; the import reader reads it back', async () => {
    const bytes = await bytesOf(
      xlsxStream({ sheetName: 'Lista', columns, batches: batchesOf(rows, 10), log }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]?.state).not.toBe('frozen');
    expect(sheet.getRow(2).getCell(2).value).toBe('2023-11-01');

    const read = [];
    for await (const row of readXlsxRows(Readable.from([bytes]))) read.push(row);
    expect(read.map((r) => r.cells)).toEqual([
      ['Nome', 'Data', 'Valor', 'Qtd'],
      ['São João <&> "Camaçari"', '2023-11-01', 1234.56, 3],
      ['  espaços  ', null, 0],
      [null, '2024-02-29', -10.5, 1.25],
    ]);
  });

  it('text that looks like a formula stays text: no cell of an export is ever a formula', async () => {
    const typed = [
      '=HYPERLINK("http://evil.example","Clique")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      "=cmd|' /C calc'!A0",
    ];
    const bytes = await bytesOf(
      xlsxStream({
        sheetName: 'Lista',
        columns,
        batches: batchesOf(
          typed.map((name) => ({ name, day: null, amount: 1, count: null })),
          2,
        ),
        log,
        styled: true,
      }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = book.worksheets[0]!;
    const cells = typed.map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(cells.map((c) => c.value)).toEqual(typed);
    expect(cells.map((c) => c.type)).toEqual(typed.map(() => ExcelJS.ValueType.String));
  });

  it('reads its rows only as fast as the download takes them', async () => {
    // Text that compresses little, as real names and plates do: what the download holds back is
    // the compressed sheet, so a text of one repeated letter would let many more rows through.
    const noise = (i: number) => createHash('sha256').update(String(i)).digest('base64');
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      name: `Linha ${i} ${noise(i)}`,
      day: '2024-01-15',
      amount: i / 100,
      count: i,
    }));
    let served = 0;
    async function* counted() {
      for await (const batch of batchesOf(many, 500)) {
        served += 1;
        yield batch;
      }
    }
    const stream = xlsxStream({ sheetName: 'Muitas', columns, batches: counted(), log, styled: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nobody reads: the writer stops after a few batches instead of reading the 40 into memory.
    expect(served).toBeLessThan(10);

    const parts: Buffer[] = [];
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          parts.push(chunk);
          done();
        },
      }),
    );
    expect(served).toBe(40);
    // The import's streaming reader reads all of it back (the sheet is the archive's big streamed entry).
    let last: SheetRow | undefined;
    let count = 0;
    for await (const row of readXlsxRows(Readable.from([Buffer.concat(parts)]))) {
      count += 1;
      last = row;
    }
    expect(count).toBe(20_001);
    expect(last?.cells).toEqual([`Linha 19999 ${noise(19_999)}`, '2024-01-15', 199.99, 19_999]);
  });
  it('stops reading rows when the download is cut', async () => {
    let served = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          served += 1;
          yield [rows[0]!];
        }
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream({ sheetName: 'Cortada', columns, batches: endless(), log, styled: true });
    stream.once('data', () => stream.destroy());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = served;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(served).toBe(after);
    expect(closed).toBe(true);
  });
});
