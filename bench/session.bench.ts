/**
 * `npm run bench`: throughput and latency of the session calls against a bare Fastify route, all
 * measured in the same run on the same machine (ARCHITECTURE.md rule 9, docs/performance.md).
 *
 * Starts the real server (apps/server/src/main.ts) as a child process on a fresh temporary DATA_DIR
 * (SQLite, demo data seeded) and a bare Fastify server as a second child, then drives both with
 * autocannon: GET /api/health (the app's stack without a session), GET /api/get-sessionData with a
 * bearer token, POST /api/login (scrypt: CPU-bound by design). With BENCH_DATABASE_URL set, the
 * real server is measured a second time on that PostgreSQL database (use an empty, throwaway one:
 * the demo data is seeded into it).
 *
 * Settings (environment): BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_WARMUP
 * seconds (2), BENCH_DATABASE_URL (unset: SQLite only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const DURATION_S = positive('BENCH_DURATION', 10);
const WARMUP_S = positive('BENCH_WARMUP', 2);
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const LOGIN_BODY = JSON.stringify({ username: '1001', password: 'intranet123' });

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and killed on exit, even when the bench fails.

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function cleanup(): Promise<void> {
  await Promise.all([...children].map(stopChild));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Last resort: a synchronous kill when the process leaves by any other path.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Polls `url` until it answers 200; fails early when the child exits. */
async function waitForOk(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Resident memory of a child (Linux /proc), in MiB; null elsewhere. */
function rssMb(child: ChildProcess): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Busy CPU ticks of the whole machine and of one process (Linux /proc, in USER_HZ ticks). */
function machineBusyTicks(): number | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  } catch {
    return null;
  }
}

function processTicks(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null;
  }
}

const TICKS_PER_SECOND = 100;

/**
 * Samples CPU use around a measurement: how much the server and this process (autocannon) used,
 * and how much every other process on the machine used. The last one should stay near 0: when
 * it does not, something else was competing for the CPUs and the numbers are low.
 */
function cpuMeter(server: ChildProcess) {
  const start = {
    at: process.hrtime.bigint(),
    machine: machineBusyTicks(),
    server: processTicks(server.pid),
    self: process.cpuUsage(),
  };
  return () => {
    const seconds = Number(process.hrtime.bigint() - start.at) / 1e9;
    const machine = machineBusyTicks();
    const serverNow = processTicks(server.pid);
    if (machine === null || start.machine === null || serverNow === null || start.server === null)
      return null;
    const self = process.cpuUsage(start.self);
    const selfTicks = ((self.user + self.system) / 1e6) * TICKS_PER_SECOND;
    const pct = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
    const serverTicks = serverNow - start.server;
    return {
      serverPercent: pct(serverTicks),
      benchPercent: pct(selfTicks),
      otherPercent: Math.max(0, pct(machine - start.machine - serverTicks - selfTicks)),
      loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    };
  };
}

