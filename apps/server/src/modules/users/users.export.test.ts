import fs from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { mailTo } from '../../../test/mail-body.ts';
import { peopleImport, USER_HEADER } from '../../../test/people-sheet.ts';
import { XLSX_TYPE } from '../../../test/xlsx-buffer.ts';

/** 200 fictitious people, saved as .xlsx by LibreOffice Calc from a CSV (test/fixtures/people/README.md). */
const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/people/usuarios-200.xlsx');

/** usuarios.xlsx (issue 34): the list's filters, the import's columns, export → edit → import. */
describe(`users export and the round trip (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const exported = async (matricula: string, query = '') => {
    const res = await t.as(matricula)({ method: 'GET', url: `/api/users/export${query}` });
    return res;
  };
  const sheetOf = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    return { book, sheet: book.worksheets[0] as ExcelJS.Worksheet };
  };
  const rowsOf = (sheet: ExcelJS.Worksheet) =>
    sheet
      .getSheetValues()
      .flatMap((r) => (Array.isArray(r) ? [r.slice(1).map((c) => (c == null ? '' : String(c)))] : []));
  const admin = () => peopleImport(t.as(DEMO.admin), '/api/users/import');

  it('writes the import’s columns for the list’s filters, to whoever reads the administration list', async () => {
    const res = await exported(DEMO.admin, '?data=Patr%C3%ADcia');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="usuarios.xlsx"');
    const { sheet } = await sheetOf(res.rawPayload);
    expect(rowsOf(sheet)).toEqual([
      USER_HEADER,
      [
        '1002',
        'Patrícia Souza Ramos',
        '111.444.777-35',
        'patricia.ramos@rotasul.com.br',
        'Compras',
        'Matriz',
        'Gestor',
        'Sim',
      ],
    ]);
    expect((await exported(DEMO.gestorCompras)).statusCode).toBe(200);
    expect((await exported(DEMO.colaborador)).statusCode).toBe(403);
  });

  it('export → edit → import: the file as exported changes nothing; an edited cell is one update', async () => {
    const res = await exported(DEMO.admin);
    const p = await admin().previewed(res.rawPayload, 'usuarios.xlsx', XLSX_TYPE);
    expect(p.refusedCount, JSON.stringify(p.lines.filter((l) => l.action === 'refuse'))).toBe(0);
    expect(p.added + p.updated).toBe(0);
    expect(p.unchanged).toBe(p.rows);
    await admin().cancel(p.importId);

    const { book, sheet } = await sheetOf(res.rawPayload);
    const row = rowsOf(sheet).findIndex((r) => r[0] === '1003') + 1;
    sheet.getCell(row, 2).value = 'João Pedro da Silva Neto';
    sheet.getCell(row, 7).value = 'Gestor';
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const again = await admin().previewed(edited, 'usuarios.xlsx', XLSX_TYPE);
    expect(again).toMatchObject({ updated: 1, added: 0, refusedCount: 0 });
    expect(again.lines.find((l) => l.action === 'update')).toMatchObject({
      key: '1003',
      detail: 'Muda: nome, privilégio, suporte.',
    });
    expect((await admin().commit(again.importId)).statusCode).toBe(200);
    const after = await exported(DEMO.admin, '?data=1003');
    expect(rowsOf((await sheetOf(after.rawPayload)).sheet)[1]?.slice(0, 8)).toEqual([
      '1003',
      'João Pedro da Silva Neto',
      '935.411.347-80',
      'joao.silva@rotasul.com.br',
      'Operação',
      'Mauá',
      'Gestor',
      'Sim',
    ]);
  });

  it('imports the 200 people of a sheet LibreOffice saved, and mails each new person', async () => {
    const bytes = fs.readFileSync(FIXTURE);
    const p = await admin().previewed(bytes, 'usuarios-200.xlsx', XLSX_TYPE);
    expect(p.refusedCount, JSON.stringify(p.lines.filter((l) => l.action === 'refuse').slice(0, 3))).toBe(0);
    expect(p).toMatchObject({ rows: 200, added: 200, ignoredColumns: [] });
    const res = await admin().commit(p.importId);
    expect(res.json<ImportResult>()).toMatchObject({ added: 200, updated: 0, unchanged: 0 });
    const first = p.lines[0];
    const email = await t.db
      .selectFrom('users')
      .select('email')
      .where('matricula', '=', first?.key ?? '')
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(t.outbox().filter((m) => mailTo(m, email.email ?? '')).length).toBe(1), {
      timeout: 60_000,
      interval: 200,
    });
    // Every new person's e-mail, before the app closes.
    await vi.waitFor(
      () =>
        expect(t.outbox().filter((m) => /^Subject: Intranet: crie sua senha$/m.test(m))).toHaveLength(200),
      { timeout: 60_000, interval: 200 },
    );
  });
});
