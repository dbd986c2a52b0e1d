import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import { FINE_COLUMNS } from './fines.columns.ts';
import {
  bmFlags,
  bmYears,
  businessGroupOf,
  contractSide,
  isBraskem,
  monthBounds,
  responsibleOf,
} from './fines.enums.ts';
import { FINE_FIELD_NAMES, FINE_FIELDS } from './fines.fields.ts';
import { canManageFines } from './fines.policy.ts';
import {
  fineInput,
  fineRow,
  mayStartPlate,
  missingFineFields,
  normalizeFineDate,
  normalizeFineNumber,
} from './fines.schemas.ts';

describe('fine fields and columns', () => {
  it('has the 43 fields of spec §3, once each, and one column per field', () => {
    expect(FINE_FIELDS).toHaveLength(43);
    expect(new Set(FINE_FIELD_NAMES).size).toBe(43);
    expect(FINE_COLUMNS.map((c) => c.id).sort()).toEqual([...FINE_FIELD_NAMES].sort());
    expect(Object.keys(fineRow.shape)).toHaveLength(44);
  });

  it('shows money with a decimal comma, dates dd/MM/yyyy and an unset date empty', () => {
    const row = fineRow.parse({
      id: 1,
      ...Object.fromEntries(FINE_FIELDS.map(([n, k]) => [n, k === 'money' || k === 'number' ? 0 : null])),
      VALOR_TOTAL_MULTA: 1234.56,
      DATA_INFRACAO: '2024-02-29',
    });
    const col = (id: string) => FINE_COLUMNS.find((c) => c.id === id)!;
    const cx = { sectors: [], branches: [] };
    expect(col('VALOR_TOTAL_MULTA').value(row, cx)).toBe('R$\u00a01.234,56');
    expect(col('DATA_INFRACAO').value(row, cx)).toBe('29/02/2024');
    expect(col('DATA_PAGMTO').value(row, cx)).toBe('');
    expect(col('DATA_INFRACAO').sheet?.type).toBe('date');
  });
});

describe('Braskem, responsible and business (spec §9)', () => {
  it.each([
    ['BRASKEM S.A.', true, 'braskem'],
    ['braskem idesa', true, 'braskem'],
    ['Transportes Rápidos Ltda', false, 'transp'],
    ['', false, null],
    [null, false, null],
    ['   ', false, null],
  ] as const)('%s', (name, braskem, responsible) => {
    expect(isBraskem(name)).toBe(braskem);
    expect(responsibleOf(name)).toBe(responsible);
  });

  it.each([
    ['PP', 'resinas'],
    ['pe', 'resinas'],
    ['PVC', 'resinas'],
    ['VAR', 'resinas'],
    ['UNIB', 'UNIB'],
    ['OUTRO', null],
    [null, null],
  ] as const)('business %s → %s', (negocio, group) => {
    expect(businessGroupOf(negocio)).toBe(group);
  });

  it.each([
    ['2023-10-31', 'before'],
    ['2023-11-01', 'after'],
    ['2024-01-01', 'after'],
    [null, null],
  ] as const)('contract date 1 Nov 2023: %s is %s', (day, side) => {
    expect(contractSide(day)).toBe(side);
  });
});

describe('BM report', () => {
  it('years 2012 up to the current one, newest first', () => {
    expect(bmYears(2014)).toEqual([2014, 2013, 2012]);
    expect(bmYears(2026)[0]).toBe(2026);
    expect(bmYears(2026).at(-1)).toBe(2012);
  });

  it.each([
    [2024, 1, '2024-01-01', '2024-02-01'],
    [2024, 12, '2024-12-01', '2025-01-01'],
  ])('month bounds %i-%i', (y, m, from, to) => {
    expect(monthBounds(y, m)).toEqual({ from, to });
  });

  it.each([
    [
      { DATA_APURACAO: '2024-03-01', DATA_PAGMTO: '2024-02-29' },
      { AP: true, PG: false },
    ],
    [
      { DATA_APURACAO: '2024-03-31', DATA_PAGMTO: '2024-04-01' },
      { AP: true, PG: false },
    ],
    [
      { DATA_APURACAO: null, DATA_PAGMTO: '2024-03-15' },
      { AP: false, PG: true },
    ],
    [
      { DATA_APURACAO: '2024-02-29', DATA_PAGMTO: null },
      { AP: false, PG: false },
    ],
  ])('flags in March 2024 of %o', (fine, flags) => {
    expect(bmFlags(fine, 2024, 3)).toEqual(flags);
  });
});

