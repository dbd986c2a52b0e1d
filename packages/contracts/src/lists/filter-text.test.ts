import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { filterText } from './filter-text.ts';

describe('filterText', () => {
  it('trims, and reads an empty or blank filter as no filter', () => {
    expect(filterText().parse('  silva ')).toBe('silva');
    expect(filterText().parse('   ')).toBeUndefined();
    expect(filterText().parse(undefined)).toBeUndefined();
  });

  it('refuses a filter over the limit with the message of the screen', () => {
    const result = filterText().safeParse('x'.repeat(16));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.filterTooLong);
    expect(filterText().safeParse('x'.repeat(15)).success).toBe(true);
    expect(filterText(30).safeParse('x'.repeat(31)).error?.issues[0]?.message).toBe(
      'O filtro deve ter no máximo 30 caracteres.',
    );
  });
});
