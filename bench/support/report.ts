/** The Markdown table, machine description and JSON results file of a benchmark. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measure.ts';
import { root } from './processes.ts';
import { SERVER_WORKERS } from './settings.ts';

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A Markdown table; each row is a list of cells. */
export function markdownTable(head: string[], rows: string[][]): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

export function table(rows: Measurement[]): string {
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
  return markdownTable(
    head,
    rows.map((m) => [
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
    ]),
  );
}

const TABLE_LEGEND =
  'Latency ratios use the bare route as 1x (a bare p50 under 1 ms counts as 1 ms); errors include timeouts.\n' +
  'CPU: % of one CPU used during the run by the server, by this process (autocannon) and by every other process\n' +
  '(on PostgreSQL rows "other" includes the database server itself when it runs on this machine).';

/**
 * Prints a warning when other processes competed for the CPUs during a measured run. PostgreSQL
 * rows are left out: there "other" is mostly the database server the run is measuring.
 */
function warnIfNoisy(rows: Measurement[]): void {
  const noisy = rows.filter((m) => m.database !== 'postgres' && m.cpu && m.cpu.otherPercent > 15);
  if (noisy.length > 0) {
    console.log(
      `WARNING: other processes used more than 15 % of a CPU during ${noisy.length} run(s): ` +
        'the machine was not quiet, so these numbers understate the server. Run again on an idle machine.',
    );
  }
}

/** Prints the table of every measurement, its legend and, when the machine was busy, a warning. */
export function printTable(rows: Measurement[]): void {
  console.log(`\n${table(rows)}\n\n${TABLE_LEGEND}`);
  warnIfNoisy(rows);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    serverWorkers: SERVER_WORKERS,
  };
}

/** The commit the bench ran on ('' outside a git checkout), with '+' when the tree had changes. */
function commitOf(): string {
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return '';
  const dirty = git(['status', '--porcelain', '--untracked-files=no']).stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+' : ''}`;
}

/** A history line's row of an autocannon measurement: req/s, p99 and the share of the bare route's throughput. */
const measurementLine = (m: Measurement) => ({
  db: m.database,
  endpoint: m.endpoint,
  rps: Math.round(m.requestsPerSec),
  p99: m.latencyMs.p99,
  errors: m.errors + m.timeouts,
  vsBare: m.vsBare ? Number(m.vsBare.throughput.toFixed(4)) : 1,
  otherCpu: m.cpu?.otherPercent ?? null,
});

/**
 * One line per run in bench/history.jsonl (kept in git), so that a regression shows between runs:
 * when, which bench and commit, the machine's load, and the run's rows.
 */
function appendHistory(name: string, startedAt: Date, rows: object[]) {
  const line = {
    at: startedAt.toISOString(),
    bench: name,
    commit: commitOf(),
    load1: Number(os.loadavg()[0]?.toFixed(2)),
    rows,
  };
  fs.appendFileSync(path.join(root, 'bench', 'history.jsonl'), `${JSON.stringify(line)}\n`);
}

/**
 * Writes the report of a bench — when it ran, on which machine, then `body` (its settings and
 * results) — to bench/results/<name>-<time>.json (gitignored), and its one-line summary to
 * bench/history.jsonl when `body.results` holds measurements (or `historyRows`, a bench's own rows,
 * are given); answers the report and the path.
 */
export function writeResults<T extends object>(
  name: string,
  startedAt: Date,
  body: T,
  historyRows?: object[],
) {
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    ...body,
  };
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  if (historyRows) appendHistory(name, startedAt, historyRows);
  else if ('results' in body && Array.isArray(body.results)) {
    appendHistory(name, startedAt, (body.results as Measurement[]).map(measurementLine));
  }
  return { report, file: path.relative(root, file) };
}
