/** Settings every benchmark reads from the environment (docs/performance.md). */

export const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

/** autocannon's load: BENCH_CONNECTIONS (50), BENCH_DURATION s (10), BENCH_WARMUP s (2). */
export const LOAD: LoadSettings = {
  connections: positive('BENCH_CONNECTIONS', 50),
  durationS: positive('BENCH_DURATION', 10),
  warmupS: positive('BENCH_WARMUP', 2),
};

/** A throwaway PostgreSQL database to measure too; unset: SQLite only. */
export const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
