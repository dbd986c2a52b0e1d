/**
 * The performance goals, in one place: docs/performance.md (bench/write-performance-doc.ts) puts
 * each beside the newest figure of bench/history.jsonl, and a bench may import its own limits from
 * here (the web bench's budgets are WEB_BUDGET_KB).
 */

/** Issue 14: every list and search, on 10× the company's data, at 50 connections. */
export const LIST_P99_MS = 100;
/** Issue 14: PostgreSQL's p99 at most this many times SQLite's, for the same endpoint. */
export const PG_VS_SQLITE_P99 = 1.5;
/** Issue 14: get-sessionData's req/s at least this share of /api/health's, same run and database. */
export const SESSION_VS_HEALTH = 0.5;
/** Issue 8 §7: all bytes over the wire of a first visit (HTML, JS, CSS, fonts, images, API, headers). */
export const WEB_BUDGET_KB = { login: 150, home: 300 };

/** How a row of a history line is judged. */
export type RowCheck =
  /** p99 and errors against LIST_P99_MS on each database, and PostgreSQL against SQLite. */
  | { kind: 'list' }
  /** req/s as a share of the row of the same database whose label matches `of`. */
  | { kind: 'share'; of: RegExp; min: number }
  /** The first numeric field of `fields` the row has, at most `max`. */
  | { kind: 'max'; fields: string[]; max: number; unit: string }
  /** Stated, not judged from the history (the line does not hold the figure). */
  | { kind: 'stated' };

export interface RowGoal {
  bench: string;
  /** The rows (by label: `endpoint`, `visit`, `screen` or `name`) the goal is for. */
  rows: RegExp;
  goal: string;
  check: RowCheck;
  source: string;
}

/** A goal whose figure the history lines do not hold: the bench prints it. */
export interface OtherGoal {
  bench: string;
  what: string;
  goal: string;
  /** The newest figure measured, as the bench printed it (kept by hand). */
  last: string;
  source: string;
}

/** Rows that measure a floor or a yardstick, not something with a goal. */
export const NO_GOAL = /^GET \/bare|\(baseline\)|^GET \/api\/health$|^POST \/api\/login$/;

export const ROW_GOALS: RowGoal[] = [
  {
    bench: 'session',
    rows: /^GET \/api\/get-sessionData$/,
    goal: `≥ ${SESSION_VS_HEALTH * 100} % of /api/health's req/s`,
    check: { kind: 'share', of: /^GET \/api\/health$/, min: SESSION_VS_HEALTH },
    source: 'issue 14',
  },
  {
    bench: 'fines',
    rows: /^dashboard aggregates/,
    goal: `p50 ≤ ${LIST_P99_MS} ms at 10 connections`,
    check: { kind: 'stated' },
    source: 'issue 11',
  },
  ...['tickets', 'users', 'folders', 'purchases', 'fines'].map(
    (bench): RowGoal => ({
      bench,
      rows: /./,
      goal: `p99 ≤ ${LIST_P99_MS} ms; ≤ ${PG_VS_SQLITE_P99}×`,
      check: { kind: 'list' },
      source: 'issue 14',
    }),
  ),
  {
    bench: 'pendencias',
    rows: /./,
    goal: `p99 ≤ ${LIST_P99_MS} ms; ≤ ${PG_VS_SQLITE_P99}×`,
    check: { kind: 'list' },
    source: 'issue 35',
  },
  {
    bench: 'web',
    rows: /^login page, cold/,
    goal: `≤ ${WEB_BUDGET_KB.login} kB over the wire`,
    check: { kind: 'max', fields: ['wireKb', 'kB', 'kb'], max: WEB_BUDGET_KB.login, unit: 'kB' },
    source: 'issue 8 §7',
  },
  {
    bench: 'web',
    rows: /^login → home/,
    goal: `≤ ${WEB_BUDGET_KB.home} kB over the wire`,
    check: { kind: 'max', fields: ['wireKb', 'kB', 'kb'], max: WEB_BUDGET_KB.home, unit: 'kB' },
    source: 'issue 8 §7',
  },
];

export const OTHER_GOALS: OtherGoal[] = [
  {
    bench: 'web',
    what: 'sign-in page, cold cache, phone',
    goal: `≤ ${WEB_BUDGET_KB.login} kB`,
    last: '142.8 kB (2026-11-23)',
    source: 'issue 8 §7',
  },
  {
    bench: 'web',
    what: 'login → home after sign-in, cold cache, phone',
    goal: `≤ ${WEB_BUDGET_KB.home} kB`,
    last: '289.1 kB in 58 requests (2026-11-23)',
    source: 'issue 8 §7',
  },
  {
    bench: 'operations',
    what: 'server RSS growth over a 1 GiB upload (tus, 4 MiB pieces)',
    goal: '≤ 50 MB',
    last: '+6 to +21 MiB in every run; 19–40 MiB/s on a loaded machine (2026-11-23)',
    source: 'operation attachments',
  },
  {
    bench: 'fines',
    what: 'dashboard aggregates, p50 at 10 connections, every filter',
    goal: `≤ ${LIST_P99_MS} ms`,
    last: 'SQLite 16–61 ms, PostgreSQL 28–48 ms (2026-11-26)',
    source: 'issue 11',
  },
  {
    bench: 'fines',
    what: 'multas_geral.xlsx of 100,000 fines',
    goal: '≤ 10 s, server RSS growth ≤ 150 MB',
    last: 'SQLite 7.4 s, +30 MiB; PostgreSQL 7.4 s, +78 MiB (2026-11-26)',
    source: 'issue 11',
  },
  {
    bench: 'fines',
    what: 'import of 100,000 rows, preview + commit',
    goal: '< 60 s, memory flat',
    last: 'SQLite 10.3 + 48.7 = 59.0 s, +98 MiB at the peak; PostgreSQL 8.0 + 46.2 = 54.2 s, +54 MiB (2026-11-26)',
    source: 'issue 11',
  },
];
