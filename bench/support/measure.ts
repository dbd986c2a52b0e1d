/** One autocannon measurement of one endpoint, with the server's memory and the machine's CPU use. */
import type { ChildProcess } from 'node:child_process';
import autocannon, { type Result } from 'autocannon';
import { type CpuUse, cpuMeter, rssMb } from './memory.ts';
import { waitUntilIdle } from './processes.ts';
import type { LoadSettings } from './settings.ts';

export interface Target {
  endpoint: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A GET of `url` as a Target. */
export const get = (endpoint: string, url: string, headers?: Record<string, string>): Target => ({
  endpoint,
  url,
  method: 'GET',
  headers,
});

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Measurement {
  database: 'bare' | DatabaseKind;
  endpoint: string;
  requestsPerSec: number;
  totalRequests: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  serverMemoryMb: { rss: number; peak: number } | null;
  /** CPU use during the measured run, in % of one CPU (see cpuMeter); null off Linux. */
  cpu: CpuUse | null;
  /** Throughput as a fraction of the bare route's; latency as a multiple of the bare route's. */
  vsBare?: { throughput: number; p50: number; p99: number };
}

export async function measure(
  target: Target,
  database: Measurement['database'],
  server: ChildProcess,
  load: LoadSettings,
): Promise<Measurement> {
  const options = {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: load.connections,
  };
  process.stderr.write(`  ${database} ${target.endpoint}: warm-up ${load.warmupS} s… `);
  await autocannon({ ...options, duration: load.warmupS });
  process.stderr.write(`measuring ${load.durationS} s… `);
  const meter = cpuMeter(server);
  const r: Result = await autocannon({ ...options, duration: load.durationS });
  const cpu = meter();
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  );
  const m: Measurement = {
    database,
    endpoint: target.endpoint,
    requestsPerSec: r.requests.average,
    totalRequests: r.requests.total,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, average: r.latency.average, max: r.latency.max },
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    serverMemoryMb: rssMb(server),
    cpu,
  };
  process.stderr.write(`${Math.round(m.requestsPerSec)} req/s\n`);
  return m;
}

/** Measures each target in turn against `server`. */
export async function measureEach(
  targets: Target[],
  database: Measurement['database'],
  server: ChildProcess,
  load: LoadSettings,
): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const target of targets) {
    // Requests autocannon gave up on (time-outs) may still be queued in the server: let them drain,
    // or they are counted against the next target (the 2026-11-26 "next page by cursor" row).
    if (out.length > 0) await waitUntilIdle(new URL(target.url).origin);
    out.push(await measure(target, database, server, load));
  }
  return out;
}

/** Fills vsBare of every row against the bare route's measurement (a bare latency under 1 ms counts as 1 ms). */
export function compareToBare(bare: Measurement, rows: Measurement[]): void {
  const baseP50 = Math.max(bare.latencyMs.p50, 1);
  const baseP99 = Math.max(bare.latencyMs.p99, 1);
  for (const m of rows) {
    if (m === bare) continue;
    m.vsBare = {
      throughput: m.requestsPerSec / bare.requestsPerSec,
      p50: m.latencyMs.p50 / baseP50,
      p99: m.latencyMs.p99 / baseP99,
    };
  }
}
