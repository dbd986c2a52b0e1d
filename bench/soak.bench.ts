/**
 * `npm run bench:soak` (issue 36): two server processes on one PostgreSQL database and one
 * S3-compatible object store (s3rver), behind a round-robin balancer (bench/round-robin-balancer.ts),
 * under the mixed daily traffic (support/daily-traffic.ts) of BENCH_SOAK_CONNECTIONS connections for
 * BENCH_SOAK_DURATION seconds. Reports the errors, p50/p99, req/s, each server's CPU per request and
 * its memory (RSS from /proc, V8 heap from its /metrics) sampled every BENCH_SOAK_SAMPLE seconds,
 * with the growth from the end of the warm-up (BENCH_SOAK_WARMUP s) to the end. Then the same
 * traffic for BENCH_SOAK_COMPARE seconds through a balancer of both servers and through one of a
 * single server: the two-server throughput beside one server's, in the same run.
 *
 * Needs BENCH_DATABASE_URL (a scratch database is created there and dropped after). Settings:
 * BENCH_SOAK_CONNECTIONS (200), BENCH_SOAK_DURATION s (300), BENCH_SOAK_WARMUP s (60),
 * BENCH_SOAK_SAMPLE s (10), BENCH_SOAK_COMPARE s (30), BENCH_SOAK_WORKERS (1: WORKERS of each
 * server), BENCH_SOAK_STORAGE (s3, or local: both servers on one DATA_DIR, as on a shared disk).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { dailyTraffic, preflight, type TrafficRequest } from './support/daily-traffic.ts';
import { cpuMeter, rssMb } from './support/memory.ts';
import { scratchDatabase } from './support/postgres.ts';
import {
  freePort,
  makeTempDir,
  runBench,
  startChild,
  stopChild,
  waitForOk,
  waitUntilIdle,
} from './support/processes.ts';
import { fmt, machine, markdownTable, writeResults } from './support/report.ts';
import { type AppServer, startApp } from './support/servers.ts';
import { PG_URL, positive } from './support/settings.ts';

const SOAK = {
  connections: positive('BENCH_SOAK_CONNECTIONS', 200),
  durationS: positive('BENCH_SOAK_DURATION', 300),
  warmupS: positive('BENCH_SOAK_WARMUP', 60),
  sampleS: positive('BENCH_SOAK_SAMPLE', 10),
  compareS: positive('BENCH_SOAK_COMPARE', 30),
  workers: positive('BENCH_SOAK_WORKERS', 1),
  storage: process.env.BENCH_SOAK_STORAGE === 'local' ? ('local' as const) : ('s3' as const),
};
const METRICS_TOKEN = 'soak-bench-metrics-token';
const load1 = () => Number(os.loadavg()[0]!.toFixed(2));

/** Starts the object store's process and answers its STORAGE and S3_* settings. */
async function startObjectStore(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = startChild('s3', 'bench/object-store.ts', {});
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = /^S3_ENV (.+)$/m.exec(text)?.[1];
      if (line) resolve(JSON.parse(line) as Record<string, string>);
    });
    child.once('exit', (code) => reject(new Error(`the object store exited (${code})`)));
  });
  return { child, env };
}

async function startBalancer(servers: AppServer[]): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = startChild('balancer', 'bench/round-robin-balancer.ts', {
    PORT: String(port),
    UPSTREAMS: servers.map((s) => s.base).join(','),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child);
  return { child, base };
}

