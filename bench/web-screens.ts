/**
 * The screens part of `npm run bench:web` (issue 37): every page of the web router
 * (apps/web/e2e/support/screen-list.ts) opened by its address on Lighthouse's mobile profile
 * (390×844, CPU slowed 4×, 1.6 Mbit/s down / 750 kbit/s up / 150 ms round trips), on a cold HTTP
 * cache (a fresh browser context, the session already in it) and then on a warm one (the same
 * context again); sign-in → home; and the in-app navigation from the home to each list page. Each
 * time is the page's own clock: the Largest Contentful Paint (PerformanceObserver, buffered) and
 * the frame in which the page's heading and, on list pages, a first row are drawn.
 */
import os from 'node:os';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { NEWCOMER, PAGE_LIST, type PageEntry } from '../apps/web/e2e/support/screen-list.ts';
import { LIGHTHOUSE_MOBILE, PageTraffic, summarise } from './support/page-traffic.ts';
import { fmt, markdownTable } from './support/report.ts';

/** Issue 37: every screen's LCP and content within 2.5 s, sign-in → home 2.5 s, a navigation 1 s. */
export const GOAL_MS = { screen: 2500, signIn: 2500, navigation: 1000 };
const PASSWORD = 'intranet123';
/** Lighthouse's mobile device is 412×823 at 1.75 dppx; the phone is 390×844. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
};
const CPU_SLOWDOWN = 4;
const TOKEN_KEY = 'intranet.token';

export interface ScreenRun {
  lcpMs: number;
  contentMs: number;
  kB: number;
  load1: number;
}

export interface ScreenRow {
  screen: string;
  user: string;
  cache: 'cold' | 'warm' | 'sign-in' | 'navigation';
  goalMs: number;
  runs: ScreenRun[];
  lcpMs: number;
  contentMs: number;
  kB: number;
  load1: number;
}

const FAILED: ScreenRun = { lcpMs: Number.NaN, contentMs: Number.NaN, kB: Number.NaN, load1: Number.NaN };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** What the in-page watcher looks for: the heading (text or pattern) and the list's row. */
interface Watch {
  text?: string;
  pattern?: string;
  flags?: string;
  rows?: string;
}

const watchOf = (entry: PageEntry): Watch => ({
  ...(typeof entry.title === 'string'
    ? { text: entry.title.toLowerCase() }
    : { pattern: entry.title.source, flags: entry.title.flags }),
  ...(entry.rows ? { rows: entry.rows } : {}),
});

declare global {
  interface Window {
    __contentAt?: number;
    __submitAt?: number;
    __watch?: (w: Watch) => void;
  }
}

/**
 * Installed before the page's own scripts: checks every animation frame whether the heading and
 * the first row are drawn (a box of their own) and keeps the page's clock of the first frame they
 * are. Plain JavaScript text: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const WATCHER = `(() => {
  const drawn = (el) => { const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; };
  const check = (w) => {
    const re = w.pattern ? new RegExp(w.pattern, w.flags) : null;
    const heading = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role="heading"]')].some((h) => {
      const text = (h.textContent || '').trim();
      return (re ? re.test(text) : text.toLowerCase().includes(w.text || '')) && drawn(h);
    });
    if (!heading) return false;
    if (!w.rows) return true;
    const row = document.querySelector(w.rows);
    return row !== null && drawn(row);
  };
  let current = null;
  const loop = () => {
    if (!current) return;
    if (check(current)) { window.__contentAt = performance.now(); current = null; return; }
    requestAnimationFrame(loop);
  };
  window.__watch = (w) => { window.__contentAt = undefined; current = w; requestAnimationFrame(loop); };
  document.addEventListener('submit', () => { window.__submitAt = performance.now(); }, true);
})();`;

/** The page's largest contentful paint so far (ms since its navigation started). */
const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = Math.max(last, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 100);
      }),
  );

/** Waits for the watcher; on a timeout, says what the page showed instead (and keeps a screenshot). */
async function waitForContent(page: Page) {
  try {
    await page.waitForFunction(() => window.__contentAt !== undefined, undefined, {
      timeout: 120_000,
      polling: 50,
    });
  } catch (error) {
    const headings = await page
      .evaluate(() =>
        [...document.querySelectorAll('h1,h2,h3,h4,[role="heading"]')].map((h) => h.textContent),
      )
      .catch(() => []);
    await page.screenshot({ path: `${os.tmpdir()}/bench-web-timeout.png` }).catch(() => undefined);
    throw new Error(`${page.url()} never showed its content; headings: ${JSON.stringify(headings)}`, {
      cause: error,
    });
  }
}

