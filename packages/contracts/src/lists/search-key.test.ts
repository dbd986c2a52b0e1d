import { describe, expect, it } from 'vitest';
import { searchKey } from './search-key.ts';

describe('searchKey', () => {
  it.each([
    ['João', 'joao'],
    ['CONCEIÇÃO', 'conceicao'],
    ['Cotações 2024', 'cotacoes 2024'],
    ['Tecnologia de Informação', 'tecnologia de informacao'],
    ['já é à ô ü', 'ja e a o u'],
    ['100% _x_', '100% _x_'],
  ])('%s → %s', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});
