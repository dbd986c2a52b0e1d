import { describe, expect, it } from 'vitest';
import { orgFilterOptions } from '../lists/columns.ts';
import { SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { specOrg } from '../testing/org.ts';
import {
  branchLabelById,
  branchLabelOf,
  findBranchNamed,
  findSectorNamed,
  offeredBranches,
  offeredBranchIds,
  offeredSectorNames,
} from './sectors.names.ts';

/** A fresh install, then Compras renamed Suprimentos, Faturamento deactivated, Mauá relabelled Mauá Sul. */
const org = specOrg();
const changed = {
  sectors: [
    ...org.sectors.filter((s) => s.name !== SECTOR.compras && s.name !== SECTOR.faturamento),
    { id: 4, name: 'Suprimentos', role: 'compras' as const, active: 1 },
    { id: 8, name: SECTOR.faturamento, role: 'faturamento' as const, active: 0 },
  ],
  branches: [org.branches[0]!, { id: 2, name: 'Maua', label: 'Mauá Sul', active: 0 }],
};

describe('sector and branch names are the lists given (decision 0116)', () => {
  it.each([
    ['Tecnologia de Informacao', SECTOR.ti],
    ['TECNOLOGIA DE INFORMAÇÃO', SECTOR.ti],
    [' Gestão de Multas ', SECTOR.multas],
    ['operacao', SECTOR.operacao],
    ['Financeiro', undefined],
    ['Tecnologia', undefined],
    ['', undefined],
  ])('findSectorNamed(%j) → %j, accents, case and spaces aside', (typed, stored) => {
    expect(findSectorNamed(org.sectors, typed)?.name).toBe(stored);
  });

  it('finds a renamed sector by its new name only', () => {
    expect(findSectorNamed(changed.sectors, 'suprimentos')?.name).toBe('Suprimentos');
    expect(findSectorNamed(changed.sectors, SECTOR.compras)).toBeUndefined();
  });

  it.each([
    ['Maua', 'Maua'],
    ['Mauá', 'Maua'],
    ['MAUÁ SUL', 'Maua'],
    ['matriz', 'Matriz'],
    ['Santos', undefined],
  ])(
    'findBranchNamed(%j) → %j: by the stored name or the label, answering the stored name',
    (typed, stored) => {
      expect(findBranchNamed(changed.branches, typed)?.name).toBe(stored);
    },
  );

  it('shows a branch by its label now, by name or by HR’s number; an unknown one as stored', () => {
    expect(branchLabelOf(changed.branches, 'Maua')).toBe('Mauá Sul');
    expect(branchLabelOf(changed.branches, 'Santos')).toBe('Santos');
    expect(branchLabelById(changed.branches, 2)).toBe('Mauá Sul');
    expect(branchLabelById(changed.branches, 9)).toBe('9');
    expect(branchLabelById(changed.branches, null)).toBe('');
  });

  it('forms offer the active rows, plus the ones the record already has', () => {
    expect(offeredSectorNames(changed)).not.toContain(SECTOR.faturamento);
    expect(offeredSectorNames(changed)).toContain('Suprimentos');
    expect(offeredSectorNames(changed, [SECTOR.faturamento])).toContain(SECTOR.faturamento);
    expect(offeredBranches(changed)).toEqual([{ value: 'Matriz', label: 'Matriz' }]);
    expect(offeredBranches(changed, ['Maua'])).toEqual([
      { value: 'Matriz', label: 'Matriz' },
      { value: 'Maua', label: 'Mauá Sul' },
    ]);
    expect(offeredBranchIds(changed)).toEqual([{ value: '1', label: 'Matriz' }]);
    expect(offeredBranchIds(changed, 2)).toHaveLength(2);
  });

  it('list filters offer every row, deactivated ones too (old records name them)', () => {
    expect(orgFilterOptions('sectors', changed).map((o) => o.value)).toContain(SECTOR.faturamento);
    expect(orgFilterOptions('branches', changed)).toEqual([
      { value: 'Matriz', label: 'Matriz' },
      { value: 'Maua', label: 'Mauá Sul' },
    ]);
  });
});
