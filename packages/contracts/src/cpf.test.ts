import { describe, expect, it } from 'vitest';
import { isValidCpf } from './cpf.ts';

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
