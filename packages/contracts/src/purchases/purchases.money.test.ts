import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { formMoney } from './purchases.schemas.ts';

/**
 * The quote values the second probe sent (issue 31): each is refused or read as the plain decimal
 * it spells, never as another number that would pass the R$ 500,00 manager limit.
 */
describe('a quote value typed in a form', () => {
  it.each([
    '500,001',
    '500,00',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x1F4',
    '0b111110100',
    '0o764',
    '5e2',
    '1e-2',
    '٥٠٠',
    '۵۰۰',
    '５００',
    '500.001',
    '+500',
    '-1',
    '500 ',
    '',
    ' ',
    '1.000.000',
    '9999999999',
  ])('%j is refused with the spec message', (typed) => {
    const parsed = formMoney.safeParse(typed);
    if (typed === '500 ') {
      expect(parsed).toMatchObject({ success: true, data: 500 });
      return;
    }
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MSG.invalidCurrency);
  });

  it.each([
    ['500', 500],
    ['500.00', 500],
    ['500.01', 500.01],
    ['0.29', 0.29],
  ])('%j is %s reais', (typed, reais) => {
    expect(formMoney.parse(typed)).toBe(reais);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 500.001, -0.01])('the number %s is refused', (n) => {
    expect(formMoney.safeParse(n).success).toBe(false);
  });
});
