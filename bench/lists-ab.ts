/**
 * `AB_BASE=<another checkout> npx tsx bench/lists-ab.ts`: the CPU of the plain list requests of
 * bench/lists-timing.ts in two versions of the server at once, in one process: the app of the
 * checkout at AB_BASE (the "before") and this checkout's ("after"), each on its own handle of one
 * SQLite file holding the benches' data sets, their requests alternated in blocks of AB_BLOCK (10),
 * AB_BLOCKS blocks (60) after 3 of warm-up. A comparison of two runs of lists-timing made minutes
 * apart on a shared machine mostly measures the other programs' load; here both versions share it.
 * Each body of "before" must equal "after"'s.
 *
 * The checkout at AB_BASE needs a node_modules whose @intranet/* links point into it (a copy of
 * this one's entries otherwise): `git worktree add` or `git archive <commit> | tar -x -C <dir>`,
 * then link each entry of this node_modules there except @intranet, and @intranet/contracts,
 * server and web to its own packages/contracts, apps/server and apps/web.
 * AB_ONLY (a word: only the requests whose name has it), TIMING_CALLS, TIMING_PURCHASES,
 * TIMING_USERS, TIMING_FOLDERS, TIMING_FILES as in lists-timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/demo-seed.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';
import { insertFolderTree } from './folders-data.ts';
import { loadPurchases } from './support/purchases-data.ts';
import { positive } from './support/settings.ts';
import { loadCalls } from './support/tickets-data.ts';
import { benchUser } from './support/users-data.ts';

const BASE = process.env.AB_BASE;
const BLOCKS = positive('AB_BLOCKS', 60);
const BLOCK = positive('AB_BLOCK', 10);
const ONLY = process.env.AB_ONLY ?? '';
const HERE = path.resolve(import.meta.dirname, '..');

/** The benches' data sets in a SQLite file of `dir` (as lists-timing loads them); the big folder's id. */
async function loadData(dir: string): Promise<number> {
  const handle = openDatabase({ sqliteFile: path.join(dir, 'db.sqlite') });
  try {
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    await migrateToLatest(handle.db);
    await ensureReferenceData(handle.db, { itEmail: config.itEmail });
    await seedDemo(handle.db, createLocalStorage(path.join(dir, 'files')));
    await loadCalls(handle.db, positive('TIMING_CALLS', 200_000));
    await loadPurchases(handle.db, positive('TIMING_PURCHASES', 50_000));
    const users = positive('TIMING_USERS', 50_000);
    const now = new Date().toISOString();
    await handle.db.transaction().execute(async (tx) => {
      for (let offset = 0; offset < users; offset += 500) {
        const batch = Array.from({ length: Math.min(500, users - offset) }, (_, k) =>
          benchUser(offset + k, '-', now),
        );
        await tx.insertInto('users').values(batch).execute();
      }
    });
    const tree = await insertFolderTree(handle.db, 'sqlite', {
      folders: positive('TIMING_FOLDERS', 10_000),
      files: positive('TIMING_FILES', 100_000),
      colaboradorMatricula: '1008',
    });
    return tree.bigFolderId;
  } finally {
    await handle.close();
  }
}

