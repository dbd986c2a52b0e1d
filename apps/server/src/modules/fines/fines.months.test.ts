import { describe, expect, it } from 'vitest';
import { cubeReads } from './fines.months.ts';

/** Where the dashboard reads a period's whole months (migration 0020): the roll-up's years, the cube's months. */
describe('cubeReads', () => {
  it('reads every month (and the undated fines) from the roll-up without a period', () => {
    expect(cubeReads({})).toEqual({ years: 'all', months: [], maxYears: 'all', maxMonths: [], series: null });
  });

  it('reads whole years from the roll-up only', () => {
    expect(cubeReads({ from: '2023-01', to: '2024-12' })).toMatchObject({
      years: [{ from: '2023', to: '2024' }],
      months: [],
      maxYears: [{ from: '2023', to: '2024' }],
      maxMonths: [],
      series: { from: '2023-01', to: '2024-12' },
    });
  });

  it('reads up to 6 months of a year from the cube, more as the year less the others', () => {
    expect(cubeReads({ from: '2024-03', to: '2024-05' })).toMatchObject({
      years: [],
      months: [{ from: '2024-03', to: '2024-05', sign: 1 }],
      maxMonths: [{ from: '2024-03', to: '2024-05' }],
    });
    expect(cubeReads({ from: '2024-02', to: '2024-11' })).toMatchObject({
      years: [{ from: '2024', to: '2024' }],
      months: [
        { from: '2024-01', to: '2024-01', sign: -1 },
        { from: '2024-12', to: '2024-12', sign: -1 },
      ],
      // The maxima cannot be taken away: always the months themselves.
      maxYears: [],
      maxMonths: [{ from: '2024-02', to: '2024-11' }],
    });
  });

  it('splits a period over years into its partial years and the whole ones, open at either end', () => {
    expect(cubeReads({ from: '2023-03', to: '2025-04' })).toMatchObject({
      years: [
        { from: '2023', to: '2023' },
        { from: '2024', to: '2024' },
      ],
      months: [
        { from: '2023-01', to: '2023-02', sign: -1 },
        { from: '2025-01', to: '2025-04', sign: 1 },
      ],
      maxYears: [{ from: '2024', to: '2024' }],
      maxMonths: [
        { from: '2023-03', to: '2023-12' },
        { from: '2025-01', to: '2025-04' },
      ],
    });
    expect(cubeReads({ from: '2024-11' })).toMatchObject({
      years: [{ from: '2025', to: '9999' }],
      months: [{ from: '2024-11', to: '2024-12', sign: 1 }],
      series: { from: '2024-11', to: '9999-12' },
    });
    expect(cubeReads({ to: '2023-12' })).toMatchObject({
      years: [{ from: '0000', to: '2023' }],
      months: [],
      series: { from: '0000-01', to: '2023-12' },
    });
  });
});
