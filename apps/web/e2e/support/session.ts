import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'intranet123';

/**
 * Signs in through the API (fast) and opens `target` with the session in place; journeys that test
 * the login screen itself use the form instead.
 */
export async function signIn(
  page: Page,
  matricula: string,
  target = '/',
  password = DEMO_PASSWORD,
): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username: matricula, password } });
  expect(res.status(), `login ${matricula}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  // The token is stored on a page of the origin that runs no app: on /login the app of the person
  // signed in before would still be loading his home, and its calls would leave with the new token.
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('intranet.token', t), token);
  await page.goto(target);
}

/** The e-mails a server wrote to DATA_DIR/outbox (the e2e server's unless told), newest last. */
export function readOutbox(dataDir = process.env.E2E_DATA_DIR ?? ''): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** Signs in through the API and answers the session token (for calls made by the test itself). */
export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), `login ${username}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Puts a user's password back to the demo one, whatever the test left it as: used in the clean-up of
 * journeys that change a password, because later journeys sign the same user in with it.
 */
export async function restorePassword(
  page: Page,
  request: APIRequestContext,
  username: string,
  current: string[],
) {
  // Restoring ends the user's other sessions: images the page is still loading would then answer
  // 401 in it (a console error for the guard), so the page closes first.
  await page.close();
  const probe = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  if (probe.status() === 200) return;
  for (const password of current) {
    const res = await request.post('/api/login', { data: { username, password } });
    if (res.status() !== 200) continue;
    const { token } = (await res.json()) as { token: string };
    const change = await request.put('/api/me/password', {
      headers: { Authorization: `Bearer ${token}` },
      data: { oldPassword: password, newPassword: DEMO_PASSWORD },
    });
    expect(change.status(), `restoring the password of ${username}`).toBe(200);
    return;
  }
  throw new Error(`could not restore the password of ${username}`);
}

/** Marks the cookie box as accepted before the pages open (for journeys about something else). */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const url = baseURL ?? 'http://127.0.0.1:3311';
  await context.addCookies([{ name: 'cookieConsent', value: '1', url }]);
}

/** Decodes the quoted-printable body parts of an .eml, enough to read the text nodemailer wrote. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The e-mails sent to `address` (by the e2e server, or the one whose DATA_DIR is given), decoded, oldest first. */
export function mailsTo(address: string, dataDir?: string): string[] {
  return readOutbox(dataDir)
    .filter((eml) => new RegExp(`^To: .*${address.replace(/[.]/g, '\\.')}`, 'mi').test(eml))
    .map(decodeQuotedPrintable);
}

/**
 * The six-digit recovery code of the newest e-mail to `address`, waiting for one newer than the
 * `before` e-mails already there.
 */
export async function newestRecoveryCode(address: string, before = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(address);
        if (mails.length <= before) return '';
        code = /redefinir a senha da intranet é: (\d{6})/.exec(mails[mails.length - 1] ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a recovery code e-mailed to ${address}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The toasts (spec §8), where every module's success and error messages appear: the one stack that
 * holds them (top centre on a desktop, top left on a phone: app/Toasts.tsx).
 */
export const toasts = (page: Page) =>
  page.locator('.mantine-Notifications-root:has(.mantine-Notifications-notification)');

/** The newest toast is drawn at the top of the screen (the notifications stylesheet is there). */
export async function expectToastOnScreen(page: Page): Promise<void> {
  const toast = page.locator('.mantine-Notifications-notification').last();
  await expect(toast).toBeInViewport();
  const box = await toast.boundingBox();
  expect(box !== null && box.y < 200, 'toast at the top of the screen').toBe(true);
}
