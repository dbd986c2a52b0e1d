/**
 * Helpers a module benchmark needs: child servers that are always killed, free ports, readiness
 * waits, one autocannon measure with warm-up, peak memory and the comparison table against the
 * bare Fastify route (ARCHITECTURE.md rule 9).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export function startServer(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} não respondeu`);
}

export function peakRssMb(child: ChildProcess): number | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]) / 1024);
  } catch {
    return null;
  }
}

export interface BenchRow {
  endpoint: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  endpoint: string,
  url: string,
  opts: { headers?: Record<string, string>; connections: number; durationS: number; warmupS: number },
): Promise<BenchRow> {
  const base = { url, headers: opts.headers ?? {}, connections: opts.connections };
  await autocannon({ ...base, duration: opts.warmupS });
  const r = await autocannon({ ...base, duration: opts.durationS });
  console.error(
    `  ${endpoint}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
  );
  return {
    endpoint,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The markdown table of docs/performance.md; the first row is the bare baseline. */
export function comparisonTable(rows: BenchRow[]): string {
  const bare = rows[0]!;
  return [
    '| endpoint | req/s | p50 ms | p99 ms | req/s vs bare | p99 vs bare | non-2xx | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${((r.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} % | ${(r.p99 / Math.max(1, bare.p99)).toFixed(1)}x | ${r.non2xx} | ${r.errors} |`,
    ),
  ].join('\n');
}

export function writeResults(name: string, data: unknown): string {
  const out = path.join(
    root,
    'bench',
    'results',
    `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(data, null, 2));
  return path.relative(root, out);
}
