/**
 * `npx tsx bench/users.bench.ts`: the administration user list (GET /api/users?isAlter=1) with its
 * server-side search and paging, and the apps list of a sector, on BENCH_USERS users, against a
 * bare Fastify route measured in the same run (ARCHITECTURE.md rule 9). SQLite only.
 *
 * Settings (environment): BENCH_USERS (50000), BENCH_APPS (2000), BENCH_CONNECTIONS (20),
 * BENCH_DURATION s (8), BENCH_WARMUP s (2).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECTOR_NAMES } from '@intranet/contracts';
import { nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/seed/demo-seed.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';
import {
  type BenchRow,
  comparisonTable,
  freePort,
  measure,
  startServer,
  stopServer,
  waitFor,
  writeResults,
} from './support.ts';

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const USERS = num('BENCH_USERS', 50_000);
const APPS = num('BENCH_APPS', 2_000);
const run = {
  connections: num('BENCH_CONNECTIONS', 20),
  durationS: num('BENCH_DURATION', 8),
  warmupS: num('BENCH_WARMUP', 2),
};
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Isabel', 'Júlio'];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Costa',
  'Rocha',
  'Almeida',
  'Nunes',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-bench-users-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

async function buildData(): Promise<void> {
  const started = Date.now();
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'intranet.sqlite') });
  await migrateToLatest(handle.db);
  await ensureReferenceData(handle.db, { itEmail: 'ti@rotasul.com.br' });
  await seedDemo(handle.db, createLocalStorage(path.join(dataDir, 'files')));
  const sectors = await handle.db.selectFrom('sectors').select(['id', 'name']).execute();
  const branch = await handle.db
    .selectFrom('branches')
    .select('id')
    .where('name', '=', 'Matriz')
    .executeTakeFirstOrThrow();
  const senha = (await handle.db.selectFrom('users').select('senha').executeTakeFirstOrThrow()).senha;
  const now = nowIso();
  await handle.db.transaction().execute(async (tx) => {
    for (let offset = 0; offset < USERS; offset += 500) {
      const batch = Array.from({ length: Math.min(500, USERS - offset) }, (_, k) => {
        const i = offset + k;
        return {
          nome: `${FIRST[i % 10]} ${FIRST[(i * 7) % 10]} ${LAST[(i * 3) % 10]} ${i}`,
          senha,
          matricula: String(100_000 + i),
          cpf: String(10_000_000_000 + i),
          email: null,
          tell: null,
          filial: 'Matriz',
          privilegio: 3,
          suport: i % 5 === 0 ? 1 : 0,
          admin: 0,
          active: i % 20 === 0 ? 0 : 1,
          created_at: now,
          updated_at: now,
        };
      });
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
          ids.map((r, k) => ({ app_id: r.id, sector_id: sectors[(offset + k) % SECTOR_NAMES.length]!.id })),
        )
        .execute();
    }
  });
  await handle.close();
  console.error(
    `  ${USERS} usuários e ${APPS} aplicativos gerados em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function main() {
  console.error(`users bench: ${USERS} usuários, ${run.connections} conexões, ${run.durationS} s por medida`);
  await buildData();

  const barePort = await freePort();
  const bare = startServer('bench/bare-server.ts', { PORT: String(barePort) });
  await waitFor(`http://127.0.0.1:${barePort}/bare`);
  const rows: BenchRow[] = [
    await measure('GET /bare (bare Fastify)', `http://127.0.0.1:${barePort}/bare`, run),
  ];
  await stopServer(bare);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer('apps/server/src/main.ts', {
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
  const admin = { ...run, headers: await token('1001') };
  const rh = { ...run, headers: await token('1008') };
  const users = (q: string) => `${base}/api/users?isAlter=1&pageSize=20&${q}`;

  // The session lookup every signed-in call pays, to tell it from the list's own cost.
  rows.push(await measure('GET /api/get-sessionData (baseline)', `${base}/api/get-sessionData`, admin));
  rows.push(await measure('users, first page by name', users(''), admin));
  rows.push(await measure('users, page 1000 by name', users('page=1000'), admin));
  rows.push(await measure('users, name contains "souza" (LIKE)', users('data=souza'), admin));
  rows.push(await measure('users, matrícula prefix "14999"', users('data=14999'), admin));
  rows.push(await measure('users, CPF prefix "1000002"', users('data=1000002'), admin));
  rows.push(await measure('apps of one sector (RH), first 50', `${base}/api/apps`, rh));
  rows.push(
    await measure('apps, admin, search "aplicativo 19"', `${base}/api/apps?search=aplicativo%2019`, admin),
  );
  await stopServer(server);

  console.log(comparisonTable(rows));
  console.log(
    `\nMachine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
  console.error(
    `  resultados em ${writeResults('users', { users: USERS, apps: APPS, ...run, rows, cpus: os.cpus().length })}`,
  );
}

await main();
process.exit(0);