/** The app of the checkout at `root`, on its own handle of the file, and a bearer header per matrícula. */
async function appOf(root: string, dir: string) {
  const src = path.join(root, 'apps/server/src');
  const { buildApp } = await import(path.join(src, 'app.ts'));
  const config = (await import(path.join(src, 'config.ts'))).loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
  });
  const database = (await import(path.join(src, 'db/database.ts'))).openDatabase({
    sqliteFile: path.join(dir, 'db.sqlite'),
  });
  const storage = (await import(path.join(src, 'storage/local-storage.ts'))).createLocalStorage(
    path.join(dir, 'files'),
  );
  const app: FastifyInstance = await buildApp({
    config,
    database,
    storage,
    logger: false,
    replies: 'compiled',
  });
  await app.ready();
  const tokens = new Map<string, string>();
  const headers = async (matricula: string) => {
    if (!tokens.has(matricula)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: matricula, password: DEMO_PASSWORD },
      });
      tokens.set(matricula, res.json<{ token: string }>().token);
    }
    return { authorization: `Bearer ${tokens.get(matricula)}` };
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, headers, close };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cursorOf = (key: (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

async function main() {
  if (!BASE) throw new Error('AB_BASE: the directory of the checkout to compare with');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-ab-'));
  try {
    const bigFolderId = await loadData(dir);
    const sides = { before: await appOf(path.resolve(BASE), dir), after: await appOf(HERE, dir) };
    const calls = (q: string) => `/api/calls?scope=open&pageSize=100${q ? `&${q}` : ''}`;
    const purchases = (q: string) => `/api/purchases?scope=received&pageSize=50${q ? `&${q}` : ''}`;
    const users = (q: string) => `/api/users?isAlter=1&pageSize=20${q ? `&${q}` : ''}`;
    const items = `/api/get-items?pageSize=200&selectID=${bigFolderId}`;
    const requests: [string, string, string][] = [
      ['health (public, no session)', '/api/health', '1001'],
      ['me (the session alone)', '/api/me', '1001'],
      ['tickets: open calls, admin, newest 100', calls(''), '1001'],
      ['tickets: open calls, TI support', calls(''), '1004'],
      [
        'tickets: by name, next page by cursor',
        calls(`sort=nome_usuario&dir=asc&cursor=${cursorOf(['M', '', 0])}`),
        '1001',
      ],
      ['tickets: name contains "silva"', calls('name=silva'), '1001'],
      ['tickets: name contains "zzzz" (none)', calls('name=zzzz'), '1001'],
      ['purchases: newest 50', purchases(''), '1002'],
      ['purchases: search "cadeira"', purchases('q=cadeira'), '1002'],
      ['users: CPF prefix "1000002" (10,000)', users('data=1000002'), '1001'],
      ['users: first page by name', users(''), '1001'],
      ['users: next page by cursor', users(`cursor=${cursorOf(['F', 0])}`), '1001'],
      ['folders: big folder, first 200, Administrador', items, '1001'],
      ['folders: big folder, first 200, Colaborador', items, '1008'],
    ];
    console.log(
      `\nload ${os.loadavg()[0]!.toFixed(1)}; CPU ms per request, ${BLOCKS * BLOCK} each, blocks of ${BLOCK} alternated`,
    );
    console.log('| request | before: median | after: median | before: mean | after: mean | same body |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, url, who] of requests) {
      if (ONLY && !name.includes(ONLY)) continue;
      const cpu = { before: [] as number[], after: [] as number[] };
      const bodies = { before: '', after: '' };
      for (let block = -3; block < BLOCKS; block++) {
        const order = block % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const side of order) {
          const { app, headers } = sides[side];
          const h = await headers(who);
          for (let i = 0; i < BLOCK; i++) {
            const c0 = process.cpuUsage();
            const res = await app.inject({ method: 'GET', url, headers: h });
            const used = process.cpuUsage(c0);
            if (res.statusCode !== 200) throw new Error(`${side} ${name}: ${res.statusCode} ${res.body}`);
            bodies[side] = res.body;
            if (block >= 0) cpu[side].push((used.user + used.system) / 1000);
          }
        }
      }
      const cells = [median(cpu.before), median(cpu.after), mean(cpu.before), mean(cpu.after)];
      console.log(
        `| ${name} | ${cells.map((x) => x.toFixed(2)).join(' | ')} | ${bodies.before === bodies.after ? 'yes' : 'NO'} |`,
      );
    }
    console.log(`load average after: ${os.loadavg()[0]!.toFixed(1)}`);
    await sides.before.close();
    await sides.after.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