async function throttledPage(context: BrowserContext, watch: Watch) {
  const page = await context.newPage();
  await page.addInitScript(`${WATCHER}\nwindow.__watch(${JSON.stringify(watch)});`);
  const traffic = await PageTraffic.attach(page);
  await traffic.throttle(LIGHTHOUSE_MOBILE);
  await traffic.slowCpu(CPU_SLOWDOWN);
  return { page, traffic };
}

/** Opens `entry` by its address in `context` and answers its figures once the network is quiet. */
async function openScreen(context: BrowserContext, base: string, entry: PageEntry): Promise<ScreenRun> {
  const { page, traffic } = await throttledPage(context, watchOf(entry));
  try {
    await page.goto(`${base}${entry.url}`, { waitUntil: 'commit', timeout: 120_000 });
    await waitForContent(page);
    await traffic.idle(700, 120_000);
    const contentMs = await page.evaluate(() => window.__contentAt!);
    return {
      lcpMs: await largestPaint(page),
      contentMs,
      kB: summarise(traffic.take()).wireBytes / 1000,
      load1: os.loadavg()[0]!,
    };
  } finally {
    await page.close();
  }
}

async function tokenOf(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username} answered ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  // The demo's 1003 starts without the usage policy (his first sign-in is a journey of its own):
  // everyone but the newcomer accepts it, so each page is itself and not the acceptance screen.
  if (username !== NEWCOMER.matricula) {
    const accept = await fetch(`${base}/api/users/policy`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ policyAccepted: 1 }),
    });
    if (!accept.ok) throw new Error(`policy of ${username}: ${accept.status} ${await accept.text()}`);
  }
  return token;
}

/** The policy's newcomer (screen-list.ts), registered by the administrator (409: already there). */
async function registerNewcomer(base: string) {
  const admin = await tokenOf(base, '1001');
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ ...NEWCOMER, senha: PASSWORD, setor: 'Operação', filial: 'Matriz' }),
  });
  if (res.status !== 201 && res.status !== 409)
    throw new Error(`newcomer: ${res.status} ${await res.text()}`);
}

const signedInContext = (browser: Browser, base: string, token: string) =>
  browser.newContext({
    ...PHONE,
    storageState: {
      cookies: [],
      origins: [{ origin: base, localStorage: [{ name: TOKEN_KEY, value: token }] }],
    },
  });

function rowOf(screen: string, user: string, cache: ScreenRow['cache'], goalMs: number, runs: ScreenRun[]) {
  return {
    screen,
    user,
    cache,
    goalMs,
    runs,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    contentMs: median(runs.map((r) => r.contentMs)),
    kB: median(runs.map((r) => r.kB)),
    load1: median(runs.map((r) => r.load1)),
  } satisfies ScreenRow;
}

/** Each page (those whose address `only` matches), `runs` times on a cold then a warm cache. */
export async function measureScreens(
  browser: Browser,
  base: string,
  runs: number,
  only: RegExp,
): Promise<ScreenRow[]> {
  await registerNewcomer(base);
  const tokens = new Map<string, string>();
  const rows: ScreenRow[] = [];
  for (const entry of PAGE_LIST.filter((e) => only.test(e.url))) {
    if (!tokens.has(entry.user)) tokens.set(entry.user, await tokenOf(base, entry.user));
    const cold: ScreenRun[] = [];
    const warm: ScreenRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await signedInContext(browser, base, tokens.get(entry.user)!);
      try {
        cold.push(await openScreen(context, base, entry));
        warm.push(await openScreen(context, base, entry));
      } catch (error) {
        // One screen that never shows is a row without figures, not the end of the run.
        process.stderr.write(`  ${entry.url}: ${(error as Error).message}\n`);
        cold.push(FAILED);
        warm.push(FAILED);
      } finally {
        await context.close();
      }
    }
    rows.push(rowOf(entry.url, entry.user, 'cold', GOAL_MS.screen, cold));
    rows.push(rowOf(entry.url, entry.user, 'warm', GOAL_MS.screen, warm));
    process.stderr.write(
      `  ${entry.url}: cold ${fmt(rows.at(-2)!.contentMs)} ms, warm ${fmt(rows.at(-1)!.contentMs)} ms\n`,
    );
  }
  return rows;
}

/**
 * Sign-in → home: the login page opened on the profile (cold: a fresh context; warm: one that
 * signed in before), the form sent, until the home's greeting shows; timed from the form's submit.
 */
