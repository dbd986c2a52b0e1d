import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FINE_REQUIRED_FIELDS, type FineImportReading, MSG } from '@intranet/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { fileForm, xlsxBuffer, zipOf } from '../../../test/xlsx-buffer.ts';
import { UNREADABLE_SHEET } from '../../platform/xlsx-read.ts';
import { HEADER, penalties } from './fines.import.fixtures.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The fine already stored before each import (updated by the files that name I-0001). */
const STORED = {
  NUMERO_AUTO: 'I-0001',
  DATA_INFRACAO: '2024-01-10',
  ORGAO_AUTUADOR: 'PRF',
  UNIDADE: 'Camaçari',
  PLACA: 'ABC1D23',
  TRANSP: 'Translog',
  STATUS_MULTA: 'Notificação',
  VALOR_TOTAL_MULTA: 100,
  OT: '777',
};

const GOOD_ROWS = [
  // Updates the stored fine: status, amount and the infraction date (a real date cell).
  ['I-0001', day('2024-01-11'), 'PRF', 'Camaçari', 'ABC1D23', 'Translog', 'Penalidade', 150.5, '', 'x'],
  // New: a dd/MM/yyyy date typed as text, an amount typed the Brazilian way, a hyphenated plate.
  [
    'I-0002',
    '05/02/2024',
    'DER-SP',
    'Paulínia',
    'xyz-9876',
    'Rodobens',
    'Penalidade',
    '1.234,56',
    'BRASKEM S.A.',
  ],
  ['I-0003', day('2023-10-31'), 'PRF', 'Paulínia', 'QWE1234', 'Rodobens', 'Notificação', 80, 'Rodobens SA'],
];

