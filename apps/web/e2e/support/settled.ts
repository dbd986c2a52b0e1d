import { pendenciasCalls } from '@intranet/contracts';
import { expect, type Page, type Request } from '@playwright/test';

/**
 * How many of the page's API calls are in flight, from now on. The live stream of Minhas pendências
 * stays open while the page does: it is never counted.
 */
export function apiCallsInFlight(page: Page): () => number {
  // A set, not a counter: a call asked before the count began may end after it.
  const inFlight = new Set<Request>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== pendenciasCalls.stream.path) inFlight.add(r);
  });
  const finished = (r: Request) => inFlight.delete(r);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return () => inFlight.size;
}

/**
 * Waits until the page has drawn its data: loaded, no API call in flight for three looks 100 ms
 * apart, and no loader or skeleton left. Unlike the browser's "network idle", it also holds after a
 * move of the app's own router, which loads no page.
 */
export async function settled(page: Page, inFlight: () => number) {
  await page.waitForLoadState('load');
  for (let quiet = 0; quiet < 3; ) {
    await page.waitForTimeout(100);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(
    0,
    { timeout: 20_000 },
  );
}

/** Opens `href` as a click on one of the app's links does: its router moves, nothing reloads. */
export async function openInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}
