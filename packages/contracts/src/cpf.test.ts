import { describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, isValidCpf } from './cpf.ts';

describe('isValidCpf', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['529.982.247-24', false],
    ['52998224752', false],
    ['111.111.111-11', false],
    ['00000000000', false],
    ['5299822472', false],
    ['', false],
  ])('%s → %s', (cpf, ok) => expect(isValidCpf(cpf)).toBe(ok));
});

describe('cpfWithCheckDigits', () => {
  it('completes the first nine digits with the check digits isValidCpf accepts', () => {
    expect(cpfWithCheckDigits('529982247')).toBe('52998224725');
    expect(cpfWithCheckDigits('111.444.777')).toBe('11144477735');
    for (let i = 1; i < 500; i += 7)
      expect(isValidCpf(cpfWithCheckDigits(String(300_000_000 + i)))).toBe(true);
  });
});
