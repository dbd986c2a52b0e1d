import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * A client-error status a test may provoke on purpose (a wrong password answers 401, a wrong
 * recovery code 400…), and the 502 and 503 of an outage, which a test plays itself at the
 * browser's door (page.route): the server's own 500 can never be allowed.
 */
export type ProvokedStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 502 | 503;

interface AllowedResourceError {
  status: ProvokedStatus;
  /** Part of the failing resource's URL (a string to contain, or a pattern). */
  url: string | RegExp;
}

export interface ConsoleGuard {
  /**
   * Accepts the browser's "Failed to load resource: … status of <status>" message for a resource
   * whose URL matches, because the test provokes that answer on purpose (a wrong password, a
   * logged-out token…), or an outage it plays at the browser's door (502, 503).
   */
  allowResourceError(status: ProvokedStatus, url: string | RegExp): void;
  /**
   * Accepts "Failed to load resource: net::ERR_…" for a resource whose URL matches, because the
   * test cuts that connection on purpose (a dropped Wi-Fi in the middle of an upload).
   */
  allowNetworkFailure(url: string | RegExp): void;
  /**
   * Accepts console errors whose text matches, because the test makes a screen fail on purpose
   * (React reports an error its boundary caught with console.error).
   */
  allowConsoleError(text: RegExp): void;
  /** Watches a page or a context that the test opened itself (the default context is watched already). */
  watch(target: Page | BrowserContext): void;
  /** The problems collected so far (console errors, page errors, CSP refusals). */
  problems(): string[];
}

const RESOURCE_ERROR = /Failed to load resource: the server responded with a status of (\d{3})/;
const NETWORK_FAILURE = /Failed to load resource: net::ERR_/;

function matches(url: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? url.includes(pattern) : pattern.test(url);
}

/**
 * `test` with an automatic guard: any console error, uncaught page error or Content-Security-Policy
 * violation ("Refused to …" or "… violates the following Content Security Policy directive …", at
 * any console level) fails the test at its end, except the resource errors the test allowed
 * explicitly with `consoleGuard.allowResourceError`. Pages of the test's own `context` are watched
 * automatically; pass pages of other contexts to `consoleGuard.watch`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const allowed: AllowedResourceError[] = [];
      const cut: (string | RegExp)[] = [];
      const expectedErrors: RegExp[] = [];
      const watched = new WeakSet<object>();

      const isAllowed = (text: string, url: string) => {
        if (NETWORK_FAILURE.test(text)) return cut.some((pattern) => matches(url, pattern));
        const status = RESOURCE_ERROR.exec(text)?.[1];
        if (!status) return false;
        return allowed.some((a) => String(a.status) === status && matches(url, a.url));
      };

      const watch = (target: Page | BrowserContext) => {
        if (watched.has(target) || ('context' in target && watched.has(target.context()))) return;
        watched.add(target);
        target.on('console', (msg) => {
          const text = msg.text();
          const refused = /Refused to /.test(text) || /Content[- ]Security[- ]Policy/i.test(text);
          if (msg.type() !== 'error' && !refused) return;
          const url = msg.location().url;
          if (!refused && isAllowed(text, url)) return;
          if (!refused && expectedErrors.some((pattern) => pattern.test(text))) return;
          problems.push(`console.${msg.type()}: ${text}${url ? ` (${url})` : ''}`);
        });
        if ('pages' in target) {
          target.on('weberror', (err) => problems.push(`pageerror: ${err.error().stack ?? err.error()}`));
        } else {
          target.on('pageerror', (err) => problems.push(`pageerror: ${err.stack ?? err.message}`));
        }
      };

      watch(context);
      await use({
        allowResourceError: (status, url) => {
          allowed.push({ status, url });
        },
        allowNetworkFailure: (url) => {
          cut.push(url);
        },
        allowConsoleError: (text) => {
          expectedErrors.push(text);
        },
        watch,
        problems: () => [...problems],
      });
      expect(problems, 'console errors, page errors or CSP refusals in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