describe('fine input normalisation (spec §5)', () => {
  it.each([
    ['2024-05-06', '2024-05-06'],
    ['06/05/2024', '2024-05-06'],
    ['2024-05-06T00:00:00.000Z', '2024-05-06'],
    ['1901-01-01', null],
    [0, null],
    ['', null],
    ['2024-02-30', undefined],
    ['ontem', undefined],
  ])('date %s → %s', (input, out) => {
    expect(normalizeFineDate(input)).toBe(out);
  });

  it.each([
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['R$ 10,00', 10],
    ['', 0],
    [null, 0],
    [7, 7],
    ['abc', undefined],
  ])('number %s → %s', (input, out) => {
    expect(normalizeFineNumber(input)).toBe(out);
  });

  it('normalises plate, CNPJ and money, refuses a bad status with a Portuguese message', () => {
    const v = fineInput.parse({
      PLACA: 'abc-1d23',
      CNPJ_AUTUADO: '12.345.678/0001-95',
      VALOR_TOTAL_MULTA: '195,231',
      PESO_EXCEDENTE_Kg: null,
    });
    expect(v).toMatchObject({ PLACA: 'ABC1D23', CNPJ_AUTUADO: '12345678000195', VALOR_TOTAL_MULTA: 195.23 });
    expect(v.PESO_EXCEDENTE_Kg).toBe(0);
    const bad = fineInput.safeParse({ STATUS_MULTA: 'Paga' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Status inválido.');
  });

  it('lists the missing required fields', () => {
    const v = fineInput.parse({ NUMERO_AUTO: 'A1', PLACA: 'ABC1234', VALOR_TOTAL_MULTA: 0 });
    expect(missingFineFields(v)).toEqual([
      'DATA_INFRACAO',
      'ORGAO_AUTUADOR',
      'UNIDADE',
      'TRANSP',
      'STATUS_MULTA',
      'VALOR_TOTAL_MULTA',
    ]);
  });
});

describe('canManageFines', () => {
  it.each([
    ['Gestão de Multas member', actor({ sectors: ['Gestão de Multas'] }), true],
    ['member written without accents', actor({ sectors: ['gestao de multas'] }), true],
    ['administrator (role)', actor({ privilegio: 1 }), true],
    ['admin flag', actor({ admin: 1 }), true],
    ['Gestor of another sector', actor({ privilegio: 2, sectors: ['Compras'] }), false],
    ['support of TI', actor({ suport: 1, sectors: ['Tecnologia de Informação'] }), false],
    ['Colaborador', actor({ sectors: ['Operação'] }), false],
  ])('%s → %s', (_, u, allowed) => {
    expect(canManageFines(u)).toBe(allowed);
  });
});

describe('mayStartPlate: a search reads plates only for a text a plate may start with', () => {
  it.each(['A', 'AB', 'ABC', 'ABC1', 'ABC1D', 'ABC12', 'ABC1D2', 'ABC1D23', 'ABC1234'])('%s may', (t) => {
    expect(mayStartPlate(t)).toBe(true);
  });
  it.each(['', '1', '123456', 'A1', 'ABCD', 'ABC1DD', 'IMPRESSORA', 'ELETRICA', 'ABC1D234'])(
    '%s may not',
    (t) => {
      expect(mayStartPlate(t)).toBe(false);
    },
  );
});
