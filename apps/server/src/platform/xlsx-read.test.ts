import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { xlsxBuffer } from '../../test/xlsx-buffer.ts';
import { HttpError } from './errors.ts';
import { readXlsxRows, removeStaleSheetCopies, type SheetRow, UNREADABLE_SHEET } from './xlsx-read.ts';

/**
 * exceljs' streaming reader decodes each inflated chunk of a zip entry on its own: a two-byte
 * character cut by a chunk boundary read as U+FFFD (decision 0084). Thousands of rows
 * of text made of two-byte characters put many chunk boundaries inside a character, in the shared
 * strings (exceljs' workbook) and in the worksheet itself (inline strings of the streamed writer).
 */
const ROWS = 3000;
const accented = (i: number) => `Ação ${i}: São João, Camaçari — ${'çãõéí'.repeat(8 + (i % 7))}`;
const header = ['n', 'texto'];
const rows = Array.from({ length: ROWS }, (_, i) => [i + 1, accented(i)]);

async function readAll(bytes: Buffer): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of readXlsxRows(Readable.from([bytes]))) out.push(row);
  return out;
}

/** The same rows through exceljs' streaming writer, strings inline in the worksheet. */
async function streamedXlsx(): Promise<Buffer> {
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Multas');
  sheet.addRow(header).commit();
  for (const r of rows) sheet.addRow(r).commit();
  await workbook.commit();
  return Buffer.concat(parts);
}

describe('readXlsxRows decodes UTF-8 across chunk boundaries', () => {
  for (const [name, make] of [
    ['shared strings', () => xlsxBuffer([header, ...rows])],
    ['inline strings (streamed writer)', streamedXlsx],
  ] as const) {
    it(name, async () => {
      const bytes = await make();
      const got = await readAll(bytes);
      expect(got).toHaveLength(ROWS + 1);
      const texts = got.slice(1).map((r) => r.cells[1]);
      expect(texts.filter((t) => String(t).includes('\uFFFD'))).toEqual([]);
      expect(texts).toEqual(rows.map((r) => r[1]));
    });
  }
});

/** The rows read, as [line, cells] with trailing empty cells left out. */
async function lines(bytes: Buffer): Promise<[number, unknown[]][]> {
  return (await readAll(bytes)).map(({ line, cells }) => {
    const c = [...cells];
    while (c.length > 0 && c[c.length - 1] === null) c.pop();
    return [line, c];
  });
}

/** What the import answers for a file it cannot read: the Portuguese 400. */
async function refusal(bytes: Buffer): Promise<unknown> {
  try {
    await readAll(bytes);
  } catch (err) {
    return err instanceof HttpError ? { status: err.statusCode, message: err.message } : err;
  }
  return 'lido';
}
const UNREADABLE = { status: 400, message: UNREADABLE_SHEET };

