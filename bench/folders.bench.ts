/**
 * `npm run bench:folders`: the shared folders on a large file share (ARCHITECTURE.md rule 9,
 * docs/performance.md, folders).
 *
 * For SQLite, and for PostgreSQL when BENCH_DATABASE_URL is set (a scratch database is created in
 * that cluster and dropped afterwards), it starts the real server (apps/server/src/main.ts) on a
 * fresh DATA_DIR with the demo company, inserts BENCH_FOLDERS folders and BENCH_FILES files
 * straight through Kysely (bench/folders-data.ts), then measures with autocannon, against the bare
 * Fastify route of the same run:
 * - GET /api/get-items of the big folder (5,000 files, 400 subfolders) as the explorer reads it, the
 *   first page (LIST_PAGE_SIZE items, as the explorer asks) and the next one by cursor, as the Administrador (1001) and as a
 *   Colaborador (1008: the visibility rule filters the subfolders);
 * - GET /api/get-items?textSearch=relatório below Home (the whole tree) as the explorer reads it, the
 *   first page (LIST_PAGE_SIZE items, as the explorer asks) and the next one by cursor, as both;
 * and then uploads and downloads one BENCH_UPLOAD_MB file (generated while it is sent, never held
 * in memory), sampling the server's VmRSS every 100 ms during each transfer.
 *
 * Settings (environment): BENCH_FOLDERS (10000), BENCH_FILES (100000), BENCH_UPLOAD_MB (1024),
 * BENCH_CONNECTIONS (50), BENCH_FOLDERS_DURATION s per request (30), BENCH_WARMUP s (2),
 * BENCH_DATABASE_URL (unset). The bare route is measured for BENCH_DURATION s (10).
 */

import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import { insertFolderTree, type TreeSummary } from './folders-data.ts';
import { openAppDatabase, settleAfterLoad, withApp } from './support/databases.ts';
import { type DatabaseKind, type Measurement, measure } from './support/measure.ts';
import { type RssSummary, sampleRss } from './support/memory.ts';
import { runBench, waitUntilIdle } from './support/processes.ts';
import { fmt, machine, markdownTable, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, expectJson, signIn } from './support/servers.ts';
import { LOAD, positive } from './support/settings.ts';

const FOLDERS = positive('BENCH_FOLDERS', 10_000);
const FILES = positive('BENCH_FILES', 100_000);
const UPLOAD_BYTES = positive('BENCH_UPLOAD_MB', 1024) * 1024 * 1024;
/**
 * A listing of 5,000 files takes a server tens of milliseconds of CPU, so 50 connections wait
 * seconds each: the measurement must last several of those rounds to count anything.
 */
const QUERY_LOAD = { ...LOAD, durationS: positive('BENCH_FOLDERS_DURATION', 30) };
const SEARCH = 'relatório';
const ADMIN = '1001';
const COLABORADOR = '1008';
const MiB = 1024 * 1024;

interface Transfer {
  database: DatabaseKind;
  direction: 'upload' | 'download';
  bytes: number;
  seconds: number;
  mibPerSecond: number;
  sha256Match: boolean;
  serverRssMb: RssSummary | null;
}

interface ListingShape {
  database: DatabaseKind;
  request: string;
  as: string;
  folders: number;
  files: number;
  truncated: boolean;
  responseKiB: number;
  singleRequestMs: number;
}

// ---------------------------------------------------------------------------------------------
// Data

