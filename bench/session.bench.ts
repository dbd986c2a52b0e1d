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
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { runBench, stopChild, waitUntilIdle } from './support/processes.ts';
import { machine, printTable, writeResults } from './support/report.ts';
import { benchEveryDatabase, expectJson, signIn, startApp } from './support/servers.ts';
import { LOAD, PG_URL } from './support/settings.ts';

const LOGIN_BODY = JSON.stringify({ username: '1001', password: 'intranet123' });

// ---------------------------------------------------------------------------------------------
// Runs

async function benchApp(database: DatabaseKind): Promise<Measurement[]> {
  const { child, base } = await startApp(database, { pgUrl: PG_URL });
  try {
    const auth = await signIn(base, '1001');
    const session = await expectJson(
      await fetch(`${base}/api/get-sessionData`, { headers: auth }),
      'GET /api/get-sessionData',
    );
    if (session.matricula !== '1001') {
      throw new Error(`get-sessionData answered matrícula ${String(session.matricula)}, expected 1001`);
    }

    const out = await measureEach(
      [
        // The app's own stack (hooks, security headers, zod serializer, one `select 1`) without a
        // session: what get-sessionData costs beyond it is the session lookup.
        get('GET /api/health', `${base}/api/health`),
        // Session reads first, so the logins below do not grow the sessions table under them.
        get('GET /api/get-sessionData', `${base}/api/get-sessionData`, auth),
        {
          endpoint: 'POST /api/login',
          url: `${base}/api/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: LOGIN_BODY,
        },
      ],
      database,
      child,
      LOAD,
    );
    // autocannon leaves logins queued behind scrypt when it stops; let the server finish them
    // before it is stopped, or they fail against a closed database and log errors.
    await waitUntilIdle(base);
    return out;
  } finally {
    await stopChild(child);
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `bench: ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s per endpoint; ` +
      `${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}`,
  );

  const { rows } = await benchEveryDatabase(LOAD, async (database) => ({ rows: await benchApp(database) }));

  const { report, file } = writeResults('session', startedAt, {
    settings: {
      connections: LOAD.connections,
      durationSeconds: LOAD.durationS,
      warmupSeconds: LOAD.warmupS,
    },
    results: rows,
  });

  printTable(rows);
  console.log(JSON.stringify(report, null, 2));
  console.log(`\nwritten to ${file}`);
}

await runBench(main);