describe('readXlsxRows reads what Excel-like writers write (exceljs full writer)', () => {
  it('shared and rich-text strings, numbers, booleans, errors, formulas, dates by style, gaps', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Multas');
    sheet.addRow(['texto', 'número', 'data', 'outro']);
    sheet.getCell('A2').value = 'Camaçari';
    sheet.getCell('B2').value = 1234.56;
    sheet.getCell('C2').value = new Date(Date.UTC(2024, 1, 29, 15, 30));
    sheet.getCell('C2').numFmt = 'dd/mm/yyyy';
    sheet.getCell('D2').value = { richText: [{ text: 'Rá', font: { bold: true } }, { text: 'pido Ltda' }] };
    // Row 3: a gap (B, C empty), a boolean, an error.
    sheet.getCell('A3').value = true;
    sheet.getCell('D3').value = { error: '#N/A' };
    // Row 4 left blank; row 5: formulas with their results, a number formatted but not as a date.
    sheet.getCell('A5').value = { formula: 'B2*2', result: 2469.12 };
    sheet.getCell('B5').value = { formula: '"a"&"b"', result: 'ab' };
    sheet.getCell('C5').value = { formula: 'C2+1', result: new Date(Date.UTC(2024, 2, 1)) };
    sheet.getCell('C5').numFmt = 'd-mmm-yy';
    sheet.getCell('D5').value = 45000;
    sheet.getCell('D5').numFmt = '#,##0.00 "dias"';
    // Row 6: a day serial with the built-in date format 14, a hyperlink's text, a time.
    sheet.getCell('A6').value = 45418;
    sheet.getCell('A6').numFmt = 'mm-dd-yy';
    sheet.getCell('B6').value = { text: 'site', hyperlink: 'https://example.com' };
    sheet.getCell('C6').value = 0.75;
    sheet.getCell('C6').numFmt = 'h:mm';
    sheet.getCell('D6').value = 'A & B <c> "d"';
    const got = await lines(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(got).toEqual([
      [1, ['texto', 'número', 'data', 'outro']],
      [2, ['Camaçari', 1234.56, '2024-02-29', 'Rápido Ltda']],
      [3, ['true', null, null, '#N/A']],
      [5, [2469.12, 'ab', '2024-03-01', 45000]],
      [6, ['2024-05-06', 'site', '1899-12-30', 'A & B <c> "d"']],
    ]);
  });

  it('a 1904-based workbook: day serials counted from 1904', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet('Multas');
    sheet.addRow(['data']);
    sheet.addRow([new Date(Date.UTC(2024, 4, 6))]).getCell(1).numFmt = 'dd/mm/yyyy';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await lines(bytes)).toEqual([
      [1, ['data']],
      [2, ['2024-05-06']],
    ]);
  });
});

/** A zip of these parts, in this order (yazl, as our own writer zips). */
async function zipParts(parts: [name: string, text: string][]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of parts) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (list: [id: string, type: string, target: string][]) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;

/**
 * A workbook as other writers lay it out: LibreOffice's upper-case date format and style table,
 * the .NET SDK's `x:` prefixes, the sheets listed in another order than their file names, the sheet
 * before the shared strings and styles in the zip (as Excel writes it).
 */
