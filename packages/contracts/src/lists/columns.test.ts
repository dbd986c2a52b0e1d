import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  cleanFilters,
  decodeDateRange,
  defineColumns,
  encodeDateRange,
  filterParams,
  filterQuery,
  pickColumns,
  type SortableId,
  sortableIds,
} from './columns.ts';

interface Fine {
  id: number;
  placa: string;
  valor: number;
  data: string;
  status: string;
}

const FINES = defineColumns<Fine>()([
  { id: 'id', header: 'Id', width: 8, sortable: true, filter: { kind: 'number' }, value: (r) => r.id },
  {
    id: 'placa',
    header: 'Placa',
    width: 10,
    filter: { kind: 'text', param: 'plate' },
    value: (r) => r.placa,
  },
  { id: 'valor', header: 'Valor', width: 12, value: (r) => r.valor },
  {
    id: 'data',
    header: 'Data',
    width: 12,
    sortable: true,
    filter: { kind: 'dateRange' },
    value: (r) => r.data,
  },
  {
    id: 'status',
    header: 'Status',
    width: 14,
    filter: { kind: 'select', options: [{ value: 'pago', label: 'Pago' }] },
    value: (r) => r.status,
  },
]);

describe('column descriptions', () => {
  it('keep the sortable ids in the type and at run time', () => {
    expectTypeOf<SortableId<typeof FINES>>().toEqualTypeOf<'id' | 'data'>();
    expect(sortableIds(FINES)).toEqual(['id', 'data']);
  });

  it('a view reuses the descriptions, in its order, with its own headers', () => {
    const view = pickColumns(FINES, ['valor', 'id'], { id: 'Ticket' });
    expect(view.map((c) => [c.id, c.header])).toEqual([
      ['valor', 'Valor'],
      ['id', 'Ticket'],
    ]);
    expect(view[1]?.value).toBe(FINES[0].value);
    expect(() => pickColumns(FINES, ['nope'])).toThrow();
  });

  it('date ranges travel as from..to, in order, one day when the end is missing', () => {
    expect(encodeDateRange('2024-03-10')).toBe('2024-03-10..2024-03-10');
    expect(decodeDateRange('2024-03-10..2024-03-12')).toEqual({ from: '2024-03-10', to: '2024-03-12' });
    expect(decodeDateRange('2024-03-12..2024-03-10')).toEqual({ from: '2024-03-10', to: '2024-03-12' });
    expect(decodeDateRange('2024-03-10')).toEqual({ from: '2024-03-10', to: '2024-03-10' });
    expect(decodeDateRange('10/03/2024')).toBeUndefined();
  });

  it('keeps only valid filters of known columns, text cut at 15 characters', () => {
    expect(
      cleanFilters(FINES, {
        id: '12a',
        placa: '  abc1234567890123456 ',
        valor: '10',
        data: '2024-01-02..2024-01-01',
        status: 'aberto',
        other: 'x',
      }),
    ).toEqual({ placa: 'abc123456789012', data: '2024-01-01..2024-01-02' });
    expect(cleanFilters(FINES, { id: '42', status: 'pago' })).toEqual({ id: '42', status: 'pago' });
  });

  it("maps the filters to the list call's query parameters", () => {
    expect(
      filterQuery(FINES, { id: '42', placa: 'abc', data: '2024-01-01..2024-01-31', status: 'pago' }),
    ).toEqual({
      id: '42',
      plate: 'abc',
      dataFrom: '2024-01-01',
      dataTo: '2024-01-31',
      status: 'pago',
    });
    expect(filterParams(FINES)).toEqual(['id', 'plate', 'dataFrom', 'dataTo', 'status']);
  });
});
