/**
 * `npx tsx bench/cpu-per-request.ts [bench …]`: the server's own CPU per request on PostgreSQL
 * against SQLite (issue 36: at most 1.5×), from the newest bench/results/<bench>-*.json of each
 * bench that measured both databases (default: the list and search benches of `npm run bench`).
 * A row's CPU per request is the server process's CPU over the measured run (cpuMeter: its own
 * ticks, PostgreSQL's not included) divided by the requests answered, so it compares work, not
 * waiting, on a machine whose cores the database and the load generator share. Prints one table.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Measurement } from './support/measure.ts';
import { root } from './support/processes.ts';
import { fmt, markdownTable } from './support/report.ts';

const LIST_BENCHES = ['tickets', 'users', 'folders', 'purchases', 'pendencias', 'busca'];
/** Issue 36: PostgreSQL's server CPU per request at most this multiple of SQLite's. */
const GOAL = 1.5;

interface Report {
  startedAt: string;
  results?: Measurement[];
}

/** The newest results file of `bench` with rows on both databases, or undefined. */
function newestWithBoth(bench: string): { file: string; report: Report } | undefined {
  const dir = path.join(root, 'bench', 'results');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(`${bench}-`) && f.endsWith('.json'))
        .sort()
        .reverse()
    : [];
  for (const file of files) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
    const kinds = new Set(report.results?.map((r) => r.database));
    if (kinds.has('sqlite') && kinds.has('postgres')) return { file, report };
  }
  return undefined;
}

/** CPU milliseconds of the server per request: % of one CPU × 10 ms per second, over requests per second. */
const cpuMs = (m: Measurement) =>
  m.cpu && m.requestsPerSec > 0 ? (m.cpu.serverPercent * 10) / m.requestsPerSec : Number.NaN;

const benches = process.argv.slice(2).length > 0 ? process.argv.slice(2) : LIST_BENCHES;
const rows: string[][] = [];
for (const bench of benches) {
  const found = newestWithBoth(bench);
  if (!found) {
    console.error(`${bench}: no results file with both databases in bench/results`);
    continue;
  }
  const results = found.report.results ?? [];
  for (const sqlite of results.filter((r) => r.database === 'sqlite')) {
    const pg = results.find((r) => r.database === 'postgres' && r.endpoint === sqlite.endpoint);
    if (!pg) continue;
    const ratio = cpuMs(pg) / cpuMs(sqlite);
    rows.push([
      bench,
      sqlite.endpoint,
      fmt(cpuMs(sqlite), 2),
      fmt(cpuMs(pg), 2),
      `${fmt(ratio, 2)}×`,
      ratio <= GOAL ? 'yes' : 'no',
      `${sqlite.cpu?.loadAverage1m ?? '-'} / ${pg.cpu?.loadAverage1m ?? '-'}`,
      found.file,
    ]);
  }
}
console.log(
  markdownTable(
    [
      'bench',
      'row',
      'SQLite CPU ms/request',
      'PostgreSQL CPU ms/request',
      'PostgreSQL / SQLite',
      `≤ ${GOAL}×`,
      'load 1 min (SQLite / PostgreSQL)',
      'results file',
    ],
    rows,
  ),
);
