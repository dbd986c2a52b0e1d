import { describe, expect, it } from 'vitest';
import { formatBRL, fromCentavos, moneySchema, toCentavos } from './money.ts';

describe('money', () => {
  it.each([
    [1234.56, 'R$\u00a01.234,56'],
    [0, 'R$\u00a00,00'],
    [500, 'R$\u00a0500,00'],
    [0.1 + 0.2, 'R$\u00a00,30'],
  ])('formatBRL(%s) is %s', (value, shown) => {
    expect(formatBRL(value)).toBe(shown);
  });

  it('shows nothing for a missing amount', () => {
    expect(formatBRL(null)).toBe('');
    expect(formatBRL(undefined)).toBe('');
    expect(formatBRL(Number.NaN)).toBe('');
  });

  it.each([
    [499.99, 49_999],
    [500, 50_000],
    [500.01, 50_001],
    [1234.565, 123_457],
    [0.29, 29],
  ])('toCentavos(%s) is %s and back', (reais, centavos) => {
    expect(toCentavos(reais)).toBe(centavos);
    expect(fromCentavos(centavos)).toBeCloseTo(reais, 2);
  });

  it('accepts amounts with two decimals and refuses the rest', () => {
    expect(moneySchema.safeParse(500.01).success).toBe(true);
    expect(moneySchema.safeParse(0.29).success).toBe(true);
    expect(moneySchema.safeParse(1.005).success).toBe(false);
    expect(moneySchema.safeParse(-1).success).toBe(false);
    expect(moneySchema.safeParse('10').success).toBe(false);
  });
});
