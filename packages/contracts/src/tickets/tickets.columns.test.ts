import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ColumnDescription,
  filterParams,
  filterQuery,
  type SortableId,
  selectFilterOptions,
  sortableIds,
} from '../lists/columns.ts';
import { specOrg } from '../testing/org.ts';
import {
  CALL_COLUMNS,
  type CallSheetRow,
  departmentLabel,
  MY_CALLS_SEARCH,
  MY_CALLS_TABLE,
  OPEN_CALLS_TABLE,
} from './tickets.columns.ts';
import { CALL_SORT, callListQuery } from './tickets.schemas.ts';

const row: CallSheetRow = {
  id: 7,
  problema: 'Computador',
  dep: 'Infraestrutura',
  data: '2024-03-10T15:04:05.000Z',
  status: 22,
  nome_usuario: 'João Pedro da Silva',
  matricula_usuario: '1003',
  setor_usuario: 'Operação',
  nome_suporte: null,
  matricula_suporte: null,
  filial: 'Maua',
  descricao: 'Não liga.',
};

const sheet = (r: CallSheetRow) => CALL_COLUMNS.map((c) => c.value(r, specOrg()));

describe('the call lists are one column description', () => {
  it('the spreadsheet shows every column with the screens’ texts', () => {
    expect(CALL_COLUMNS.map((c) => c.header)).toEqual([
      'Ticket',
      'Nome',
      'Matrícula',
      'Setor',
      'Departamento',
      'Problema',
      'Unidade',
      'Data e hora',
      'Status',
      'Atendente',
      'Descrição',
    ]);
    expect(sheet(row)).toEqual([
      7,
      'João Pedro da Silva',
      '1003',
      'Operação',
      'Manutenção',
      'Computador',
      'Mauá',
      '10/03/2024 12:04:05',
      'Materiais pendentes',
      null,
      'Não liga.',
    ]);
  });

  it.each([
    ['My calls', MY_CALLS_TABLE],
    ['Chamados Abertos', OPEN_CALLS_TABLE],
    ['the My calls search', MY_CALLS_SEARCH],
  ])('%s uses the spreadsheet’s descriptions (same cell, width, sort and filter)', (_, view) => {
    for (const column of view) {
      const described: ColumnDescription<CallSheetRow> | undefined = CALL_COLUMNS.find(
        (c) => c.id === column.id,
      );
      expect(described, column.id).toBeDefined();
      expect(column.value).toBe(described?.value);
      expect(column.filter).toBe(described?.filter);
      expect([column.width, column.sortable]).toEqual([described?.width, described?.sortable]);
    }
  });

  it('the tables have the headers of spec §2', () => {
    expect(MY_CALLS_TABLE.map((c) => c.header)).toEqual([
      'Ticket',
      'Nome',
      'Matrícula',
      'Departamento',
      'Data e hora',
      'Status',
    ]);
    expect(OPEN_CALLS_TABLE.map((c) => c.header)).toEqual([
      'Ticket',
      'Suporte',
      'Nome',
      'Unidade',
      'Matrícula',
      // The requester's sector: "Departamento" is the support department on My calls (issue 15).
      'Setor',
      'Problema',
      'Data e hora',
      'Status',
    ]);
  });

  it('a phone keeps Ticket, the support department and Status (issue 15)', () => {
    expect(MY_CALLS_TABLE.filter((c) => c.phone).map((c) => c.id)).toEqual(['id', 'dep', 'status']);
    expect(OPEN_CALLS_TABLE.filter((c) => c.phone).map((c) => c.id)).toEqual(['id', 'dep', 'status']);
  });

  it('sorts by exactly what GET /api/calls accepts', () => {
    expectTypeOf<SortableId<typeof CALL_COLUMNS>>().toEqualTypeOf<(typeof CALL_SORT)[number]>();
    expect(new Set(sortableIds(CALL_COLUMNS))).toEqual(new Set(CALL_SORT));
  });

  it('filters through the parameters GET /api/calls reads', () => {
    const shape = Object.keys(callListQuery.shape);
    for (const param of filterParams(CALL_COLUMNS)) expect(shape).toContain(param);
    const query = filterQuery(CALL_COLUMNS, {
      id: '7',
      nome_usuario: 'joão',
      dep: 'Infraestrutura',
      filial: 'Maua',
      data: '2024-03-01..2024-03-10',
      status: '20',
      nome_suporte: 'rafa',
    });
    expect(callListQuery.parse(query)).toMatchObject({
      ticket: 7,
      name: 'joão',
      dep: 'Infraestrutura',
      filial: 'Maua',
      from: '2024-03-01',
      to: '2024-03-10',
      status: 20,
      attendant: 'rafa',
    });
  });
});

describe('a department as people read it (decision 0119)', () => {
  const dep = CALL_COLUMNS.find((c) => c.id === 'dep')!;
  const options = (org: ReturnType<typeof specOrg>) =>
    dep.filter?.kind === 'select' ? selectFilterOptions(dep.filter, org).map((o) => o.label) : [];

  it('keeps the spec’s labels while the sectors keep the spec’s names (Infraestrutura is Manutenção)', () => {
    expect(options(specOrg())).toEqual([
      'Recursos Humanos',
      'Tecnologia de Informação',
      'QSSMA',
      'Manutenção',
    ]);
    expect(departmentLabel('Infraestrutura', specOrg().sectors)).toBe('Manutenção');
  });

  it('shows the name the company gave the sector attending it, in the cells and the filter', () => {
    const org = specOrg();
    const renamed = {
      ...org,
      sectors: org.sectors.map((s) =>
        s.role === 'infra'
          ? { ...s, name: 'Manutenção Predial' }
          : s.role === 'rh'
            ? { ...s, name: 'Gente' }
            : s,
      ),
    };
    expect(options(renamed)).toEqual(['Gente', 'Tecnologia de Informação', 'QSSMA', 'Manutenção Predial']);
    expect(dep.value(row, renamed)).toBe('Manutenção Predial');
    expect(departmentLabel('Outro', renamed.sectors)).toBe('Outro');
  });
});
