import { formatDate } from '../dates.ts';
import type { ColumnDescription, ColumnFilterSpec } from '../lists/columns.ts';
import { formatBRL } from '../money.ts';
import { STATUS_MULTA, STATUS_ND, STATUS_PAGMTO } from './fines.enums.ts';
import { FINE_FIELDS, type FineField, type FineFieldKind } from './fines.fields.ts';
import { type BmRow, FINE_SORT, type FineRow, type FineSort } from './fines.schemas.ts';

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/**
 * The filter of the columns the left filter bar also sets (params are GET /api/fines's names).
 * Unit and carrier are picked from the values that exist (GET /api/fines/options), responsible and
 * business are not columns: the bar keeps those four in the URL itself.
 */
const FILTERS: Partial<Record<FineField, ColumnFilterSpec>> = {
  NUMERO_AUTO: { kind: 'text' },
  DATA_INFRACAO: { kind: 'dateRange', params: { from: 'from', to: 'to' } },
  STATUS_MULTA: { kind: 'select', options: options(STATUS_MULTA) },
  STATUS_PAGMTO: { kind: 'select', options: options(STATUS_PAGMTO) },
  STATUS_ND: { kind: 'select', options: options(STATUS_ND) },
  PLACA: { kind: 'text' },
};

/** What a phone shows of a fine (390 px): which auto, when, its status and how much. */
const PHONE = new Set<FineField>(['NUMERO_AUTO', 'DATA_INFRACAO', 'STATUS_MULTA', 'VALOR_TOTAL_MULTA']);

const WIDTH: Partial<Record<FineFieldKind, number>> = { date: 12, money: 16, number: 12, plate: 10 };
const WIDE: Partial<Record<FineField, number>> = {
  MOTIVO: 48,
  ORGAO_AUTUADOR: 28,
  TRANSP: 28,
  NOME_AUTUADO: 28,
  TIPO_VEICULO: 20,
  UNIDADE: 18,
  MUNICIPIO: 20,
  STATUS_ND: 28,
  STATUS_PAGMTO: 20,
  CNPJ_AUTUADO: 18,
  NUMERO_AUTO: 16,
};

/** How a field shows in the table (text) and lands in the spreadsheet (a real date or number cell). */
function describe(name: FineField, kind: FineFieldKind): ColumnDescription<FineRow> {
  const base = {
    id: name,
    header: name,
    width: WIDE[name] ?? WIDTH[kind] ?? 14,
    sortable: (FINE_SORT as readonly string[]).includes(name),
    filter: FILTERS[name],
    phone: PHONE.has(name),
  };
  switch (kind) {
    case 'date':
      return {
        ...base,
        value: (r) => formatDate(r[name] as string | null),
        sheet: { value: (r) => (r[name] as string | null) ?? null, type: 'date' },
      };
    case 'money':
      return {
        ...base,
        value: (r) => formatBRL(r[name] as number),
        sheet: { value: (r) => r[name] as number, type: 'money' },
      };
    case 'number':
      return {
        ...base,
        value: (r) => number.format(r[name] as number),
        sheet: { value: (r) => r[name] as number, type: 'number' },
      };
    default:
      return { ...base, value: (r) => r[name] as string | null };
  }
}

/**
 * The 43 fields of a fine as one list of columns (spec §3; table width 7091 px in the spec):
 * the data table, its filters, multas_geral.xlsx, BM.xlsx and the import's headers read it.
 * NUMERO_AUTO comes first: it names the row in the sticky first column.
 */
export const FINE_COLUMNS = [...FINE_FIELDS]
  .sort((a, b) => (a[0] === 'NUMERO_AUTO' ? -1 : b[0] === 'NUMERO_AUTO' ? 1 : 0))
  .map(([name, kind]) => describe(name, kind)) as readonly FineColumn[];

/** A column of the fines table; the sortable ones say so in their type (FINE_SORT ids). */
export type FineColumn =
  | (ColumnDescription<FineRow> & { id: FineSort; sortable: true })
  | (ColumnDescription<FineRow> & { id: FineField; sortable: false });

/** BM.xlsx and the BM overlay: the AP and PG flags (spec §4), then every field. */
export const BM_COLUMNS: readonly ColumnDescription<BmRow>[] = [
  { id: 'AP', header: 'AP', width: 5, value: (r) => (r.AP ? 'AP' : '') },
  { id: 'PG', header: 'PG', width: 5, value: (r) => (r.PG ? 'PG' : '') },
  ...FINE_COLUMNS,
];