/** The V8 heap of a server as its /metrics reports it (MiB: used, total). */
async function heapMb(server: AppServer): Promise<{ used: number; total: number } | null> {
  try {
    const res = await fetch(`${server.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);
    return {
      used: mb(value('nodejs_heap_size_used_bytes')),
      total: mb(value('nodejs_heap_size_total_bytes')),
    };
  } catch {
    return null;
  }
}

interface Sample {
  atS: number;
  load1: number;
  servers: { rss: number | null; heapUsed: number | null; heapTotal: number | null }[];
}

async function takeSample(servers: AppServer[], startedMs: number): Promise<Sample> {
  const heaps = await Promise.all(servers.map(heapMb));
  return {
    atS: Math.round((Date.now() - startedMs) / 1000),
    load1: load1(),
    servers: servers.map((s, i) => ({
      rss: rssMb(s.child)?.rss ?? null,
      heapUsed: heaps[i]?.used ?? null,
      heapTotal: heaps[i]?.total ?? null,
    })),
  };
}

interface Run {
  label: string;
  result: Result;
  load1Before: number;
  load1After: number;
  /** CPU ms per answered request of each server process (with its workers). */
  serverCpuMsPerRequest: number[];
  balancerCpuPercent: number | null;
}

/** The traffic through `balancer` for `durationS` s, with each server's CPU over it; `during` runs alongside. */
async function drive(
  label: string,
  base: string,
  traffic: TrafficRequest[],
  durationS: number,
  servers: AppServer[],
  balancer: ChildProcess,
  during?: (done: Promise<unknown>) => Promise<void>,
): Promise<Run> {
  await waitUntilIdle(base);
  const load1Before = load1();
  process.stderr.write(`  ${label}: ${SOAK.connections} connections, ${durationS} s (load ${load1Before})… `);
  const meters = servers.map((s) => cpuMeter(s.child));
  const balancerMeter = cpuMeter(balancer);
  const running = autocannon({
    url: base,
    connections: SOAK.connections,
    duration: durationS,
    requests: traffic.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
  });
  const result = await Promise.all([running, during?.(Promise.resolve(running))]).then(([r]) => r);
  const answered = result['2xx'] + result.non2xx;
  const serverCpuMsPerRequest = meters.map((meter) => {
    const cpu = meter();
    // serverPercent is % of one CPU over the run: CPU seconds = percent / 100 × duration.
    return cpu && answered > 0
      ? ((cpu.serverPercent / 100) * durationS * 1000 * servers.length) / answered
      : 0;
  });
  const run: Run = {
    label,
    result,
    load1Before,
    load1After: load1(),
    serverCpuMsPerRequest,
    balancerCpuPercent: balancerMeter()?.serverPercent ?? null,
  };
  process.stderr.write(`${Math.round(result.requests.average)} req/s\n`);
  return run;
}

/**
 * Memory growth of one server: the lowest sample of the last 20 % of the run against the lowest of
 * the first 20 % after the warm-up. A sample lands anywhere in a collection cycle (the heap's used
 * bytes swing by half between two samples); what a leak raises is the floor a collection returns to.
 */
function growth(samples: Sample[], server: number, key: 'rss' | 'heapUsed') {
  const after = samples.filter((s) => s.atS >= SOAK.warmupS);
  const span = Math.max(1, Math.ceil(after.length / 5));
  const values = (part: Sample[]) =>
    part.map((s) => s.servers[server]?.[key]).filter((v): v is number => typeof v === 'number');
  const start = Math.min(...values(after.slice(0, span)));
  const end = Math.min(...values(after.slice(-span)));
  return { start, end, percent: ((end - start) / start) * 100 };
}

const runRow = (r: Run, servers: number) => [
  r.label,
  String(servers),
  fmt(r.result.requests.average),
  fmt(r.result.latency.p50),
  fmt(r.result.latency.p99),
  // autocannon's errors count its time-outs too.
  `${fmt(r.result.errors)} (${fmt(r.result.timeouts)})`,
  fmt(r.result.non2xx),
  fmt(r.result['2xx']),
  r.serverCpuMsPerRequest.map((ms) => fmt(ms, 2)).join(' / '),
  r.balancerCpuPercent === null ? '-' : String(r.balancerCpuPercent),
  `${r.load1Before} → ${r.load1After}`,
];
const RUN_HEAD = [
  'run',
  'servers',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors (of them time-outs, 10 s)',
  'non-2xx',
  '2xx',
  'server CPU ms/request',
  'balancer CPU %',
  'load 1 min',
];

async function main(): Promise<void> {
  if (!PG_URL)
    throw new Error('bench:soak needs BENCH_DATABASE_URL (a PostgreSQL it may create a database in)');
  const startedAt = new Date();
  const info = machine();
  console.error(
    `soak bench: 2 servers (WORKERS=${SOAK.workers}), PostgreSQL, storage ${SOAK.storage}; ` +
      `${SOAK.connections} connections, ${SOAK.durationS} s (warm-up ${SOAK.warmupS} s), compare ${SOAK.compareS} s; ` +
      `${info.cpus} × ${info.cpuModel}, Node ${info.node}; load ${load1()}`,
  );
  const scratch = await scratchDatabase(PG_URL, 'soak');
  try {
    const store = SOAK.storage === 's3' ? await startObjectStore() : undefined;
    const env = { WORKERS: String(SOAK.workers), METRICS_TOKEN, ...store?.env };
    // One after the other: the first migrates and seeds the empty database, the second finds it ready.
    // STORAGE=local: one DATA_DIR for both, or a file stored through one is missing on the other.
    const dataDir = store ? undefined : makeTempDir('intranet-soak-');
    const first = await startApp('postgres', { pgUrl: scratch.url, env, dataDir });
    const second = await startApp('postgres', { pgUrl: scratch.url, env, dataDir });
    const servers = [first, second];
    const both = await startBalancer(servers);
    const traffic = await dailyTraffic(both.base);
    await preflight(both.base, traffic);
    console.error(
      `  the mix: ${traffic.length} requests per loop, ${traffic.filter((t) => t.method === 'POST').length} of them writes`,
    );

    const samples: Sample[] = [];
    const soakStarted = Date.now();
    const soak = await drive(
      'soak, two servers',
      both.base,
      traffic,
      SOAK.durationS,
      servers,
      both.child,
      async (done) => {
        let finished = false;
        void done.then(() => {
          finished = true;
        });
        while (!finished) {
          samples.push(await takeSample(servers, soakStarted));
          await Promise.race([done, new Promise((resolve) => setTimeout(resolve, SOAK.sampleS * 1000))]);
        }
        samples.push(await takeSample(servers, soakStarted));
      },
    );

    const twoServers = await drive('two servers', both.base, traffic, SOAK.compareS, servers, both.child);
    const single = await startBalancer([first]);
    const oneServer = await drive('one server', single.base, traffic, SOAK.compareS, [first], single.child);
    // Stopped once idle: a server stopped with requests in flight answers them 500 (the pool is gone).
    await Promise.all(servers.map((s) => waitUntilIdle(s.base)));
    await stopChild(single.child);
    await stopChild(both.child);
    await Promise.all(servers.map((s) => stopChild(s.child)));
    if (store) await stopChild(store.child);

    const memory = servers.map((_, i) => ({
      server: i + 1,
      rss: growth(samples, i, 'rss'),
      heapUsed: growth(samples, i, 'heapUsed'),
    }));
    const runs = [soak, twoServers, oneServer];
    const { file } = writeResults(
      'soak',
      startedAt,
      {
        settings: SOAK,
        mix: traffic.map((t) => t.label),
        runs,
        samples,
        memory,
      },
      runs.map((r) => ({
        db: 'postgres',
        endpoint: `${r.label}: ${SOAK.connections} connections, ${Math.round(r.result.duration)} s`,
        rps: Math.round(r.result.requests.average),
        p99: r.result.latency.p99,
        errors: r.result.errors,
        non2xx: r.result.non2xx,
        load1: r.load1After,
      })),
    );

    console.log(
      `\n${markdownTable(
        RUN_HEAD,
        runs.map((r) => runRow(r, r === oneServer ? 1 : 2)),
      )}`,
    );
    console.log(
      `\n${markdownTable(
        [
          's',
          'load 1 min',
          ...servers.flatMap((_, i) => [`server ${i + 1} RSS MiB`, `server ${i + 1} heap used / total MiB`]),
        ],
        samples.map((s) => [
          String(s.atS),
          String(s.load1),
          ...s.servers.flatMap((m) => [String(m.rss ?? '-'), `${m.heapUsed ?? '-'} / ${m.heapTotal ?? '-'}`]),
        ]),
      )}`,
    );
    console.log(
      `\n${markdownTable(
        [
          'server',
          'RSS floor MiB after warm-up → end',
          'RSS growth',
          'heap used floor MiB after warm-up → end',
          'heap growth',
        ],
        memory.map((m) => [
          String(m.server),
          `${m.rss.start} → ${m.rss.end}`,
          `${fmt(m.rss.percent, 1)} %`,
          `${m.heapUsed.start} → ${m.heapUsed.end}`,
          `${fmt(m.heapUsed.percent, 1)} %`,
        ]),
      )}\n\nGoal: 0 errors and 0 non-2xx; each server's memory growth after the warm-up under 10 %.`,
    );
    console.log(`written to ${file}`);
  } finally {
    await scratch.drop();
  }
}

await runBench(main);