describe(`fines spreadsheet import (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const as = (m: string = DEMO.gestorMultas) => t.as(m);
  const upload = (bytes: Buffer, name = 'multas.xlsx', m?: string) =>
    as(m)({ method: 'POST', url: '/api/fines/import', payload: fileForm(bytes, name) });
  const reading = (id: string, m?: string) =>
    as(m)({ method: 'GET', url: `/api/fines/import/${id}/preview` });
  /** Follows an upload's reading job as the web does, until it is ready or failed. */
  const readDone = async (id: string): Promise<FineImportReading> => {
    for (;;) {
      const res = await reading(id);
      expect(res.statusCode, res.body).toBe(200);
      const body: FineImportReading = res.json();
      if (body.state !== 'reading') return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /**
   * Upload and reading as one answer: the upload's own refusal (4xx), the preview when the reading
   * is ready, or a failed reading's message as `{ error }` (400).
   */
  const preview = async (bytes: Buffer, name = 'multas.xlsx', m?: string) => {
    const res = await upload(bytes, name, m);
    if (res.statusCode !== 200) return { statusCode: res.statusCode, body: res.body, json: () => res.json() };
    const end = await readDone(res.json().importId);
    if (end.state === 'failed')
      return { statusCode: 400, body: end.message, json: () => ({ error: end.message }) };
    return { statusCode: 200, body: '', json: () => end.preview };
  };
  const commit = (id: string, m?: string) => as(m)({ method: 'POST', url: `/api/fines/import/${id}/commit` });
  const status = (id: string, m?: string) => as(m)({ method: 'GET', url: `/api/fines/import/${id}` });
  /** Follows a started import job as the web does, until it is done or failed. */
  const settled = async (id: string) => {
    for (;;) {
      const res = await status(id);
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().state !== 'running') return res.json();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stored = () => t.db.selectFrom('fines').selectAll().orderBy('NUMERO_AUTO').execute();
  /** The audit rows of imports whose summary is like `summary`. */
  const importAudits = (summary: string) =>
    t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'fine.import')
      .where('summary', 'like', summary)
      .execute();
  const importFiles = () => {
    const dir = path.join(t.dataDir, 'files', 'fine-imports');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('fines').execute();
    const res = await as()({ method: 'POST', url: '/api/fines', payload: STORED });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a good file: the preview counts and writes nothing; the commit writes it all, audited', async () => {
    const before = await stored();
    const res = await preview(await xlsxBuffer([HEADER, ...GOOD_ROWS, [], []]));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      fileName: 'multas.xlsx',
      rows: 3,
      added: 2,
      updated: 1,
      refused: [],
      refusedCount: 0,
      ignoredColumns: ['Observação interna'],
    });
    expect(await stored()).toEqual(before);
    // The preview keeps only its checked rows; the commit does not read the spreadsheet again.
    expect(importFiles().map((f) => path.extname(f))).toEqual(['.rows']);

    // The commit answers at once with the started job; its progress is asked for again.
    const started = await commit(p.importId);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      importId: p.importId,
      state: 'running',
      written: 0,
      total: 3,
      added: 0,
      updated: 0,
      unchanged: 0,
      message: MSG.fineImportRunning(0, 3),
    });
    // Only its uploader follows it.
    expect((await status(p.importId, DEMO.admin)).statusCode).toBe(404);
    expect(await settled(p.importId)).toEqual({
      importId: p.importId,
      state: 'done',
      written: 3,
      total: 3,
      added: 2,
      updated: 1,
      unchanged: 0,
      message: MSG.fineImportDone(2, 1, 0),
    });
    expect(importFiles()).toEqual([]);
    const rows = await stored();
    expect(rows.map((r) => r.NUMERO_AUTO)).toEqual(['I-0001', 'I-0002', 'I-0003']);
    expect(rows[0]).toMatchObject({
      DATA_INFRACAO: '2024-01-11',
      STATUS_MULTA: 'Penalidade',
      // A column the file does not have keeps its stored value.
      OT: '777',
      NOME_AUTUADO: null,
    });
    expect(Number(rows[0]!.VALOR_TOTAL_MULTA)).toBe(15050);
    expect(rows[1]).toMatchObject({
      DATA_INFRACAO: '2024-02-05',
      PLACA: 'XYZ9876',
      responsavel: 'braskem',
    });
    expect(Number(rows[1]!.VALOR_TOTAL_MULTA)).toBe(123456);
    expect(rows[2]).toMatchObject({ DATA_INFRACAO: '2023-10-31', responsavel: 'transp' });

    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'summary'])
      .where('action', 'in', ['fine.import', 'fine.update'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['fine.import', 'fine.update']);
    const update = audits.find((a) => a.action === 'fine.update')!;
    expect(update.entity_id).toBe(String(rows[0]!.id));
    expect(update.summary).toContain('STATUS_MULTA: "Notificação" → "Penalidade"');
    expect(update.summary).toContain('VALOR_TOTAL_MULTA: 100 → 150.5');
    expect(audits.find((a) => a.action === 'fine.import')!.summary).toContain('2 multa(s) adicionada(s)');

    // A committed import is gone: a second commit writes nothing more.
    const again = await commit(p.importId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MSG.fineImportNotFound });
  });

  it('a file with bad rows: each named with its line and reason; the commit writes nothing', async () => {
    const before = await stored();
    const bytes = await xlsxBuffer([
      HEADER,
      ...GOOD_ROWS,
      ['I-0004', '31/02/2024', 'PRF', 'Camaçari', 'PLACA', 'Translog', 'Penalidade', 10],
      ['I-0005', '2024-03-01', '', 'Camaçari', 'ABC1234', 'Translog', 'Penalidade', 0],
      ['I-0002', '2024-03-01', 'PRF', 'Camaçari', 'ABC1234', 'Translog', 'Multada', 10],
      ['I-0006', '2024-03-01', 'PRF', 'Camaçari', 'ABC1234', 'Translog', 'Penalidade', 10],
    ]);
    const res = await preview(bytes);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ rows: 7, added: 3, updated: 1, refusedCount: 3 });
    expect(p.refused).toEqual([
      { line: 5, reason: `DATA_INFRACAO: ${MSG.fineInvalidDate}; PLACA: ${MSG.fineInvalidPlate}` },
      { line: 6, reason: `${MSG.fineMissingFields}: ORGAO_AUTUADOR, VALOR_TOTAL_MULTA` },
      { line: 7, reason: `STATUS_MULTA: ${MSG.fineInvalidStatus}` },
    ]);

    // The good rows are written in the transaction, then rolled back with it.
    const res2 = await commit(p.importId);
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual({ error: MSG.fineImportRefused });
    expect(await stored()).toEqual(before);
    expect(await importAudits('%I-0006%')).toEqual([]);
  });

  it('a NUMERO_AUTO repeated in the file is refused at its second line', async () => {
    const res = await preview(await xlsxBuffer([HEADER, GOOD_ROWS[1]!, GOOD_ROWS[2]!, GOOD_ROWS[1]!]));
    expect(res.json()).toMatchObject({
      added: 2,
      refused: [{ line: 4, reason: MSG.fineImportRepeated(2) }],
    });
  });

  it('long auto numbers (kept to find repeats, platform/xml-scan.ts#ownString) repeated across batches and chunks', async () => {
    // 1,300 rows of 24-character numbers: three commit batches and many of the reader's chunks.
    const rows = penalties(1300, 'AUTO-2026-LONGO', 8, (i) => 10 + i);
    const repeatOf = (line: number) => [...rows[line - 2]!.slice(0, 1), ...rows[1299]!.slice(1)];
    const res = await preview(await xlsxBuffer([HEADER, ...rows, repeatOf(3), repeatOf(1200)]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 1302,
      added: 1300,
      refusedCount: 2,
      refused: [
        { line: 1302, reason: MSG.fineImportRepeated(3) },
        { line: 1303, reason: MSG.fineImportRepeated(1200) },
      ],
    });
    // The same numbers without the repeats: written whole, each exactly as in the file.
    const good = await preview(await xlsxBuffer([HEADER, ...rows]));
    expect(good.json()).toMatchObject({ added: 1300, refusedCount: 0 });
    expect((await commit(good.json().importId)).statusCode).toBe(200);
    expect(await settled(good.json().importId)).toMatchObject({ state: 'done', added: 1300, updated: 0 });
    const kept = await t.db
      .selectFrom('fines')
      .select('NUMERO_AUTO')
      .where('NUMERO_AUTO', 'like', 'AUTO-2026-LONGO-%')
      .orderBy('NUMERO_AUTO')
      .execute();
    expect(kept.map((f) => f.NUMERO_AUTO)).toEqual(rows.map((r) => r[0]));
  });

  it('a row with undecodable text (U+FFFD) is refused, never written as it reads', async () => {
    const garbled = ['I-0007', '2024-03-01', 'PRF', 'Cama\uFFFDari', 'ABC1234', 'Translog', 'Penalidade', 10];
    const res = await preview(await xlsxBuffer([HEADER, GOOD_ROWS[1]!, garbled]));
    expect(res.json()).toMatchObject({ added: 1, refused: [{ line: 3, reason: MSG.fineImportGarbled }] });
  });

  it("accented text across the reader's chunk boundaries imports whole (no row refused as garbled)", async () => {
    const orgao = (i: number) => `Órgão ${i} São João — ${'çãõéí'.repeat(6 + (i % 5))}`;
    const rows = Array.from({ length: 1500 }, (_, i) => [
      `A-${String(i).padStart(4, '0')}`,
      '2024-04-01',
      orgao(i),
      'Camaçari',
      'ABC1234',
      `Transportes Ação ${i % 40}`,
      'Notificação',
      10,
    ]);
    const p = (await preview(await xlsxBuffer([HEADER, ...rows]))).json();
    expect(p).toMatchObject({ rows: 1500, added: 1500, refusedCount: 0, refused: [] });
    expect((await commit(p.importId)).statusCode).toBe(200);
    expect(await settled(p.importId)).toMatchObject({ state: 'done', added: 1500 });
    const got = await t.db
      .selectFrom('fines')
      .select(['NUMERO_AUTO', 'ORGAO_AUTUADOR', 'TRANSP', 'STATUS_MULTA'])
      .where('NUMERO_AUTO', 'like', 'A-%')
      .orderBy('NUMERO_AUTO')
      .execute();
    expect(got.map((r) => r.ORGAO_AUTUADOR)).toEqual(rows.map((r) => r[2]));
    expect(got.map((r) => r.TRANSP)).toEqual(rows.map((r) => r[5]));
    expect(new Set(got.map((r) => r.STATUS_MULTA))).toEqual(new Set(['Notificação']));
  });

  it('refuses a file that is not an .xlsx by its content, whatever its name', async () => {
    const csv = Buffer.from(`${HEADER.join(';')}\nI-0009;2024-01-01;PRF\n`);
    const res = await preview(csv, 'multas.xlsx');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: MSG.fineImportType });
    // A PNG named .xlsx.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await preview(png, 'multas.xlsx')).statusCode).toBe(415);
    // A zip that holds no workbook, and a workbook cut short, cannot be read.
    const zip = zipOf('leia-me.txt', 'nada aqui');
    const res2 = await preview(zip, 'multas.xlsx');
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual({ error: UNREADABLE_SHEET });
    const broken = await xlsxBuffer([HEADER, GOOD_ROWS[1]!]);
    const res3 = await preview(broken.subarray(0, broken.length - 300), 'multas.xlsx');
    expect(res3.statusCode).toBe(400);
    expect((await stored()).length).toBe(1);
  });

  it('refuses a sheet without the required columns, or without rows', async () => {
    const res = await preview(
      await xlsxBuffer([
        ['NUMERO_AUTO', 'PLACA'],
        ['I-0009', 'ABC1234'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const missing = FINE_REQUIRED_FIELDS.filter((f) => f !== 'NUMERO_AUTO' && f !== 'PLACA');
    expect(res.json()).toEqual({ error: MSG.fineImportColumns(missing.join(', ')) });
    const empty = await preview(await xlsxBuffer([HEADER]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: MSG.fineImportEmpty });
  });

  it('cancel drops the import; only its uploader may commit it', async () => {
    const p = (await preview(await xlsxBuffer([HEADER, GOOD_ROWS[1]!]))).json();
    const other = await commit(p.importId, DEMO.admin);
    expect(other.statusCode).toBe(404);
    const cancel = await as()({ method: 'DELETE', url: `/api/fines/import/${p.importId}` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: true, message: MSG.fineImportCancelled });
    expect((await commit(p.importId)).statusCode).toBe(404);
    expect((await stored()).map((r) => r.NUMERO_AUTO)).toEqual(['I-0001']);
  });

  it('reads back its own export: multas_geral.xlsx counts its rows as unchanged and writes nothing', async () => {
    const exported = await as()({ method: 'GET', url: '/api/fines/export' });
    expect(exported.statusCode).toBe(200);
    const before = await stored();
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'fine.update')
      .execute();
    const p = (await preview(exported.rawPayload, 'multas_geral.xlsx')).json();
    expect(p).toMatchObject({
      rows: 1,
      added: 0,
      updated: 0,
      unchanged: 1,
      refusedCount: 0,
      ignoredColumns: [],
    });
    expect((await commit(p.importId)).statusCode).toBe(200);
    expect(await settled(p.importId)).toMatchObject({
      state: 'done',
      written: 1,
      added: 0,
      updated: 0,
      unchanged: 1,
      message: 'Importação concluída: 0 multa(s) adicionada(s), 0 atualizada(s), 1 sem alteração.',
    });
    expect(await stored()).toEqual(before);
    const after = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'fine.update')
      .execute();
    expect(after).toEqual(audits);
  });

  it('a job that fails after writing a batch leaves the database, the summary and the audit as they were', async () => {
    const rows = penalties(620, 'F', 4, (i) => 10 + i);
    const earlier = importFiles();
    const p = (await preview(await xlsxBuffer([HEADER, ...rows]))).json();
    expect(p).toMatchObject({ added: 620, refusedCount: 0 });
    // Its kept rows broken after the first batch of 500: that batch is written, the second fails.
    const dir = path.join(t.dataDir, 'files', 'fine-imports');
    const [kept, ...others] = importFiles().filter((f) => !earlier.includes(f));
    expect(others).toEqual([]);
    const lines = fs.readFileSync(path.join(dir, kept!), 'utf8').split('\n');
    lines[550] = '{';
    fs.writeFileSync(path.join(dir, kept!), lines.join('\n'));
    const before = await stored();
    const dashboard = async () => (await as()({ method: 'GET', url: '/api/fines/aggregates' })).json();
    const numbers = await dashboard();

    expect((await commit(p.importId)).json()).toMatchObject({ state: 'running', total: 620 });
    expect(await settled(p.importId)).toMatchObject({
      state: 'failed',
      written: 0,
      message: MSG.fineImportFailed(MSG.fineImportFailedUnknown),
    });
    expect(await stored()).toEqual(before);
    expect(await dashboard()).toEqual(numbers);
    expect(importFiles()).toEqual(earlier);
    expect(await importAudits('%620 multa%')).toEqual([]);
    // The summary follows the next change again (its trigger is not left paused).
    const res = await as()({
      method: 'POST',
      url: '/api/fines',
      payload: { ...STORED, NUMERO_AUTO: 'I-0099' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await dashboard()).totalMultas).toBe(numbers.totalMultas + 1);
  });

  it('the upload answers at once with the reading job; only its uploader follows it', async () => {
    const res = await upload(await xlsxBuffer([HEADER, ...GOOD_ROWS]));
    expect(res.statusCode, res.body).toBe(200);
    const started: FineImportReading = res.json();
    expect(started).toEqual({
      importId: expect.any(String),
      state: 'reading',
      // The header and the first row are read before the upload answers.
      rows: 1,
      message: MSG.fineImportReading(1),
      preview: null,
    });
    const other = await reading(started.importId, DEMO.admin);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: MSG.fineImportNotFound });
    const end = await readDone(started.importId);
    expect(end).toMatchObject({ state: 'ready', rows: 3, preview: { importId: started.importId, added: 2 } });
    // Committed: the reading is forgotten with the previewed import.
    expect((await commit(started.importId)).statusCode).toBe(200);
    expect((await reading(started.importId)).statusCode).toBe(404);
    await settled(started.importId);
  });

  it('a reading the server does not know (expired or cancelled) says so', async () => {
    // Readings are records under DATA_DIR/jobs (platform/job-records.ts): this id has none.
    const res = await reading(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.fineImportNotFound });
  });

  it('cancel stops a reading under way and keeps nothing of it', async () => {
    const rows = penalties(3000, 'C', 5, () => 10);
    const earlier = importFiles();
    const started: FineImportReading = (await upload(await xlsxBuffer([HEADER, ...rows]))).json();
    expect(started.state).toBe('reading');
    const cancel = await as()({ method: 'DELETE', url: `/api/fines/import/${started.importId}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await reading(started.importId)).statusCode).toBe(404);
    expect((await commit(started.importId)).statusCode).toBe(404);
    // The job sees the cancel marker within 500 rows and removes the file, its kept rows and its record.
    await expect
      .poll(() => importFiles().filter((f) => !earlier.includes(f)), { timeout: 10_000 })
      .toEqual([]);
    expect((await stored()).map((r) => r.NUMERO_AUTO)).toEqual(['I-0001']);
  });

  it('is refused to those outside the fines audience before any byte is stored', async () => {
    const res = await preview(await xlsxBuffer([HEADER, GOOD_ROWS[1]!]), 'multas.xlsx', DEMO.gestorCompras);
    expect(res.statusCode).toBe(403);
    expect((await stored()).length).toBe(1);
  });
});