async function buildTree(app: AppServer): Promise<TreeSummary> {
  const handle = openAppDatabase(app);
  try {
    const summary = await insertFolderTree(handle.db, handle.dialect, {
      folders: FOLDERS,
      files: FILES,
      colaboradorMatricula: COLABORADOR,
    });
    // PostgreSQL's autovacuum vacuums and analyses tables this size within a minute of the insert:
    // measure the steady state, not the minute when the planner still thinks the tables are empty.
    await settleAfterLoad(handle);
    process.stderr.write(
      `  ${app.database}: ${fmt(summary.folders)} folders, ${fmt(summary.files)} files, ${fmt(summary.shares)} shares ` +
        `inserted in ${summary.seconds.toFixed(1)} s (depth ${summary.maxDepth})\n`,
    );
    return summary;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Listing and search

async function shapeOf(
  database: DatabaseKind,
  url: string,
  request: string,
  as: string,
  headers: Record<string, string>,
): Promise<ListingShape> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  const singleRequestMs = performance.now() - started;
  if (!res.ok) throw new Error(`${request} as ${as} answered ${res.status}: ${text}`);
  const body = JSON.parse(text) as { folders: unknown[]; files: unknown[]; truncated: boolean };
  return {
    database,
    request,
    as,
    folders: body.folders.length,
    files: body.files.length,
    truncated: body.truncated,
    responseKiB: Math.round(Buffer.byteLength(text) / 1024),
    singleRequestMs: Math.round(singleRequestMs),
  };
}

async function benchQueries(
  app: AppServer,
  database: DatabaseKind,
  tree: TreeSummary,
): Promise<{ rows: Measurement[]; shapes: ListingShape[] }> {
  const users = {
    Administrador: await signIn(app.base, ADMIN),
    Colaborador: await signIn(app.base, COLABORADOR),
  };
  // The explorer reads a folder in pages of LIST_PAGE_SIZE items and asks the next by cursor as it
  // scrolls; the cursor of the page after the first (taken as the Administrador) is a position in
  // the folder's order, valid for anyone who sees the folder.
  const listing = `${app.base}/api/get-items?selectID=${tree.bigFolderId}&pageSize=${LIST_PAGE_SIZE}`;
  const first = (await (await fetch(listing, { headers: users.Administrador })).json()) as {
    nextCursor?: string;
  };
  if (!first.nextCursor) throw new Error('the big folder answered one page only');
  // The search pages the same way (issue 14): the first page, and the next one by the cursor the
  // Administrador's first page gave (a position in the results' order, valid for both).
  const search = `${app.base}/api/get-items?selectID=1&textSearch=${encodeURIComponent(SEARCH)}&pageSize=${LIST_PAGE_SIZE}`;
  const firstFound = (await (await fetch(search, { headers: users.Administrador })).json()) as {
    nextCursor?: string;
  };
  if (!firstFound.nextCursor) throw new Error('the search answered one page only');
  const requests = {
    [`listing of the big folder, first ${LIST_PAGE_SIZE} items`]: listing,
    [`listing of the big folder, next ${LIST_PAGE_SIZE} by cursor`]: `${listing}&cursor=${encodeURIComponent(first.nextCursor)}`,
    [`search "${SEARCH}" below Home, first ${LIST_PAGE_SIZE}`]: search,
    [`search "${SEARCH}" below Home, next ${LIST_PAGE_SIZE} by cursor`]: `${search}&cursor=${encodeURIComponent(firstFound.nextCursor)}`,
  };
  const shapes: ListingShape[] = [];
  const rows: Measurement[] = [];
  for (const [request, url] of Object.entries(requests)) {
    for (const [as, headers] of Object.entries(users)) {
      await waitUntilIdle(app.base);
      shapes.push(await shapeOf(database, url, request, as, headers));
      rows.push(
        await measure(
          { endpoint: `${request}, ${as}`, url, method: 'GET', headers },
          database,
          app.child,
          QUERY_LOAD,
        ),
      );
    }
  }
  return { rows, shapes };
}

// ---------------------------------------------------------------------------------------------
// Upload and download of one big file

/** `bytes` of content generated chunk by chunk (one 1 MiB random block, its first bytes varied). */
function* content(bytes: number, hash: ReturnType<typeof createHash>): Generator<Buffer> {
  const block = randomBytes(MiB);
  // A plain header so the type check finds no known signature (an untyped .bak backup).
  block.write('ROTASUL-BACKUP\n', 0, 'latin1');
  for (let sent = 0, n = 0; sent < bytes; n++) {
    const size = Math.min(MiB, bytes - sent);
    const chunk = Buffer.from(block.subarray(0, size));
    if (size > 32) chunk.writeUInt32BE(n, 16);
    hash.update(chunk);
    sent += size;
    yield chunk;
  }
}

async function upload(
  app: AppServer,
  headers: Record<string, string>,
  folderId: number,
): Promise<{ transfer: Omit<Transfer, 'database' | 'sha256Match'>; fileName: string; sha256: string }> {
  const boundary = `----rotasul-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="selectedFolderId"\r\n\r\n${folderId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup-tms-2025.bak"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  const body = Readable.from(
    (function* () {
      yield head;
      yield* content(UPLOAD_BYTES, hash);
      yield tail;
    })(),
  );
  const url = new URL('/api/files', app.base);
  const stopSampling = sampleRss(app.child);
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + UPLOAD_BYTES + tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode === 200) resolve(text);
          else reject(new Error(`upload answered ${res.statusCode}: ${text}`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(body, req).catch(reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const rss = stopSampling();
  const file = (JSON.parse(answer) as { files: { file_name: string; size: number }[] }).files[0]!;
  if (file.size !== UPLOAD_BYTES) throw new Error(`uploaded ${file.size} bytes, expected ${UPLOAD_BYTES}`);
  return {
    transfer: {
      direction: 'upload',
      bytes: UPLOAD_BYTES,
      seconds,
      mibPerSecond: UPLOAD_BYTES / MiB / seconds,
      serverRssMb: rss,
    },
    fileName: file.file_name,
    sha256: hash.digest('hex'),
  };
}

async function download(
  app: AppServer,
  headers: Record<string, string>,
  fileName: string,
): Promise<{ transfer: Omit<Transfer, 'database' | 'sha256Match'>; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const stopSampling = sampleRss(app.child);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    http
      .get(new URL(`/api/download/${fileName}`, app.base), { headers }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`download answered ${res.statusCode}`));
          return;
        }
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          hash.update(c);
        });
        res.on('end', () => resolve());
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const rss = stopSampling();
  return {
    transfer: {
      direction: 'download',
      bytes,
      seconds,
      mibPerSecond: bytes / MiB / seconds,
      serverRssMb: rss,
    },
    sha256: hash.digest('hex'),
  };
}

async function benchTransfer(app: AppServer, database: DatabaseKind): Promise<Transfer[]> {
  const admin = await signIn(app.base, ADMIN);
  const created = await expectJson(
    await fetch(`${app.base}/api/create-folder`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ folderName: 'Backups do TMS', parentFolderId: 1, isPrivate: 0 }),
    }),
    'POST /api/create-folder',
  );
  const folderId = Number(created.lastInsertedId);
  process.stderr.write(`  ${database}: upload of ${fmt(UPLOAD_BYTES / MiB)} MiB… `);
  const up = await upload(app, admin, folderId);
  process.stderr.write(`${up.transfer.mibPerSecond.toFixed(0)} MiB/s; download… `);
  const down = await download(app, admin, up.fileName);
  process.stderr.write(`${down.transfer.mibPerSecond.toFixed(0)} MiB/s\n`);
  const match = up.sha256 === down.sha256;
  if (!match) throw new Error('the downloaded file differs from the uploaded one');
  return [
    { database, ...up.transfer, sha256Match: match },
    { database, ...down.transfer, sha256Match: match },
  ];
}

// ---------------------------------------------------------------------------------------------

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'folders', async (app) => {
    const tree = await buildTree(app);
    // The transfers first: the server is idle and its memory not yet grown by the load tests.
    const transfers = await benchTransfer(app, database);
    const { rows, shapes } = await benchQueries(app, database, tree);
    return { tree, rows, shapes, transfers };
  });
}

function transferTable(transfers: Transfer[]): string {
  return markdownTable(
    [
      'database',
      'transfer',
      'MiB',
      'seconds',
      'MiB/s',
      'server RSS MiB: before / max / after',
      'RSS growth MiB',
      'samples',
    ],
    transfers.map((t) => [
      t.database,
      t.direction,
      fmt(t.bytes / MiB),
      t.seconds.toFixed(1),
      fmt(t.mibPerSecond),
      t.serverRssMb ? `${t.serverRssMb.start} / ${t.serverRssMb.max} / ${t.serverRssMb.end}` : '-',
      t.serverRssMb ? String(t.serverRssMb.max - t.serverRssMb.start) : '-',
      t.serverRssMb ? String(t.serverRssMb.samples) : '-',
    ]),
  );
}

/** Server CPU per answered request: what a request costs, even when other processes take the CPUs. */
function cpuCostTable(rows: Measurement[], durationS: number): string {
  return markdownTable(
    ['database', 'endpoint', 'answered', 'server CPU %', 'server CPU ms per request'],
    rows
      .filter((m) => m.database !== 'bare')
      .map((m) => [
        m.database,
        m.endpoint,
        fmt(m.ok2xx),
        m.cpu ? String(m.cpu.serverPercent) : '-',
        m.cpu && m.ok2xx > 0 ? fmt(((m.cpu.serverPercent / 100) * durationS * 1000) / m.ok2xx, 1) : '-',
      ]),
  );
}

function shapeTable(shapes: ListingShape[]): string {
  return markdownTable(
    ['database', 'request', 'as', 'folders', 'files', 'truncated', 'response KiB', 'one request ms'],
    shapes.map((s) => [
      s.database,
      s.request,
      s.as,
      fmt(s.folders),
      fmt(s.files),
      s.truncated ? 'yes' : 'no',
      fmt(s.responseKiB),
      fmt(s.singleRequestMs),
    ]),
  );
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `folders bench: ${fmt(FOLDERS)} folders, ${fmt(FILES)} files, ${LOAD.connections} connections, ` +
      `${LOAD.warmupS} s warm-up + ${QUERY_LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, ` +
      `${info.memoryGiB} GiB, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const shapes = runs.flatMap((r) => r.shapes);
  const transfers = runs.flatMap((r) => r.transfers);
  const { file } = writeResults('folders', startedAt, {
    settings: {
      folders: FOLDERS,
      files: FILES,
      uploadBytes: UPLOAD_BYTES,
      connections: LOAD.connections,
      durationSeconds: QUERY_LOAD.durationS,
      warmupSeconds: LOAD.warmupS,
    },
    trees: runs.map((r) => ({ database: r.database, ...r.tree })),
    results: rows,
    shapes,
    transfers,
  });

  printTable(rows);
  console.log(`\n${cpuCostTable(rows, QUERY_LOAD.durationS)}\n`);
  console.log(`${shapeTable(shapes)}\n`);
  console.log(`${transferTable(transfers)}\n`);
  console.log(`written to ${file}`);
}

await runBench(main);
