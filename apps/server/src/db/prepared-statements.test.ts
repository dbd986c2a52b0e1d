import { describe, expect, it, vi } from 'vitest';

describe('the prepared statements named', () => {
  it('names each text once, and no text past MAX_PREPARED (each connection keeps what it ran)', async () => {
    // A registry of its own: the test files of a worker share their modules (decision 0111).
    vi.resetModules();
    const { MAX_PREPARED, namePrepared, preparedName } = await import('./prepared-statements.ts');
    const texts = Array.from(
      { length: MAX_PREPARED + 50 },
      (_, i) => `select ${i} as "n" where $1::int = ${i}`,
    );
    for (const text of texts) namePrepared(text);
    namePrepared(texts[0]!);
    const names = texts.map(preparedName);
    expect(new Set(names.slice(0, MAX_PREPARED)).size).toBe(MAX_PREPARED);
    expect(names.slice(0, MAX_PREPARED).every((n) => typeof n === 'string')).toBe(true);
    expect(names.slice(MAX_PREPARED)).toEqual(Array(50).fill(undefined));
    expect(preparedName('select 1')).toBeUndefined();
  });
});
