/**
 * `npm run bench:users`: the administration user list (GET /api/users?isAlter=1) with its
 * server-side search and paging, and the apps list of a sector, on BENCH_USERS users, against a
 * bare Fastify route measured in the same run (ARCHITECTURE.md rule 9). With BENCH_DATABASE_URL
 * set, the same runs on a scratch PostgreSQL database too (bench/support/databases.ts#withApp).
 *
 * Starts the real server on a fresh DATA_DIR (demo company seeded), adds the users and apps straight
 * into its database in batch inserts (ANALYZE after them on PostgreSQL), then drives it with
 * autocannon (bench/support).
 *
 * Settings (environment): BENCH_USERS (50000), BENCH_APPS (2000), BENCH_CONNECTIONS (50),
 * BENCH_DURATION s (8), BENCH_WARMUP s (2), BENCH_DATABASE_URL (unset: SQLite only).
 */
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import { nowIso } from '../apps/server/src/db/database.ts';
import { openAppDatabase, settleAfterLoad, withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { runBench } from './support/processes.ts';
import { fmt, machine, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, signIn } from './support/servers.ts';
import { loadSettings, positive } from './support/settings.ts';
import { benchUser } from './support/users-data.ts';

const USERS = positive('BENCH_USERS', 50_000);
const APPS = positive('BENCH_APPS', 2_000);
const LOAD = loadSettings({ connections: 50, durationS: 8, warmupS: 2 });

/** Adds the users (1 in 20 deactivated, a sector and a branch each) and the apps to the server's database. */
async function insertData(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    const sectors = await handle.db.selectFrom('sectors').select(['id', 'name']).orderBy('id').execute();
    const branch = await handle.db
      .selectFrom('branches')
      .select('id')
      .where('name', '=', 'Matriz')
      .executeTakeFirstOrThrow();
    const senha = (await handle.db.selectFrom('users').select('senha').executeTakeFirstOrThrow()).senha;
    const now = nowIso();
    await handle.db.transaction().execute(async (tx) => {
      for (let offset = 0; offset < USERS; offset += 500) {
        const batch = Array.from({ length: Math.min(500, USERS - offset) }, (_, k) =>
          benchUser(offset + k, senha, now),
        );
        const ids = await tx.insertInto('users').values(batch).returning('id').execute();
        await tx
          .insertInto('user_sectors')
          .values(
            ids.map((r, k) => ({
              user_id: r.id,
              sector_id: sectors[(offset + k) % sectors.length]!.id,
              is_main: 1,
            })),
          )
          .execute();
        await tx
          .insertInto('user_branches')
          .values(ids.map((r) => ({ user_id: r.id, branch_id: branch.id })))
          .execute();
      }
      for (let offset = 0; offset < APPS; offset += 500) {
        const ids = await tx
          .insertInto('apps')
          .values(
            Array.from({ length: Math.min(500, APPS - offset) }, (_, k) => ({
              name: `Aplicativo ${offset + k}`,
              address: `https://app${offset + k}.rotasul.com.br`,
              image: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        await tx
          .insertInto('app_sectors')
          .values(
            ids.map((r, k) => ({ app_id: r.id, sector_id: sectors[(offset + k) % sectors.length]!.id })),
          )
          .execute();
      }
    });
    // Autovacuum would within a minute; the bench measures right away.
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(
    `  ${app.database}: ${fmt(USERS)} users and ${fmt(APPS)} apps inserted in ${seconds.toFixed(1)} s\n`,
  );
  return seconds;
}

async function benchLists(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const rh = await signIn(app.base, '1008');
  const users = (q: string) => `${app.base}/api/users?isAlter=1&pageSize=${LIST_PAGE_SIZE}&${q}`;
  const targets = [
    // The session lookup every signed-in call pays, to tell it from the list's own cost.
    get('GET /api/get-sessionData (baseline)', `${app.base}/api/get-sessionData`, admin),
    get('users, first page by name', users(''), admin),
    // The next page as the screen asks it when scrolled: by cursor, here from the middle ("F": the first names run from Ana to Júlio).
    get(
      'users, next page by cursor (middle)',
      users(`cursor=${Buffer.from('["F",0]').toString('base64url')}`),
      admin,
    ),
    get('users, name contains "souza" (LIKE)', users('data=souza'), admin),
    get('users, matrícula prefix "14999"', users('data=14999'), admin),
    get('users, CPF prefix "1000002"', users('data=1000002'), admin),
    get('apps of one sector (RH), first 50', `${app.base}/api/apps`, rh),
    get('apps, admin, search "aplicativo 19"', `${app.base}/api/apps?search=aplicativo%2019`, admin),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'users', async (app) => {
    const insertSeconds = await insertData(app);
    return { insertSeconds, rows: await benchLists(app, database) };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `users bench: ${fmt(USERS)} users, ${fmt(APPS)} apps, ${LOAD.connections} connections, ` +
      `${LOAD.warmupS} s warm-up + ${LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const { file } = writeResults('users', startedAt, {
    settings: { users: USERS, apps: APPS, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.insertSeconds })),
    results: rows,
  });
  printTable(rows);
  console.log(`written to ${file}`);
}

await runBench(main);