export async function measureSignIn(browser: Browser, base: string, runs: number): Promise<ScreenRow[]> {
  const home = PAGE_LIST.find((e) => e.url === '/')!;
  await tokenOf(base, home.user);
  const out: ScreenRow[] = [];
  for (const cache of ['cold', 'warm'] as const) {
    const results: ScreenRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(PHONE);
      try {
        if (cache === 'warm') await signInOnce(context, base, home, true);
        results.push(await signInOnce(context, base, home, false));
      } finally {
        await context.close();
      }
    }
    out.push(rowOf(`sign-in → /, ${cache} cache`, home.user, 'sign-in', GOAL_MS.signIn, results));
  }
  return out;
}

async function signInOnce(context: BrowserContext, base: string, home: PageEntry, prime: boolean) {
  const { page, traffic } = await throttledPage(context, watchOf(home));
  try {
    if (prime) await Promise.all([traffic.throttle(null), traffic.slowCpu(1)]);
    await page.goto(`${base}/login`, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByRole('textbox', { name: 'Usuário' }).fill(home.user);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await traffic.idle(300);
    traffic.take();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await waitForContent(page);
    await traffic.idle(700, 120_000);
    const [submitAt, contentAt] = await page.evaluate(() => [window.__submitAt!, window.__contentAt!]);
    if (prime) await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
    return {
      lcpMs: Number.NaN,
      contentMs: contentAt - submitAt,
      kB: summarise(traffic.take()).wireBytes / 1000,
      load1: os.loadavg()[0]!,
    };
  } finally {
    await page.close();
  }
}

/**
 * The home, then a move to each list page inside the app (the router's own navigation, as a link
 * does), on a cold cache: the page's code and data are fetched then. Timed from the move.
 */
export async function measureNavigations(browser: Browser, base: string, runs: number, only: RegExp) {
  const home = PAGE_LIST.find((e) => e.url === '/')!;
  const rows: ScreenRow[] = [];
  for (const entry of PAGE_LIST.filter((e) => e.rows && only.test(e.url))) {
    const token = await tokenOf(base, entry.user);
    const results: ScreenRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await signedInContext(browser, base, token);
      const { page, traffic } = await throttledPage(context, watchOf(home));
      try {
        await page.goto(`${base}/`, { waitUntil: 'commit', timeout: 120_000 });
        await waitForContent(page);
        await traffic.idle(700, 120_000);
        traffic.take();
        const movedAt = await page.evaluate(
          ([w, url]) => {
            window.__watch!(w);
            const at = performance.now();
            history.pushState(null, '', url);
            dispatchEvent(new PopStateEvent('popstate'));
            return at;
          },
          [watchOf(entry), entry.url] as const,
        );
        await waitForContent(page);
        await traffic.idle(700, 120_000);
        const contentAt = await page.evaluate(() => window.__contentAt!);
        results.push({
          lcpMs: Number.NaN,
          contentMs: contentAt - movedAt,
          kB: summarise(traffic.take()).wireBytes / 1000,
          load1: os.loadavg()[0]!,
        });
      } catch (error) {
        process.stderr.write(`  / → ${entry.url}: ${(error as Error).message}\n`);
        results.push(FAILED);
      } finally {
        await context.close();
      }
    }
    rows.push(rowOf(`/ → ${entry.url}`, entry.user, 'navigation', GOAL_MS.navigation, results));
  }
  return rows;
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : fmt(n));

export function screensTable(rows: ScreenRow[]): string {
  return markdownTable(
    ['screen', 'user', 'cache', 'LCP ms', 'content ms', 'kB', 'goal', 'load1'],
    rows.map((r) => {
      const worst = Math.max(r.contentMs, Number.isNaN(r.lcpMs) ? 0 : r.lcpMs);
      return [
        r.screen,
        r.user,
        r.cache,
        ms(r.lcpMs),
        ms(r.contentMs),
        fmt(r.kB, 1),
        `${worst <= r.goalMs ? 'ok' : 'OVER'} (≤ ${fmt(r.goalMs)})`,
        fmt(r.load1, 2),
      ];
    }),
  );
}

/** The history line's rows: one per screen and cache, its medians. */
export const historyRows = (rows: ScreenRow[]) =>
  rows.map((r) => ({
    screen: r.screen,
    cache: r.cache,
    lcp: Number.isNaN(r.lcpMs) ? null : Math.round(r.lcpMs),
    content: Math.round(r.contentMs),
    kB: Math.round(r.kB * 10) / 10,
    goal: r.goalMs,
    load1: Math.round(r.load1 * 100) / 100,
  }));