function workbookParts(sheetXml: string, opts: { date1904?: boolean; prefix?: string } = {}) {
  const p = opts.prefix ?? '';
  const sharedStrings = `<?xml version="1.0" encoding="UTF-8"?><${p}sst xmlns${p ? `:${p.slice(0, -1)}` : ''}="${NS}" count="5" uniqueCount="5">
    <${p}si><${p}t>NUMERO_AUTO</${p}t></${p}si>
    <${p}si><${p}r><${p}rPr><${p}b/></${p}rPr><${p}t>Ca</${p}t></${p}r><${p}r><${p}t xml:space="preserve">maçari </${p}t></${p}r><${p}rPh sb="0" eb="1"><${p}t>カ</${p}t></${p}rPh></${p}si>
    <${p}si><${p}t>linha 1_x000D_
linha 2 _x005F_x0041_</${p}t></${p}si>
    <${p}si><${p}t>A &amp; B &lt;c&gt; &#231;&#xE3; &quot;q&quot;</${p}t></${p}si>
    <${p}si><${p}t/></${p}si>
  </${p}sst>`;
  const styles = `<?xml version="1.0"?><${p}styleSheet xmlns${p ? `:${p.slice(0, -1)}` : ''}="${NS}">
    <${p}numFmts count="4"><${p}numFmt numFmtId="164" formatCode="DD/MM/YYYY"/><${p}numFmt numFmtId="165" formatCode="#,##0.00"/>
    <${p}numFmt numFmtId="166" formatCode="[$-416]d&quot; de &quot;mmmm&quot; de &quot;yyyy"/><${p}numFmt numFmtId="167" formatCode="0.00&quot; dias&quot;"/></${p}numFmts>
    <${p}cellStyleXfs count="2"><${p}xf numFmtId="0"/><${p}xf numFmtId="14"/></${p}cellStyleXfs>
    <${p}cellXfs count="6"><${p}xf numFmtId="0" xfId="1"/><${p}xf numFmtId="14"/><${p}xf numFmtId="164"/><${p}xf numFmtId="165"/><${p}xf numFmtId="166"/><${p}xf numFmtId="167"/></${p}cellXfs>
  </${p}styleSheet>`;
  const workbook = `<?xml version="1.0"?><${p}workbook xmlns${p ? `:${p.slice(0, -1)}` : ''}="${NS}" xmlns:rel="${REL}">
    ${opts.date1904 ? `<${p}workbookPr date1904="true"/>` : `<${p}workbookPr/>`}
    <${p}sheets><${p}sheet name="Multas" sheetId="3" rel:id="rId3"/><${p}sheet name="Antiga" sheetId="1" rel:id="rId1"/></${p}sheets>
  </${p}workbook>`;
  return zipParts([
    ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
    ['_rels/.rels', rels([['rId1', 'officeDocument', 'xl/workbook.xml']])],
    ['xl/workbook.xml', workbook],
    [
      'xl/_rels/workbook.xml.rels',
      rels([
        ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
        ['rId3', 'worksheet', '/xl/worksheets/sheet3.xml'],
        ['rId4', 'sharedStrings', 'sharedStrings.xml'],
        ['rId5', 'styles', 'styles.xml'],
      ]),
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>folha errada</t></is></c></row></sheetData></worksheet>`,
    ],
    ['xl/worksheets/sheet3.xml', sheetXml],
    ['xl/sharedStrings.xml', sharedStrings],
    ['xl/styles.xml', styles],
  ]);
}

const sheetOf = (rows: string, p = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}worksheet xmlns${p ? `:${p.slice(0, -1)}` : ''}="${NS}"><${p}dimension ref="A1:F9"/><${p}sheetData>${rows}</${p}sheetData><!-- fim --><${p}pageMargins left="0.7"/></${p}worksheet>`;

describe('readXlsxRows reads other writers’ layouts (parts written by hand)', () => {
  const rows = (p = '') =>
    [
      `<${p}row r="1" spans="1:6"><${p}c r="A1" t="s"><${p}v>0</${p}v></${p}c><${p}c r="B1" t="s"><${p}v>1</${p}v></${p}c><${p}c r="C1" t="s"><${p}v>2</${p}v></${p}c><${p}c r="D1" t="s"><${p}v>3</${p}v></${p}c><${p}c r="E1" t="s"><${p}v>4</${p}v></${p}c></${p}row>`,
      // Dates by style: built-in 14, LibreOffice's DD/MM/YYYY, a long pt-BR date; not dates: #,##0.00 and "dias".
      `<${p}row r="2"><${p}c r="A2" s="1"><${p}v>45418</${p}v></${p}c><${p}c r="B2" s="2"><${p}v>45418.75</${p}v></${p}c><${p}c r="C2" s="4"><${p}v>45418</${p}v></${p}c><${p}c r="D2" s="3"><${p}v>45418</${p}v></${p}c><${p}c r="E2" s="5"><${p}v>12.5</${p}v></${p}c></${p}row>`,
      // Gaps: only C and F; then a row with no cells and one with empty cells, both skipped.
      `<${p}row r="3"><${p}c r="C3" t="inlineStr"><${p}is><${p}r><${p}t>Rá</${p}t></${p}r><${p}r><${p}rPr><${p}i/></${p}rPr><${p}t>pido</${p}t></${p}r></${p}is></${p}c><${p}c r="F3" t="b"><${p}v>0</${p}v></${p}c></${p}row><${p}row r="4"/><${p}row r="5"><${p}c r="A5" s="3"/><${p}c r="B5" t="s"><${p}v>4</${p}v></${p}c></${p}row>`,
      // Formula results of each type, an error, an ISO date cell, CDATA and entities in inline text.
      `<${p}row r="7"><${p}c r="A7" t="str"><${p}f>A1&amp;"x"</${p}f><${p}v>a&lt;x</${p}v></${p}c><${p}c r="B7" t="e"><${p}f>1/0</${p}f><${p}v>#DIV/0!</${p}v></${p}c><${p}c r="C7" t="b"><${p}f>TRUE()</${p}f><${p}v>1</${p}v></${p}c><${p}c r="D7" s="1"><${p}f>A2+1</${p}f><${p}v>45419</${p}v></${p}c><${p}c r="E7" t="d"><${p}v>2024-05-06T00:00:00</${p}v></${p}c><${p}c r="F7" t="inlineStr"><${p}is><${p}t><![CDATA[<b>&amp;]]> &amp; _x000D_fim</${p}t></${p}is></${p}c></${p}row>`,
      // No r= on the row or its cells: the next row, the next columns.
      `<${p}row><${p}c><${p}v>1</${p}v></${p}c><${p}c t="inlineStr"><${p}is><${p}t>b</${p}t></${p}is></${p}c></${p}row>`,
    ].join('\n');

  const want = [
    [1, ['NUMERO_AUTO', 'Camaçari ', 'linha 1\r\nlinha 2 _x0041_', 'A & B <c> çã "q"', '']],
    [2, ['2024-05-06', '2024-05-06', '2024-05-06', 45418, 12.5]],
    [3, [null, null, 'Rápido', null, null, 'false']],
    [5, [null, '']],
    [7, ['a<x', '#DIV/0!', 'true', '2024-05-07', '2024-05-06', '<b>&amp; & \rfim']],
    [8, [1, 'b']],
  ];

  it('the first sheet by the workbook, shared strings (rich, phonetic, escapes), styles, gaps, formulas', async () => {
    // Row 5 has only an empty shared string and an empty styled cell: blank, skipped.
    expect(await lines(await workbookParts(sheetOf(rows())))).toEqual(want.filter(([l]) => l !== 5));
  });

  it('the same with namespace prefixes (x:row, x:c) as the .NET SDK writes', async () => {
    const bytes = await workbookParts(sheetOf(rows('x:'), 'x:'), { prefix: 'x:' });
    expect(await lines(bytes)).toEqual(want.filter(([l]) => l !== 5));
  });

  it('a 1904 workbook moves day serials by 1,462 days', async () => {
    const bytes = await workbookParts(
      sheetOf(
        '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="2"><v>43956</v></c><c r="C1"><v>43956</v></c></row>',
      ),
      { date1904: true },
    );
    expect(await lines(bytes)).toEqual([[1, ['1904-01-01', '2024-05-06', 43956]]]);
  });

  it('UTF-8 cut at every place of the inflated stream reads whole', async () => {
    // Many two-byte and three-byte characters: inflate chunks end inside some of them.
    const text = 'çã€'.repeat(200_000);
    const bytes = await workbookParts(
      sheetOf(`<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`),
    );
    expect(await lines(bytes)).toEqual([[1, [text]]]);
  });
});

/** `bytes` with the central directory's uncompressed size of `name` set to `size`. */
function declaring(bytes: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(bytes);
  for (
    let at = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at >= 0;
    at = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1)
  ) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`${name} não está no zip`);
}

describe('readXlsxRows refuses what it cannot read with the Portuguese 400', () => {
  const good = () => workbookParts(sheetOf('<row r="1"><c r="A1"><v>1</v></c></row>'));

  it('a good file reads', async () => {
    expect(await lines(await good())).toEqual([[1, [1]]]);
  });

  it('not a zip, a truncated zip, damaged compressed data', async () => {
    expect(await refusal(Buffer.from('NUMERO_AUTO;PLACA\n1;ABC1234\n'))).toEqual(UNREADABLE);
    const bytes = await xlsxBuffer([['a'], ...Array.from({ length: 2000 }, (_, i) => [`linha ${i}`])]);
    expect(await refusal(bytes.subarray(0, bytes.length - 100))).toEqual(UNREADABLE);
    expect(await refusal(bytes.subarray(0, bytes.length / 2))).toEqual(UNREADABLE);
    // The sheet's deflate data overwritten in its middle.
    const big = await workbookParts(
      sheetOf(
        Array.from(
          { length: 3000 },
          (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
        ).join(''),
      ),
    );
    const at = big.indexOf('xl/worksheets/sheet3.xml') + 200;
    const damaged = Buffer.from(big);
    damaged.fill(0xff, at, at + 64);
    expect(await refusal(damaged)).toEqual(UNREADABLE);
  });

  it('a zip bomb: a part declared larger than the limits, or inflating more than it declares', async () => {
    const bytes = await good();
    expect(await refusal(declaring(bytes, 'xl/worksheets/sheet3.xml', 0xf000_0000))).toEqual(UNREADABLE);
    expect(await refusal(declaring(bytes, 'xl/sharedStrings.xml', 300 * 2 ** 20))).toEqual(UNREADABLE);
    expect(await refusal(declaring(bytes, 'xl/styles.xml', 40 * 2 ** 20))).toEqual(UNREADABLE);
    expect(await refusal(declaring(bytes, 'xl/worksheets/sheet3.xml', 10))).toEqual(UNREADABLE);
  });

  it('a DTD (entity expansion), a cut sheet, rows and columns beyond Excel’s', async () => {
    const dtd = `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`;
    expect(await refusal(await workbookParts(dtd))).toEqual(UNREADABLE);
    const cut = sheetOf('<row r="1"><c r="A1"><v>1</v></c></row>').split('</sheetData>')[0] ?? '';
    expect(await refusal(await workbookParts(`${cut}<row r="2"><c r="A2"><v>2`))).toEqual(UNREADABLE);
    expect(
      await refusal(await workbookParts(sheetOf('<row r="1048577"><c r="A1048577"><v>1</v></c></row>'))),
    ).toEqual(UNREADABLE);
    expect(await refusal(await workbookParts(sheetOf('<row r="1"><c r="XFE1"><v>1</v></c></row>')))).toEqual(
      UNREADABLE,
    );
    expect(
      await refusal(
        await workbookParts(sheetOf('<row r="1"><c r="A1" t="inlineStr"><is><t>&nbsp;</t></is></c></row>')),
      ),
    ).toEqual(UNREADABLE);
  });

  it('a zip without a workbook, a workbook without a worksheet', async () => {
    expect(await refusal(await zipParts([['leia-me.txt', 'nada']]))).toEqual(UNREADABLE);
    const noSheet = await zipParts([
      ['_rels/.rels', rels([['rId1', 'officeDocument', 'xl/workbook.xml']])],
      ['xl/workbook.xml', `<workbook xmlns="${NS}"><sheets/></workbook>`],
    ]);
    expect(await refusal(noSheet)).toEqual(UNREADABLE);
  });
});

describe('the reader’s temporary copies', () => {
  const place = () => fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-read-test-'));
  const copies = (dir: string) => fs.readdirSync(dir).filter((n) => n.startsWith('intranet-xlsx-read-'));

  it('are named for the reading process and removed when the read ends, early or not', async () => {
    const dir = place();
    try {
      const bytes = await xlsxBuffer([['a'], ...Array.from({ length: 50 }, (_, i) => [`linha ${i}`])]);
      const rows = readXlsxRows(Readable.from([bytes]), dir);
      await rows.next();
      expect(copies(dir)).toHaveLength(1);
      expect(copies(dir)[0]).toMatch(new RegExp(`^intranet-xlsx-read-${process.pid}-`));
      await rows.return(undefined);
      expect(copies(dir)).toEqual([]);
      for await (const _ of readXlsxRows(Readable.from([bytes]), dir)) expect(copies(dir)).toHaveLength(1);
      expect(copies(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('left by a process that died are removed at start-up; a running process’s are kept', async () => {
    const dir = place();
    try {
      // A process that has ended: its pid names a copy nobody will remove.
      const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
      expect(dead).toBeGreaterThan(0);
      const leftBehind = path.join(dir, `intranet-xlsx-read-${dead}-abc123`);
      fs.mkdirSync(leftBehind);
      fs.writeFileSync(path.join(leftBehind, 'book.xlsx'), 'bytes');
      const mine = path.join(dir, `intranet-xlsx-read-${process.pid}-def456`);
      const parents = path.join(dir, `intranet-xlsx-read-${process.ppid}-ghi789`);
      const other = path.join(dir, 'xlsx-read-not-ours');
      for (const d of [mine, parents, other]) fs.mkdirSync(d);
      expect(await removeStaleSheetCopies(dir)).toBe(1);
      expect(fs.existsSync(leftBehind)).toBe(false);
      for (const d of [mine, parents, other]) expect(fs.existsSync(d)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