interface Target {
  endpoint: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Measurement {
  database: 'bare' | 'sqlite' | 'postgres';
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
  cpu: { serverPercent: number; benchPercent: number; otherPercent: number; loadAverage1m: number } | null;
  /** Throughput as a fraction of the bare route's; latency as a multiple of the bare route's. */
  vsBare?: { throughput: number; p50: number; p99: number };
}

async function measure(
  target: Target,
  database: Measurement['database'],
  server: ChildProcess,
): Promise<Measurement> {
  const options = {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
  };
  process.stderr.write(`  ${database} ${target.endpoint}: warm-up ${WARMUP_S} s… `);
  await autocannon({ ...options, duration: WARMUP_S });
  process.stderr.write(`measuring ${DURATION_S} s… `);
  const meter = cpuMeter(server);
  const r: Result = await autocannon({ ...options, duration: DURATION_S });
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

async function expectJson(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Runs

async function startApp(database: 'sqlite' | 'postgres'): Promise<{ child: ChildProcess; base: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-bench-'));
  tempDirs.add(dataDir);
  const port = await freePort();
  const child = startChild(`server:${database}`, 'apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database === 'postgres' ? PG_URL! : '',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // Every login of the bench comes from one IP for one user: lift the login limits (config.ts).
    RATE_LIMIT_LOGIN_PER_IP: '1000000000',
    RATE_LIMIT_LOGIN_PER_USER: '1000000000',
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const health = (await waitForOk(`${base}/api/health`, child)) as { database?: string };
  if (health.database !== database) {
    throw new Error(`expected a ${database} server, /api/health says ${health.database}`);
  }
  process.stderr.write(`  ${database} server ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { child, base };
}

async function benchApp(database: 'sqlite' | 'postgres'): Promise<Measurement[]> {
  const { child, base } = await startApp(database);
  try {
    const login = await expectJson(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: LOGIN_BODY,
      }),
      'POST /api/login',
    );
    const token = String(login.token);
    const auth = { authorization: `Bearer ${token}` };
    const session = await expectJson(
      await fetch(`${base}/api/get-sessionData`, { headers: auth }),
      'GET /api/get-sessionData',
    );
    if (session.matricula !== '1001') {
      throw new Error(`get-sessionData answered matrícula ${String(session.matricula)}, expected 1001`);
    }

    const out: Measurement[] = [];
    // The app's own stack (hooks, security headers, zod serializer, one `select 1`) without a
    // session: what get-sessionData costs beyond it is the session lookup.
    out.push(
      await measure(
        { endpoint: 'GET /api/health', url: `${base}/api/health`, method: 'GET' },
        database,
        child,
      ),
    );
    // Session reads first, so the logins below do not grow the sessions table under them.
    out.push(
      await measure(
        {
          endpoint: 'GET /api/get-sessionData',
          url: `${base}/api/get-sessionData`,
          method: 'GET',
          headers: auth,
        },
        database,
        child,
      ),
    );
    out.push(
      await measure(
        {
          endpoint: 'POST /api/login',
          url: `${base}/api/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: LOGIN_BODY,
        },
        database,
        child,
      ),
    );
    return out;
  } finally {
    await stopChild(child);
  }
}

async function benchBare(): Promise<Measurement> {
  const port = await freePort();
  const child = startChild('bare', 'bench/bare-server.ts', { PORT: String(port) });
  try {
    const url = `http://127.0.0.1:${port}/bare`;
    await waitForOk(url, child);
    return await measure({ endpoint: 'GET /bare (bare Fastify)', url, method: 'GET' }, 'bare', child);
  } finally {
    await stopChild(child);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Measurement[]): string {
  const head = [
    'database',
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'req/s vs bare',
    'p50 vs bare',
    'p99 vs bare',
    'server RSS MiB',
    'CPU % server / bench / other',
  ];
  const lines = rows.map((m) => [
    m.database,
    m.endpoint,
    fmt(m.requestsPerSec),
    fmt(m.latencyMs.p50),
    fmt(m.latencyMs.p99),
    fmt(m.errors + m.timeouts),
    fmt(m.non2xx),
    m.vsBare ? `${fmt(m.vsBare.throughput * 100, 1)} %` : '100 %',
    m.vsBare ? `${fmt(m.vsBare.p50, 1)}x` : '1x',
    m.vsBare ? `${fmt(m.vsBare.p99, 1)}x` : '1x',
    m.serverMemoryMb ? String(m.serverMemoryMb.rss) : '-',
    m.cpu ? `${m.cpu.serverPercent} / ${m.cpu.benchPercent} / ${m.cpu.otherPercent}` : '-',
  ]);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [row(head), row(head.map(() => '---')), ...lines.map(row)].join('\n');
}

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `bench: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per endpoint; ` +
      `${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}`,
  );

  const bare = await benchBare();
  const rows: Measurement[] = [bare];
  rows.push(...(await benchApp('sqlite')));
  if (PG_URL) rows.push(...(await benchApp('postgres')));
  else console.error('  (BENCH_DATABASE_URL not set: PostgreSQL variant skipped)');

  const baseP50 = Math.max(bare.latencyMs.p50, 1);
  const baseP99 = Math.max(bare.latencyMs.p99, 1);
  for (const m of rows.slice(1)) {
    m.vsBare = {
      throughput: m.requestsPerSec / bare.requestsPerSec,
      p50: m.latencyMs.p50 / baseP50,
      p99: m.latencyMs.p99 / baseP99,
    };
  }

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: info,
    settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
    results: rows,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `session-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n${table(rows)}\n`);
  console.log(
    'Latency ratios use the bare route as 1x (a bare p50 under 1 ms counts as 1 ms); errors include timeouts.\n' +
      'CPU: % of one CPU used during the run by the server, by this process (autocannon) and by every other process.',
  );
  const noisy = rows.filter((m) => m.cpu && m.cpu.otherPercent > 15);
  if (noisy.length > 0) {
    console.log(
      `WARNING: other processes used more than 15 % of a CPU during ${noisy.length} run(s): ` +
        'the machine was not quiet, so these numbers understate the server. Run again on an idle machine.',
    );
  }
  console.log(JSON.stringify(report, null, 2));
  console.log(`\nwritten to ${path.relative(root, file)}`);
}

try {
  await main();
  await cleanup();
} catch (err) {
  console.error(err);
  await cleanup();
  process.exitCode = 1;
}
