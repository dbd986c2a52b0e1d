import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'intranet123';

/**
 * Signs in through the API (fast) and opens `target` with the session in place; journeys that test
 * the login screen itself use the form instead.
 */
export async function signIn(page: Page, matricula: string, target = '/'): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username: matricula, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${matricula}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('intranet.token', t), token);
  await page.goto(target);
}

/** The e-mails the e2e server wrote to DATA_DIR/outbox, newest last. */
export function readOutbox(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
