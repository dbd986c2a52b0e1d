import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { FINE_FIELD_NAMES, FINE_FIELDS } from './fines.fields.ts';
import {
  type FineImportCell,
  type FineImportRow,
  fineImportHeader,
  parseFineImportRow,
} from './fines.import.ts';
import { fineInput, missingFineFields } from './fines.schemas.ts';

/**
 * The import checks its rows with fineInput's readers directly (fineCellsReader), not through zod's
 * object parse: it must accept, refuse and normalise exactly as `fineInput.safeParse` of the same
 * cells does (the rule the import had before), values in the same key order, reasons word for word.
 */
function byZod(columns: readonly (string | undefined)[], cells: readonly FineImportCell[]): FineImportRow {
  const raw: Record<string, FineImportCell> = {};
  columns.forEach((field, i) => {
    if (field) raw[field] = cells[i] ?? null;
  });
  const parsed = fineInput.safeParse(raw);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${String(i.path[0] ?? '')}: ${i.message}`);
    return { ok: false, reason: [...new Set(reasons)].join('; ') };
  }
  const missing = missingFineFields(parsed.data);
  if (missing.length > 0) return { ok: false, reason: `${MSG.fineMissingFields}: ${missing.join(', ')}` };
  return { ok: true, values: parsed.data };
}

const GOOD: Record<string, FineImportCell> = {
  NUMERO_AUTO: 'A123',
  DATA_INFRACAO: '2024-05-06',
  ORGAO_AUTUADOR: 'DNIT',
  UNIDADE: 'Camaçari',
  TRANSP: 'Rápido Ltda',
  STATUS_MULTA: 'Notificação',
  VALOR_TOTAL_MULTA: 195.23,
  PLACA: 'abc-1d23',
};

/** Values of every kind a sheet cell brings: good, odd and wrong for each field kind. */
const VALUES: FineImportCell[] = [
  null,
  '',
  '  ',
  0,
  '0',
  7,
  -1,
  1.005,
  1e9,
  1e9 + 1,
  999_999_999.99,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '1901-01-01',
  '2024-02-29',
  '2024-02-30',
  '29/02/2024',
  '2024-02-29T10:00:00Z',
  'R$ 1.234,56',
  '1.234,56',
  '-5',
  'abc',
  ' x ',
  'ABC1234',
  'abc-1d23',
  '12.345.678/0001-90',
  'sp',
  'SPX',
  'Penalidade',
  'Pagamento Realizado',
  'Recebido do Cliente',
  'NÃO',
  'x'.repeat(31),
  'y'.repeat(501),
  46347,
];

describe('parseFineImportRow reads as fineInput.safeParse does', () => {
  it('each field with each kind of value, in a row otherwise good', () => {
    const header = fineImportHeader(FINE_FIELD_NAMES);
    let accepted = 0;
    let refused = 0;
    for (const [field] of FINE_FIELDS) {
      for (const value of VALUES) {
        const cells = header.columns.map((f) => (f === field ? value : f ? (GOOD[f] ?? null) : null));
        const got = parseFineImportRow(header.columns, cells);
        const want = byZod(header.columns, cells);
        expect(got, `${field} = ${String(value)}`).toEqual(want);
        if (got.ok && want.ok) {
          expect(Object.keys(got.values)).toEqual(Object.keys(want.values));
          accepted++;
        } else refused++;
      }
    }
    // Both outcomes were exercised many times.
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it('rows with many wrong cells, columns in another order, unknown and repeated headers', () => {
    const names = [...FINE_FIELD_NAMES].reverse();
    const header = fineImportHeader([...names.slice(0, 20), 'OBS', names[3] ?? '', ...names.slice(20)]);
    for (let k = 0; k < 400; k++) {
      const cells = header.columns.map((_, i) => VALUES[(k * 7 + i * 13) % VALUES.length] ?? null);
      const got = parseFineImportRow(header.columns, cells);
      expect(got).toEqual(byZod(header.columns, cells));
    }
    // Only some fields present: the values hold those fields only.
    const few = fineImportHeader(['NUMERO_AUTO', 'VALOR_TOTAL_MULTA', 'DATA_INFRACAO']);
    const got = parseFineImportRow(few.columns, ['A1', '10,5', '06/05/2024']);
    expect(got).toEqual(byZod(few.columns, ['A1', '10,5', '06/05/2024']));
    expect(got.ok).toBe(false);
  });
});
