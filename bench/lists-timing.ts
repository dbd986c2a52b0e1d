/**
 * `npx tsx bench/lists-timing.ts`: the list requests of the tickets, purchases, users, folders and fines benches,
 * timed in process, one request after the other (numbers that hold on a busy machine, unlike
 * autocannon's), each split into what its SQL statements took: the page, the first page's total,
 * the rest (session). Builds the app in this process as the tests do (apps/server/test/harness.ts)
 * on a temporary SQLite file, or with TIMING_DATABASE_URL on a scratch PostgreSQL database of that
 * cluster, loads the benches' data sets (bench/support/*-data.ts) and asks each list through
 * `app.inject` (every hook, the session, the SQL, the reply's serialisation; no socket).
 *
 * The last two columns time the reply's serialisation alone, on the handler's answer of the
 * request (caught by a preSerialization hook), 400 times each, interleaved, in CPU time: zod's parse of the reply
 * schema then JSON.stringify (how every reply was written before platform/reply-serializer.ts), and
 * the writer compiled from the same schema (how a reply is written now; "zod" if it falls back),
 * and a bare JSON.stringify of the answer (the floor: no key dropped, nothing checked).
 *
 * TIMING_REPLIES=parsed builds the app writing every reply through zod's parse, as before
 * platform/reply-serializer.ts; "CPU ms" is this process's CPU time per request (the clock counts
 * other programs' turns on a shared machine).
 *
 * Settings: TIMING_CALLS (200000), TIMING_PURCHASES (50000), TIMING_USERS (50000), TIMING_FOLDERS
 * (10000) and TIMING_FILES (100000) of the folders bench's tree (bench/folders-data.ts), TIMING_FINES
 * (100000, the fines bench's: seed/demo-fines.ts), TIMING_ROUNDS
 * (20 measured rounds after 3 of warm-up), TIMING_ONLY (a word: only the requests whose name has it),
 * TIMING_STATEMENTS (set: print each statement of the last round with what it took), TIMING_PROFILE
 * (a directory: a V8 CPU profile of each request's measured rounds only, `<request>.cpuprofile`).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle, Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { usePreparedStatements } from '../apps/server/src/db/prepared-statements.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { registerSearchKey } from '../apps/server/src/db/search.ts';
import { withStatementCache } from '../apps/server/src/db/statement-cache.ts';
import { compileReply } from '../apps/server/src/platform/reply-serializer.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { demoFines, loadFines } from '../apps/server/src/seed/demo-fines.ts';
import { seedDemo } from '../apps/server/src/seed/demo-seed.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';
import { insertFolderTree } from './folders-data.ts';
import { settleAfterLoad } from './support/databases.ts';
import { scratchDatabase } from './support/postgres.ts';
import { loadPurchases } from './support/purchases-data.ts';
import { positive } from './support/settings.ts';
import { loadCalls } from './support/tickets-data.ts';
import { benchUser } from './support/users-data.ts';

const CALLS = positive('TIMING_CALLS', 200_000);
const PURCHASES = positive('TIMING_PURCHASES', 50_000);
const USERS = positive('TIMING_USERS', 50_000);
const FOLDERS = positive('TIMING_FOLDERS', 10_000);
const FILES = positive('TIMING_FILES', 100_000);
const FINES = positive('TIMING_FINES', 100_000);
const ROUNDS = positive('TIMING_ROUNDS', 20);
const ONLY = process.env.TIMING_ONLY ?? '';
const PG_URL = process.env.TIMING_DATABASE_URL || undefined;
const PROFILE_DIR = process.env.TIMING_PROFILE || undefined;
const REPLIES = process.env.TIMING_REPLIES === 'parsed' ? 'parsed' : 'compiled';

/** The statements of the request being timed, with what each took. */
let statements: { sql: string; ms: number }[] = [];
const log = (event: LogEvent) => {
  if (event.level === 'query') statements.push({ sql: event.query.sql, ms: event.queryDurationMillis });
};

