/**
 * `npx tsx bench/tickets.bench.ts`: the open-calls list (Chamados Abertos) and its filters on
 * 200,000 calls, against a bare Fastify route measured in the same run (ARCHITECTURE.md rule 9),
 * plus one full dados.xlsx export with the server's memory. SQLite only (docs/performance.md).
 *
 * Builds a fresh temporary DATA_DIR in this process (migrations, demo company, BENCH_CALLS calls
 * in batch inserts), then starts the real server (apps/server/src/main.ts) and the bare server
 * (bench/bare-server.ts) as child processes and drives them with autocannon.
 *
 * Settings (environment): BENCH_CALLS (200000), BENCH_CONNECTIONS (20), BENCH_DURATION s (8),
 * BENCH_WARMUP s (2), BENCH_DATA_ONLY=1 (build the data set, print its DATA_DIR, keep it, stop).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPARTMENTS, PROBLEM_TYPES } from '@intranet/contracts';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { DEMO_USERS } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/demo-seed.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const CALLS = num('BENCH_CALLS', 200_000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 20);
const DURATION_S = num('BENCH_DURATION', 8);
const WARMUP_S = num('BENCH_WARMUP', 2);
const STATUSES = [0, 1, 2, 3, 3, 3, 3, 20, 21];

const children = new Set<ChildProcess>();
/** BENCH_DATA_ONLY=1 builds the data set, prints its DATA_DIR and keeps it (to inspect queries by hand). */
const DATA_ONLY = process.env.BENCH_DATA_ONLY === '1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-bench-tickets-'));
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  if (!DATA_ONLY) fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function waitFor(url: string) {
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

function peakRssMb(child: ChildProcess): number | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]) / 1024);
  } catch {
    return null;
  }
}

async function buildData(): Promise<void> {
  const started = Date.now();
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'intranet.sqlite') });
  await migrateToLatest(handle.db);
  await ensureReferenceData(handle.db, { itEmail: 'ti@rotasul.com.br' });
  await seedDemo(handle.db, createLocalStorage(path.join(dataDir, 'files')));
  const users = await handle.db.selectFrom('users').select(['id', 'matricula', 'nome']).execute();
  const since = Date.now() - 2 * 365 * 86_400_000;
  await handle.db.transaction().execute(async (tx) => {
    for (let offset = 0; offset < CALLS; offset += 1000) {
      const rows = Array.from({ length: Math.min(1000, CALLS - offset) }, (_, k) => {
        const i = offset + k;
        const u = users[i % users.length]!;
        const demo = DEMO_USERS.find((d) => d.matricula === u.matricula)!;
        const dep = DEPARTMENTS[(i * 7) % DEPARTMENTS.length]!;
        const status = STATUSES[i % STATUSES.length]!;
        const at = new Date(since + Math.floor((i / CALLS) * (Date.now() - since))).toISOString();
        return {
          problema: PROBLEM_TYPES[dep][i % PROBLEM_TYPES[dep].length]!,
          dep,
          descricao: `Chamado de carga número ${i}: descrição do problema para o benchmark.`,
          filial: i % 3 === 0 ? 'Maua' : 'Matriz',
          status,
          user_id: u.id,
          nome_usuario: u.nome,
          matricula_usuario: u.matricula,
          setores_usuario: demo.sectors.join(', '),
          suporte_id: status === 0 ? null : users[0]!.id,
          nome_suporte: status === 0 ? null : users[0]!.nome,
          matricula_suporte: status === 0 ? null : users[0]!.matricula,
          request_id: null,
          created_at: at,
          updated_at: at,
        };
      });
      await tx.insertInto('calls').values(rows).execute();
    }
  });
  await handle.close();
  console.error(
    `  ${CALLS.toLocaleString('en-US')} chamados gerados em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Row {
  endpoint: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(endpoint: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
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

async function main() {
  console.error(`tickets bench: ${CALLS} chamados, ${CONNECTIONS} conexões, ${DURATION_S} s por medida`);
  await buildData();
  if (DATA_ONLY) {
    console.log(dataDir);
    return;
  }

  const barePort = await freePort();
  const bare = start('bench/bare-server.ts', { PORT: String(barePort) });
  await waitFor(`http://127.0.0.1:${barePort}/bare`);
  const rows: Row[] = [await measure('GET /bare (bare Fastify)', `http://127.0.0.1:${barePort}/bare`)];
  await stop(bare);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_USER: '1000000',
  });
  await waitFor(`${base}/api/health`);
  const token = async (username: string) => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'intranet123' }),
    });
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  const admin = await token('1001');
  const ti = await token('1004');
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const list = (q: string) => `${base}/api/calls?scope=open&pageSize=100&${q}`;

  // The export runs first, so the peak memory below is the export's and not the load test's.
  const exportStarted = Date.now();
  const res = await fetch(`${base}/api/calls/export?scope=open`, { headers: admin });
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportSeconds = (Date.now() - exportStarted) / 1000;
  const peak = peakRssMb(server);
  console.error(
    `  dados.xlsx (${CALLS} linhas): ${exportSeconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, pico RSS ${peak} MiB`,
  );
  rows.push(await measure('open calls, admin, newest 100 of all', list(''), admin));
  rows.push(await measure('open calls, TI support (1 department)', list(''), ti));
  rows.push(
    await measure(
      'status Não atendido + last 30 days',
      list(`status=0&from=${lastMonth}&to=${today}`),
      admin,
    ),
  );
  rows.push(await measure('ticket = 123456', list('ticket=123456'), admin));
  rows.push(await measure('name contains "silva" (LIKE)', list('name=silva'), admin));
  rows.push(await measure('page 500, sorted by name', list('sort=nome_usuario&dir=asc&page=500'), admin));

  await stop(server);

  const bareRow = rows[0]!;
  const table = [
    '| endpoint | req/s | p50 ms | p99 ms | req/s vs bare | p99 vs bare | non-2xx | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${((r.reqPerSec / bareRow.reqPerSec) * 100).toFixed(1)} % | ${(r.p99 / Math.max(1, bareRow.p99)).toFixed(1)}x | ${r.non2xx} | ${r.errors} |`,
    ),
  ].join('\n');
  console.log(table);
  console.log(
    `\nMachine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
  console.log(
    `\nExport dados.xlsx of ${CALLS} rows: ${exportSeconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, server peak RSS ${peak} MiB.`,
  );
  const out = path.join(
    root,
    'bench',
    'results',
    `tickets-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        calls: CALLS,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rows,
        export: { exportSeconds, bytes, peakRssMb: peak },
        cpus: os.cpus().length,
      },
      null,
      2,
    ),
  );
  console.error(`  resultados em ${path.relative(root, out)}`);
}

await main();
process.exit(0);
