import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { DETAILS, PAGES, routerPaths, type Screen, visitAll } from './support/screens.ts';
import { acceptCookies } from './support/session.ts';
import { apiCallsInFlight, settled } from './support/settled.ts';

/**
 * Issue 32, every screen walked once per project (desktop, and `phone` at 390×844 through @phone):
 * every page of the router and every detail dialog and panel, as a person who reaches it:
 *  - axe-core on each: serious and critical findings fail, each named by screen, rule and elements;
 *  - the details (and the pages under them) with each API answer held back until the page has drawn
 *    without it, as on a slow phone connection (the purchase detail crashed the whole page when its
 *    data came late): none ends on the router's error screen or a page's or part's error, and the
 *    console guard of fixtures.ts fails on any page error.
 */

const ROUTER_ERROR_SCREEN = 'Unexpected Application Error';

/**
 * The live stream of Minhas pendências never ends, so a page holding it never reaches "network
 * idle": the walks answer it 204, which the browser takes as "no stream" (the count still loads).
 */
const NO_STREAM = '**/api/pendencias/stream';
const noStream = (route: Route) => route.fulfill({ status: 204 });

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context, baseURL }) => {
  await context.route(NO_STREAM, noStream);
  await acceptCookies(context, baseURL);
});

/**
 * Holds back every answer of the API until the page has painted two frames since it asked: whatever
 * asked (a detail, or the page under it) is then on screen without its data, the state that crashed,
 * and the answer lands on it. A fixed delay would prove the same only where the machine draws faster
 * than the delay, and would cost its length on every call.
 */
async function lateApi(page: Page) {
  await page.route('**/api/**', async (route) => {
    if (route.request().url().includes('/api/pendencias/stream')) return noStream(route);
    if (!route.request().isNavigationRequest()) {
      // A page that has gone (the walk moved on) has nothing left to draw.
      await page
        .evaluate(
          () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
        )
        .catch(() => undefined);
    }
    await route.continue().catch(() => undefined);
  });
}

/** Once every late answer has landed and been drawn, nothing on screen is an error screen. */
async function noErrorScreen(page: Page, where: string) {
  await expect(page.getByText(ROUTER_ERROR_SCREEN), where).toHaveCount(0);
  await expect(page.getByTestId('page-error'), where).toHaveCount(0);
  await expect(page.getByTestId('part-error'), where).toHaveCount(0);
}

/** The serious and critical findings of axe-core on what the page shows now, one line each. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe once in the page, instead of in each frame and then again in a blank page of
  // its own to merge the frames' results: the app has no frames, so the rules and the result are the same.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ')}]`);
      const more = v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : '';
      return `${where}: ${v.id} (${v.impact}) ${v.help} — ${nodes.join(' | ')}${more}`;
    });
}

/**
 * Walks `screens`, collecting axe's findings; with `late` answers, fails on the first error screen.
 * The pages are opened as their links do, in the app; the details from their addresses, as each
 * needs its page fresh under it (a dialog left open would cover the next one's button).
 */
async function walk(page: Page, screens: Screen[], findings: string[], { late }: { late: boolean }) {
  if (late) await lateApi(page);
  const inFlight = apiCallsInFlight(page);
  await visitAll(
    page,
    screens,
    async (screen) => {
      const where = `${screen.name} (${screen.user})`;
      await settled(page, inFlight);
      await noErrorScreen(page, where);
      findings.push(...(await axeFindings(page, where)));
    },
    { inApp: !late },
  );
}

test('every route of the web router is among the pages checked', () => {
  const checked = PAGES.map((p) => new URL(p.url, 'http://x').pathname.toLowerCase());
  // A route's `:param` stands for one path segment.
  const matches = (route: string) => new RegExp(`^${route.toLowerCase().replace(/:[^/]+/g, '[^/]+')}$`);
  const missing = routerPaths().filter((route) => !checked.some((p) => matches(route).test(p)));
  expect(missing, 'routes without an accessibility check').toEqual([]);
});

/**
 * The pages in two halves, each a test of its own: the walks' worker and, once the journeys are
 * done, the journeys' worker walk them at the same time (playwright.config.ts).
 */
const HALF = Math.ceil(PAGES.length / 2);
const PAGE_HALVES = [PAGES.slice(0, HALF), PAGES.slice(HALF)] as const;

test('every page, first half: no serious or critical axe-core finding @phone', async ({
  page,
  context,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(400_000);
  // The set-up page of a used link asks for it and is told 404, which it shows as its message.
  consoleGuard.allowResourceError(404, /\/api\/setup\//);
  // The sign-in page as a first visit shows it: with the cookie box.
  await context.clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await settled(page, apiCallsInFlight(page));
  const findings = await axeFindings(page, '/login');
  await acceptCookies(context, baseURL);
  await walk(page, PAGE_HALVES[0], findings, { late: false });
  expect(findings).toEqual([]);
});

test('every page, second half: no serious or critical axe-core finding @phone', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(400_000);
  consoleGuard.allowResourceError(404, /\/api\/setup\//);
  const findings: string[] = [];
  await walk(page, PAGE_HALVES[1], findings, { late: false });
  expect(findings).toEqual([]);
});

test('every detail dialog and panel, with answers held until drawn without them: drawn, and no serious or critical axe-core finding @phone', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const findings: string[] = [];
  await walk(page, DETAILS, findings, { late: true });
  expect(findings).toEqual([]);
});