/** db/database.ts#openDatabase, with Kysely's query log on. */
function openLogged(file: string, url?: string): DatabaseHandle {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('connect', usePreparedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  registerSearchKey(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log,
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** The users bench's people (bench/support/users-data.ts). */
async function loadUsers(db: Db, count: number) {
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (let offset = 0; offset < count; offset += 500) {
      const batch = Array.from({ length: Math.min(500, count - offset) }, (_, k) =>
        benchUser(offset + k, '-', now),
      );
      await tx.insertInto('users').values(batch).execute();
    }
  });
}

const cursorOf = (key: (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** What a statement is for: the first page's total (pagedQuery#countUpTo), the session, or the page. */
function kindOf(text: string): 'total' | 'session' | 'page' {
  if (/as "total"/.test(text) || (/as "one"/.test(text) && !/order by/.test(text))) return 'total';
  return /from "sessions"/.test(text) ? 'session' : 'page';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** Median CPU ms of `zod parse + JSON.stringify` and `write(answer)`, 20 rounds of 20, interleaved. */
function replyTimes(
  schema: z.ZodType,
  answer: unknown,
): { zod: number; compiled: number | undefined; plain: number } {
  const { write } = compileReply(schema);
  // CPU time of this process, not the clock: on a shared machine the clock counts other programs' turns.
  // Buffer.from: the reply's bytes, as the socket gets them (a string built by `+=` is a rope that is
  // only flattened then: its cost belongs to the writer).
  const timed = (f: () => string) => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < 20; i++) Buffer.from(f());
    const { user, system } = process.cpuUsage(t0);
    return (user + system) / 1000 / 20;
  };
  const zodWay = () => JSON.stringify(z.parse(schema, answer));
  const zod: number[] = [];
  const compiled: number[] = [];
  const plain: number[] = [];
  for (let round = -2; round < 20; round++) {
    const a = timed(zodWay);
    const b = write ? timed(() => write(answer)) : 0;
    const c = timed(() => JSON.stringify(answer));
    if (round < 0) continue;
    zod.push(a);
    compiled.push(b);
    plain.push(c);
  }
  return { zod: median(zod), compiled: write ? median(compiled) : undefined, plain: median(plain) };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-timing-'));
  const scratch = PG_URL ? await scratchDatabase(PG_URL, 'timing') : undefined;
  const handle = openLogged(path.join(dir, 'timing.sqlite'), scratch?.url);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  try {
    const started = Date.now();
    await migrateToLatest(handle.db);
    await ensureReferenceData(handle.db, { itEmail: config.itEmail });
    const storage = createLocalStorage(path.join(dir, 'files'));
    await seedDemo(handle.db, storage);
    await loadCalls(handle.db, CALLS);
    await loadPurchases(handle.db, PURCHASES);
    await loadUsers(handle.db, USERS);
    await loadFines(handle.db, demoFines(FINES, { prefix: 'B' }), new Date().toISOString());
    const tree = await insertFolderTree(handle.db, handle.dialect, {
      folders: FOLDERS,
      files: FILES,
      colaboradorMatricula: '1008',
    });
    await settleAfterLoad(handle);
    console.error(`${handle.dialect}: data loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const app = await buildApp({ config, database: handle, storage, logger: false, replies: REPLIES });
    let answer: unknown;
    app.addHook('preSerialization', async (_request, _reply, payload) => {
      answer = payload;
      return payload;
    });
    await app.ready();
    const tokens = new Map<string, string>();
    const as = async (matricula: string) => {
      let token = tokens.get(matricula);
      if (!token) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: matricula, password: DEMO_PASSWORD },
        });
        token = res.json<{ token: string }>().token;
        tokens.set(matricula, token);
      }
      return { authorization: `Bearer ${token}` };
    };
    const calls = (q: string) => `/api/calls?scope=open&pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
    const purchases = (q: string) =>
      `/api/purchases?scope=received&pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
    const users = (q: string) => `/api/users?isAlter=1&pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
    const items = (q: string) => `/api/get-items?pageSize=${LIST_PAGE_SIZE}&${q}`;
    const fines = (q: string) => `/api/fines?pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
    const search = items('selectID=1&textSearch=relat%C3%B3rio');
    const requests: [string, string, string][] = [
      [`tickets: open calls, admin, newest ${LIST_PAGE_SIZE}`, calls(''), '1001'],
      ['tickets: open calls, TI support', calls(''), '1004'],
      ['tickets: status 0 + last 30 days', calls(`status=0&from=${day(30)}&to=${day(0)}`), '1001'],
      ['tickets: ticket = 123456', calls('ticket=123456'), '1001'],
      ['tickets: name contains "silva"', calls('name=silva'), '1001'],
      ['tickets: name contains "silva", by name', calls('name=silva&sort=nome_usuario&dir=asc'), '1001'],
      ['tickets: name contains "zzzz" (none)', calls('name=zzzz'), '1001'],
      ['tickets: TI support, name contains "silva"', calls('name=silva'), '1004'],
      ['tickets: by name, first page', calls('sort=nome_usuario&dir=asc&cursor='), '1001'],
      [
        'tickets: by name, next page by cursor',
        calls(`sort=nome_usuario&dir=asc&cursor=${cursorOf(['M', '', 0])}`),
        '1001',
      ],
      [`purchases: newest ${LIST_PAGE_SIZE}`, purchases(''), '1002'],
      [
        'purchases: status 3 + Matriz + compra',
        purchases('status=3&filial=Matriz&typerequest=compra'),
        '1002',
      ],
      [
        'purchases: sector RH + last 90 days',
        purchases(`setor=Recursos%20Humanos&from=${day(90)}&to=${day(0)}`),
        '1002',
      ],
      ['purchases: priority Alta, by quantity', purchases('priority=1&sort=qnt&dir=asc'), '1002'],
      ['purchases: search "cadeira"', purchases('q=cadeira'), '1002'],
      ['purchases: search "ergonomica 4"', purchases('q=ergonomica%204'), '1002'],
      ['purchases: waiting for me, director', purchases('waiting=1'), '1006'],
      ['users: first page by name', users(''), '1001'],
      ['users: next page by cursor', users(`cursor=${cursorOf(['F', 0])}`), '1001'],
      ['users: name contains "souza"', users('data=souza'), '1001'],
      ['users: name contains "zzzz" (none)', users('data=zzzz'), '1001'],
      ['users: matrícula prefix "14999"', users('data=14999'), '1001'],
      ['users: CPF prefix "1000002" (10,000)', users('data=1000002'), '1001'],
      [
        `folders: big folder, first ${LIST_PAGE_SIZE}, Administrador`,
        items(`selectID=${tree.bigFolderId}`),
        '1001',
      ],
      [
        `folders: big folder, first ${LIST_PAGE_SIZE}, Colaborador`,
        items(`selectID=${tree.bigFolderId}`),
        '1008',
      ],
      ['folders: search "relatório" below Home, Administrador', search, '1001'],
      ['folders: search "relatório" below Home, Colaborador', search, '1008'],
      [`fines: first page, newest ${LIST_PAGE_SIZE}`, fines(''), '1009'],
      [
        'fines: first page, filtered',
        fines('responsible=transp&STATUS_PAGMTO=Pagamento%20Realizado&from=2024-01-01&to=2024-12-31'),
        '1009',
      ],
      [
        'folders: search "cliente 0042" below Home, Colaborador',
        items('selectID=1&textSearch=cliente%200042'),
        '1008',
      ],
    ];
    console.log(
      `\n${handle.dialect}, ${os.loadavg()[0]!.toFixed(1)} load; ms per request, median (p90) of ${ROUNDS}, replies ${REPLIES}`,
    );
    console.log(
      '| request | status | request ms | CPU ms | SQL page ms | SQL total ms | SQL other ms | statements | reply: zod ms | reply: compiled ms | JSON.stringify ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, url, who] of requests) {
      if (ONLY && !name.includes(ONLY)) continue;
      const headers = await as(who);
      const times: number[] = [];
      const cpu: number[] = [];
      const split = { page: [] as number[], total: [] as number[], session: [] as number[] };
      let status = 0;
      let count = 0;
      const profiler = PROFILE_DIR ? new Session() : undefined;
      for (let round = -3; round < ROUNDS; round++) {
        if (round === 0 && profiler) {
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        }
        statements = [];
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url, headers });
        const took = performance.now() - t0;
        const used = process.cpuUsage(c0);
        status = res.statusCode;
        if (round < 0) continue;
        times.push(took);
        cpu.push((used.user + used.system) / 1000);
        const by = { page: 0, total: 0, session: 0 };
        for (const s of statements) by[kindOf(s.sql)] += s.ms;
        split.page.push(by.page);
        split.total.push(by.total);
        split.session.push(by.session);
        count = statements.length;
      }
      if (profiler && PROFILE_DIR) {
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        fs.mkdirSync(PROFILE_DIR, { recursive: true });
        const file = `${PROFILE_DIR}/${name.replace(/[^\w]+/g, '-')}.cpuprofile`;
        fs.writeFileSync(file, JSON.stringify(profile));
      }
      if (process.env.TIMING_STATEMENTS) {
        for (const st of statements) console.log(`  ${st.ms.toFixed(2)} ms: ${st.sql.slice(0, 1500)}`);
      }
      const cell = (xs: number[]) => `${ms(median(xs))} (${ms(p90(xs))})`;
      const path = url.split('?')[0];
      const schema = app.registeredRoutes.find((r) => r.method === 'GET' && r.url === path)?.endpoint?.reply;
      const reply = schema ? replyTimes(schema, answer) : undefined;
      const replyCells = reply
        ? `${reply.zod.toFixed(3)} | ${reply.compiled === undefined ? 'zod' : reply.compiled.toFixed(3)} | ${reply.plain.toFixed(3)}`
        : '– | – | –';
      console.log(
        `| ${name} | ${status} | ${cell(times)} | ${cell(cpu)} | ${cell(split.page)} | ${cell(split.total)} | ${cell(split.session)} | ${count} | ${replyCells} |`,
      );
    }
    console.log(
      `load average after: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await handle.close();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
