/** Settings every benchmark reads from the environment (docs/performance.md). */
import os from 'node:os';

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

/** autocannon's load from BENCH_CONNECTIONS, BENCH_DURATION s and BENCH_WARMUP s, with a bench's own defaults. */
export function loadSettings(defaults: LoadSettings): LoadSettings {
  return {
    connections: positive('BENCH_CONNECTIONS', defaults.connections),
    durationS: positive('BENCH_DURATION', defaults.durationS),
    warmupS: positive('BENCH_WARMUP', defaults.warmupS),
  };
}

/** The load of most benches: BENCH_CONNECTIONS (50), BENCH_DURATION s (10), BENCH_WARMUP s (2). */
export const LOAD: LoadSettings = loadSettings({ connections: 50, durationS: 10, warmupS: 2 });

/** A throwaway PostgreSQL database to measure too; unset: SQLite only. */
export const PG_URL = process.env.BENCH_DATABASE_URL || undefined;

/**
 * Server processes (config WORKERS): one per CPU, as production runs it (README, Settings, WORKERS);
 * BENCH_WORKERS=1 measures one process.
 */
export const SERVER_WORKERS = positive('BENCH_WORKERS', os.availableParallelism());
