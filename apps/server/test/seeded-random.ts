/** A seeded random source (mulberry32): the same seed builds the same data on every run and machine. */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  /** `n` distinct elements of a list, in the list's order. */
  subset<T>(list: readonly T[], n: number): T[];
}

export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (list) => list[int(list.length)]!,
    chance: (p) => next() < p,
    subset(list, n) {
      const indexes = list.map((_, i) => i);
      for (let i = indexes.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
      }
      return indexes
        .slice(0, Math.min(n, list.length))
        .sort((x, y) => x - y)
        .map((i) => list[i]!);
    },
  };
}
