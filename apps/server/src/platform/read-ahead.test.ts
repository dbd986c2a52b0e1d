import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('readAhead', () => {
  it('hands out every item in order, reading one ahead of the consumer and no more', async () => {
    const asked: number[] = [];
    async function* source() {
      for (let i = 1; i <= 4; i++) {
        asked.push(i);
        yield i;
      }
    }
    const seen: number[] = [];
    for await (const item of readAhead(source())) {
      await tick();
      seen.push(item);
      expect(asked.length).toBeLessThanOrEqual(Math.min(item + 1, 4));
      if (item < 4) expect(asked).toContain(item + 1);
    }
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('a read failing while the consumer works is thrown to it, not lost', async () => {
    async function* source() {
      yield 1;
      throw new Error('falhou');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source())) {
          await tick();
          seen.push(item);
        }
      })(),
    ).rejects.toThrow('falhou');
    expect(seen).toEqual([1]);
  });

  it('a consumer that stops closes the source', async () => {
    let closed = false;
    let asked = 0;
    async function* source() {
      try {
        for (;;) {
          asked += 1;
          yield asked;
        }
      } finally {
        closed = true;
      }
    }
    for await (const item of readAhead(source())) if (item === 2) break;
    expect(closed).toBe(true);
    expect(asked).toBe(3);
  });
});
