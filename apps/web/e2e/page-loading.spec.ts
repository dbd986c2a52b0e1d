import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, DEMO_PASSWORD } from './support/session.ts';

/**
 * What a phone fetches while it waits (issue 37, `npm run bench:web`): the signed-in frame's and
 * the page's code are asked while the server still answers the session (an address opened) or the
 * sign-in (the form sent), not one after the other.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const HELD_MS = 1500;

/**
 * Holds `call`'s answer HELD_MS; answers the names of the code chunks the page asked before that
 * answer came (from the moment this is set up).
 */
async function chunksAskedBeforeAnswer(page: Page, call: string): Promise<string[]> {
  const asked: string[] = [];
  let answered = false;
  page.on('request', (request) => {
    const chunk = /\/assets\/([A-Za-z]+)-[^/]*\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (chunk && !answered) asked.push(chunk);
  });
  await page.route(call, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    answered = true;
    await route.continue();
  });
  return asked;
}

test('an address opened signed in fetches the frame and the page while the session is asked', {
  tag: '@phone',
}, async ({ page }) => {
  // The token put in place from the sign-in page: no signed-in code fetched before the address.
  const token = await apiToken(page.request, '1004');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('intranet.token', t), token);
  const asked = await chunksAskedBeforeAnswer(page, '**/api/get-sessionData');
  await page.goto('/ChamadosAbertos');
  await expect(page.getByRole('heading', { level: 1, name: 'Chamados Abertos' })).toBeVisible();
  expect(asked).toEqual(expect.arrayContaining(['AppLayout', 'OpenCallsPage']));
});

test('the sent sign-in form fetches the frame and the home while the server checks the password', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill('1004');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
  const asked = await chunksAskedBeforeAnswer(page, '**/api/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  expect(asked).toEqual(expect.arrayContaining(['AppLayout', 'HomePage']));
});
