/**
 * `npm run bench:web`: what the web app's first pages cost a phone on a slow network — the bytes
 * Chromium transfers for the login page and for the home page after signing in, on a cold and on a
 * warm HTTP cache, and the time until the login form shows under slow-network throttling
 * (docs/performance.md, "Web first page").
 *
 * Builds nothing: it measures apps/web/dist as `npm run build` left it. Starts the real server
 * (apps/server/src/main.ts, a fresh temporary DATA_DIR with the demo seed, SQLite) and Debian's
 * Chromium (/usr/bin/chromium, the arguments of apps/web/playwright.config.ts) through Playwright;
 * bytes are counted by Chromium itself over the DevTools protocol (bench/support/page-traffic.ts).
 *
 * Then every screen on Lighthouse's mobile profile, sign-in → home and the in-app navigations
 * (bench/web-screens.ts, issue 37), on the 10× data sets of the other benches (bench/support/web-data.ts).
 *
 * Settings (environment): BENCH_WEB_RUNS (3): throttled loads per case, the median is reported;
 * BENCH_WEB_ONLY (a regular expression: only the screens and navigations whose address it matches,
 * sign-in when it matches 'sign-in', the first-page part skipped); BENCH_WEB_FIRST_PAGE=0 (the screens only); BENCH_WEB_DATA_DIR (the 10× data's folder, kept
 * between runs); BENCH_WEB_CALLS, _PURCHASES, _USERS, _FINES, _FOLDERS, _FILES: the data sets' sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import {
  GROUPS,
  PageTraffic,
  SLOW_3G,
  SLOW_4G,
  summarise,
  type Throttle,
  type TrafficSummary,
  type Transfer,
} from './support/page-traffic.ts';
import { root, runBench, stopChild } from './support/processes.ts';
import { fmt, machine, markdownTable, writeResults } from './support/report.ts';
import { positive } from './support/settings.ts';
import { startAppWithLists, WEB_DATA } from './support/web-data.ts';
import {
  GOAL_MS,
  historyRows,
  measureNavigations,
  measureScreens,
  measureSignIn,
  type ScreenRow,
  screensTable,
} from './web-screens.ts';

const RUNS = positive('BENCH_WEB_RUNS', 3);
const ONLY = process.env.BENCH_WEB_ONLY ?? '';
const ONLY_RE = new RegExp(ONLY);
/** BENCH_WEB_SCREENS=0: sign-in and the navigations without each screen opened by its address. */
const SCREENS = process.env.BENCH_WEB_SCREENS !== '0';
/** BENCH_WEB_FIRST_PAGE=0: the screens alone, without the first-page bytes and login-form times. */
const FIRST_PAGE = process.env.BENCH_WEB_FIRST_PAGE !== '0' && !ONLY;
/** Issue 8 §7: the budgets of a first visit, all bytes over the wire. */
const BUDGET_KB = { login: 150, home: 300 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const VIEWPORTS: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone 390×844',
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  },
  { name: 'desktop 1280×720', options: { viewport: { width: 1280, height: 720 } } },
];

const kB = (bytes: number) => bytes / 1000;

// ---------------------------------------------------------------------------------------------
// Page steps

const loginButton = (page: Page) => page.getByRole('button', { name: 'Entrar' });

