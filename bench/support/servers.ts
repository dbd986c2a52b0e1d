/** The servers a benchmark measures: the real app and the bare Fastify baseline, as child processes. */
import type { ChildProcess } from 'node:child_process';
import { compareToBare, type DatabaseKind, type Measurement, measure } from './measure.ts';
import { freePort, makeTempDir, startChild, stopChild, waitForOk } from './processes.ts';
import { type LoadSettings, PG_URL, SERVER_WORKERS } from './settings.ts';

/**
 * The Node flags of the server's start scripts (package.json `start`): the V8 heap capped at 1.5
 * GiB, which also makes V8 collect its old generation sooner (decision
 * 0087). The bench runs the server as it is deployed; BENCH_SERVER_NODE_FLAGS='' runs it
 * without them (V8's defaults), for comparison.
 */
export const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '--max-old-space-size=1536')
  .split(' ')
  .filter(Boolean);

export interface AppServer {
  child: ChildProcess;
  base: string;
  dataDir: string;
  database: DatabaseKind;
  /** The PostgreSQL database the server runs on (undefined on SQLite). */
  pgUrl?: string;
}

/**
 * Starts apps/server/src/main.ts on a free port (demo data seeded when the database is empty, log
 * level warn, login limits lifted), on SQLite or on the PostgreSQL database `pgUrl`, in `dataDir`
 * (a DATA_DIR the bench prepared) or else a fresh temporary DATA_DIR.
 */
export async function startApp(
  database: DatabaseKind,
  options: { pgUrl?: string; dataDir?: string; env?: Record<string, string> } = {},
): Promise<AppServer> {
  if (database === 'postgres' && !options.pgUrl) throw new Error('a PostgreSQL URL is required');
  const dataDir = options.dataDir ?? makeTempDir('intranet-bench-');
  const port = await freePort();
  const child = startChild(
    `server:${database}`,
    'apps/server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database === 'postgres' ? options.pgUrl! : '',
      SEED_DEMO: '1',
      WORKERS: String(SERVER_WORKERS),
      LOG_LEVEL: 'warn',
      // Every login of a bench comes from one IP for one user: lift the login limits (config.ts).
      RATE_LIMIT_LOGIN_PER_IP: '1000000000',
      RATE_LIMIT_LOGIN_PER_USER: '1000000000',
      ...options.env,
    },
    SERVER_NODE_FLAGS,
  );
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const health = (await waitForOk(`${base}/api/health`, child)) as { database?: string };
  if (health.database !== database) {
    throw new Error(`expected a ${database} server, /api/health says ${health.database}`);
  }
  process.stderr.write(`  ${database} server ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { child, base, dataDir, database, pgUrl: database === 'postgres' ? options.pgUrl : undefined };
}

/** Starts bench/bare-server.ts, measures its GET /bare and stops it. */
export async function benchBare(load: LoadSettings): Promise<Measurement> {
  const port = await freePort();
  const child = startChild('bare', 'bench/bare-server.ts', { PORT: String(port) });
  try {
    const url = `http://127.0.0.1:${port}/bare`;
    await waitForOk(url, child);
    return await measure({ endpoint: 'GET /bare (bare Fastify)', url, method: 'GET' }, 'bare', child, load);
  } finally {
    await stopChild(child);
  }
}

/**
 * Measures the bare route, then runs `benchDatabase` on SQLite and, with BENCH_DATABASE_URL, on
 * PostgreSQL (BENCH_DATABASE=sqlite or postgres: that one alone). Answers every run, and all the measurements (the bare one first) compared to the bare
 * route.
 */
export async function benchEveryDatabase<R extends { rows: Measurement[] }>(
  load: LoadSettings,
  benchDatabase: (database: DatabaseKind) => Promise<R>,
): Promise<{ rows: Measurement[]; runs: (R & { database: DatabaseKind })[] }> {
  const bare = await benchBare(load);
  // BENCH_DATABASE=postgres (or sqlite): that database alone, e.g. to rerun one side.
  const only = process.env.BENCH_DATABASE;
  const databases = (PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)).filter(
    (d) => !only || d === only,
  );
  if (!PG_URL) console.error('  (BENCH_DATABASE_URL not set: PostgreSQL variant skipped)');
  const runs: (R & { database: DatabaseKind })[] = [];
  for (const database of databases) runs.push({ database, ...(await benchDatabase(database)) });
  const rows = [bare, ...runs.flatMap((r) => r.rows)];
  compareToBare(bare, rows);
  return { rows, runs };
}

export async function expectJson(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Signs a demo user in (password intranet123) and answers the bearer header. */
export async function signIn(base: string, matricula: string): Promise<{ authorization: string }> {
  const login = await expectJson(
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: matricula, password: 'intranet123' }),
    }),
    `POST /api/login (${matricula})`,
  );
  return { authorization: `Bearer ${String(login.token)}` };
}
