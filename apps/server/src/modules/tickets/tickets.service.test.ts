import { describe, expect, it } from 'vitest';
import { firstSector, toRow } from './tickets.rows.ts';

/** The rule lists showed the requester's sector by before firstSector (split, first, trim). */
const bySplit = (setores: string | null) => setores?.split(',')[0]?.trim() || null;

describe('firstSector', () => {
  it.each([
    ['Recursos Humanos, Compras', 'Recursos Humanos'],
    ['  Operação ,Estoque', 'Operação'],
    ['Tecnologia de Informação', 'Tecnologia de Informação'],
    [', Compras', null],
    [' ,Compras', null],
    ['', null],
    ['   ', null],
    [',', null],
    ['\u00a0Gestão de Multas\t, QSSMA', 'Gestão de Multas'],
    ['Faturamento,', 'Faturamento'],
    [null, null],
  ])('%j → %j, as the split rule answers', (setores, expected) => {
    expect(firstSector(setores)).toBe(expected);
    expect(firstSector(setores)).toBe(bySplit(setores));
  });
});

describe('toRow', () => {
  it('adds setor_usuario to the row and keeps every other field', () => {
    const row = { id: 7, setores_usuario: ' Compras, Estoque', filial: 'Matriz' };
    expect(toRow(row)).toEqual({
      id: 7,
      setores_usuario: ' Compras, Estoque',
      filial: 'Matriz',
      setor_usuario: 'Compras',
    });
  });
});
