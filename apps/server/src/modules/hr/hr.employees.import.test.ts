import { cpfWithCheckDigits, IMPORT_MSG } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { csvText, peopleImport } from '../../../test/people-sheet.ts';
import { XLSX_TYPE } from '../../../test/xlsx-buffer.ts';

const HEADER = [
  'Matrícula',
  'Nome',
  'Data de nascimento',
  'Data de admissão',
  'CPF',
  'RG',
  'PIS',
  'Telefone',
  'E-mail',
  'Setor',
  'Unidade',
  'Cargo',
  'Horário',
  'Contrato',
  'Transporte',
  'Salário',
  'Vale-refeição',
  'Plano de saúde',
];

/** A new employee's line (matrícula `n`, 3 digits), `over` changing cells by index. */
function employeeLine(n: number, over: Record<number, string> = {}): string[] {
  const cells = [
    String(n),
    `Funcionária Importada ${n}`,
    '14/03/1990',
    '2024-02-01',
    cpfWithCheckDigits(String(600_000_000 + n)),
    '12.345.678-9',
    '123.45678.90-1',
    '(11) 98765-4321',
    `func.${n}@rotasul.com.br`,
    'Operação',
    'Mauá',
    'Conferente',
    '1º Turno',
    'Efetivo',
    'Fretado',
    'Mensalista',
    'Sim',
    'Não',
  ];
  for (const [i, v] of Object.entries(over)) cells[Number(i)] = v;
  return cells;
}

/** Employees from a spreadsheet (issue 34, decision 0117): the employee form's fields, by matrícula. */
describe(`employees import (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const as = (matricula: string) => peopleImport(t.as(matricula), '/api/employees/import');
  const hr = () => as(DEMO.analistaRh);
  const csv = (rows: string[][]) => Buffer.from(csvText([HEADER, ...rows], ';'));
  const employee = (registration: string) =>
    t.db.selectFrom('hr_employees').selectAll().where('registration', '=', registration).executeTakeFirst();

  it('previews and commits new employees with the form’s rules; refused lines say which column and why', async () => {
    const p = await hr().previewed(
      csv([
        employeeLine(901),
        employeeLine(902, { 2: '31/02/1990', 11: 'Astronauta', 9: 'Astronomia' }),
        employeeLine(903, { 0: '9031' }),
        employeeLine(901, { 4: cpfWithCheckDigits('600000904') }),
      ]),
      'funcionarios.csv',
    );
    expect(p).toMatchObject({ rows: 4, added: 1, refusedCount: 3 });
    expect(p.lines.map((l) => [l.line, l.action, l.detail])).toEqual([
      [2, 'add', null],
      [
        3,
        'refuse',
        expect.stringMatching(
          /^Data de nascimento: "31\/02\/1990" — .+; Setor: "Astronomia" não é um setor ativo\.; Cargo: "Astronauta" — .+$/,
        ),
      ],
      [4, 'refuse', 'Matrícula: "9031" — A matrícula deve ter até 3 dígitos.'],
      [5, 'refuse', 'Matrícula 901 já aparece na linha 2 da planilha.'],
    ]);
    expect((await hr().commit(p.importId)).json().error).toBe(IMPORT_MSG.refused);

    const ok = await hr().previewed(csv([employeeLine(901)]), 'funcionarios.csv');
    expect((await hr().commit(ok.importId)).statusCode).toBe(200);
    expect(await employee('901')).toMatchObject({
      name: 'Funcionária Importada 901',
      birth_date: '1990-03-14',
      date_admission: '2024-02-01',
      branch: 2,
      sector: 'Operação',
      role: 10,
      work_time_id: 2,
      food_voucher: 1,
      health_insurance: 0,
      tell: '11987654321',
    });
  });

  it('funcionarios.xlsx imported again changes nothing; an edited cell is one update', async () => {
    const exported = await t.as(DEMO.analistaRh)({ method: 'GET', url: '/api/hr/reports/employees' });
    expect(exported.statusCode).toBe(200);
    const p = await hr().previewed(exported.rawPayload, 'funcionarios.xlsx', XLSX_TYPE);
    expect(p.refusedCount, JSON.stringify(p.lines.filter((l) => l.action === 'refuse').slice(0, 3))).toBe(0);
    expect(p.unchanged).toBe(p.rows);
    expect(p.ignoredColumns).toEqual(['Férias vencem em', 'Demissão']);
    await hr().cancel(p.importId);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    let row = 0;
    sheet.eachRow((r, i) => {
      if (String(r.getCell(1).value) === '901') row = i;
    });
    sheet.getCell(row, 7).value = '2º Turno';
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const again = await hr().previewed(edited, 'funcionarios.xlsx', XLSX_TYPE);
    expect(again).toMatchObject({ updated: 1, refusedCount: 0 });
    expect(again.lines.find((l) => l.action === 'update')).toMatchObject({
      key: '901',
      detail: 'Muda: horário.',
    });
    expect((await hr().commit(again.importId)).statusCode).toBe(200);
    expect((await employee('901'))?.work_time_id).toBe(3);
  });

  it('only who manages employees imports', async () => {
    for (const who of [DEMO.colaborador, DEMO.gestorCompras]) {
      const res = await as(who).upload(csv([employeeLine(950)]), 'funcionarios.csv');
      expect(res.statusCode).toBe(403);
    }
    expect(await employee('950')).toBeUndefined();
  });
});