/** Opens /login and waits until its form shows; answers the ms since navigation start, as the page measured it. */
async function openLogin(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/login`, { waitUntil: 'commit', timeout: 180_000 });
  await loginButton(page).waitFor({ state: 'visible', timeout: 180_000 });
  return page.evaluate(() => performance.now());
}

async function signInThroughForm(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Usuário' }).fill('1001');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('intranet123');
  await loginButton(page).click();
  await page.getByRole('heading', { name: /^Olá, / }).waitFor({ state: 'visible', timeout: 60_000 });
}

// ---------------------------------------------------------------------------------------------
// Cases

interface BytesRow {
  viewport: string;
  visit: string;
  budgetKb?: number;
  traffic: TrafficSummary;
  transfers: Transfer[];
}

/**
 * One fresh browser context (empty cache, no session): the login page; then signing in and the home
 * page (counted from the login page on); then, in the same context, a second visit of the home page.
 */
async function measureBytes(browser: Browser, base: string, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ ...viewport.options, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    const traffic = await PageTraffic.attach(page);
    await openLogin(page, base);
    await traffic.idle();
    const login = traffic.take();
    await signInThroughForm(page);
    await traffic.idle();
    const home = [...login, ...traffic.take()];
    await page.close();

    const again = await context.newPage();
    const againTraffic = await PageTraffic.attach(again);
    await again.goto(`${base}/`, { waitUntil: 'commit' });
    await again.getByRole('heading', { name: /^Olá, / }).waitFor({ state: 'visible', timeout: 60_000 });
    await againTraffic.idle();
    const warm = againTraffic.take();

    const row = (visit: string, transfers: Transfer[], budgetKb?: number): BytesRow => ({
      viewport: viewport.name,
      visit,
      budgetKb,
      traffic: summarise(transfers),
      transfers,
    });
    return [
      row('login page, cold cache', login, BUDGET_KB.login),
      row('login → home after sign-in, cold cache', home, BUDGET_KB.home),
      row('home, second visit (warm cache)', warm),
    ];
  } finally {
    await context.close();
  }
}

interface TimeRow {
  network: string;
  cache: 'cold' | 'warm';
  runsMs: number[];
  medianMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Time to the login form on the phone under `network`, each run in a fresh context (cold) or after one unthrottled visit (warm). */
async function measureTime(browser: Browser, base: string, network: Throttle, cache: 'cold' | 'warm') {
  const runsMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ ...VIEWPORTS[0]!.options, locale: 'pt-BR' });
    try {
      if (cache === 'warm') {
        const first = await context.newPage();
        await openLogin(first, base);
        await (await PageTraffic.attach(first)).idle();
        await first.close();
      }
      const page = await context.newPage();
      const traffic = await PageTraffic.attach(page);
      await traffic.throttle(network);
      runsMs.push(await openLogin(page, base));
    } finally {
      await context.close();
    }
  }
  return { network: network.name, cache, runsMs, medianMs: median(runsMs) } satisfies TimeRow;
}

// ---------------------------------------------------------------------------------------------
// Report

function bytesTable(rows: BytesRow[]): string {
  return markdownTable(
    [
      'viewport',
      'visit',
      'requests (cached)',
      'transferred kB',
      ...GROUPS.map((g) => `${g} kB`),
      'decoded kB',
      'budget',
    ],
    rows.map((r) => [
      r.viewport,
      r.visit,
      `${r.traffic.requests} (${r.traffic.fromCache})`,
      fmt(kB(r.traffic.wireBytes), 1),
      ...GROUPS.map((g) => fmt(kB(r.traffic.byGroup[g]), 1)),
      fmt(kB(r.traffic.bodyBytes), 1),
      r.budgetKb === undefined
        ? '-'
        : `${kB(r.traffic.wireBytes) <= r.budgetKb ? 'ok' : 'OVER'} (≤ ${r.budgetKb} kB)`,
    ]),
  );
}

function timeTable(rows: TimeRow[]): string {
  return markdownTable(
    ['network (phone)', 'cache', 'login form visible, median ms', 'runs ms'],
    rows.map((r) => [r.network, r.cache, fmt(r.medianMs), r.runsMs.map((ms) => fmt(ms)).join(' / ')]),
  );
}

/** The largest transfers of a visit, so a regression says where it comes from. */
function largest(row: BytesRow, count = 8): string {
  const top = [...row.transfers].sort((a, b) => b.wireBytes - a.wireBytes).slice(0, count);
  return markdownTable(
    ['resource', 'type', 'encoding', 'transferred kB', 'decoded kB'],
    top.map((t) => [
      new URL(t.url).pathname,
      t.type,
      t.encoding || 'identity',
      fmt(kB(t.wireBytes), 1),
      fmt(kB(t.bodyBytes), 1),
    ]),
  );
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const dist = path.join(root, 'apps', 'web', 'dist', 'index.html');
  if (!fs.existsSync(dist)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const info = machine();
  console.error(
    `bench:web: ${RUNS} throttled run(s) per case; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );

  const { child, base } = await startAppWithLists();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const bytes: BytesRow[] = [];
    const times: TimeRow[] = [];
    if (FIRST_PAGE) {
      for (const viewport of VIEWPORTS) bytes.push(...(await measureBytes(browser, base, viewport)));
      for (const network of [SLOW_3G, SLOW_4G]) {
        for (const cache of ['cold', 'warm'] as const)
          times.push(await measureTime(browser, base, network, cache));
      }
    }
    const screens: ScreenRow[] = [
      ...(ONLY_RE.test('sign-in') ? await measureSignIn(browser, base, RUNS) : []),
      ...(SCREENS ? await measureScreens(browser, base, RUNS, ONLY_RE) : []),
      ...(await measureNavigations(browser, base, RUNS, ONLY_RE)),
    ];

    const { file } = writeResults(
      'web',
      startedAt,
      {
        settings: {
          runs: RUNS,
          only: ONLY,
          budgetsKb: BUDGET_KB,
          goalsMs: GOAL_MS,
          data: WEB_DATA,
          chromium: CHROMIUM_ARGS,
        },
        bytes: bytes.map(({ transfers, ...r }) => ({
          ...r,
          transfers: transfers.map((t) => ({ ...t, url: new URL(t.url).pathname })),
        })),
        times,
        screens,
      },
      historyRows(screens),
    );
    if (bytes.length) {
      console.log(`\n${bytesTable(bytes)}\n`);
      console.log(`${timeTable(times)}\n`);
      console.log(`Largest transfers, ${bytes[0]!.viewport}, ${bytes[0]!.visit}:\n\n${largest(bytes[0]!)}\n`);
      console.log(`Largest transfers, ${bytes[1]!.viewport}, ${bytes[1]!.visit}:\n\n${largest(bytes[1]!)}\n`);
    }
    console.log(
      `\nScreens on Lighthouse's mobile profile, medians of ${RUNS} run(s):\n\n${screensTable(screens)}\n`,
    );
    console.log(`written to ${file}`);
    const over = bytes.filter((r) => r.budgetKb !== undefined && kB(r.traffic.wireBytes) > r.budgetKb);
    if (over.length) console.log(`OVER BUDGET: ${over.map((r) => `${r.viewport}, ${r.visit}`).join('; ')}`);
    const late = screens.filter((r) => Math.max(r.contentMs, Number.isNaN(r.lcpMs) ? 0 : r.lcpMs) > r.goalMs);
    if (late.length) console.log(`OVER GOAL: ${late.map((r) => `${r.screen} (${r.cache})`).join('; ')}`);
  } finally {
    await browser.close();
    await stopChild(child);
  }
}

await runBench(main);
