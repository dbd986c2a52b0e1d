import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, signIn, toasts } from './support/session.ts';

/**
 * Issue 32: "Etapa atualizada!" covered the next step's button and the dialog's close X for 5 s.
 * A toast must cover none of the open dialog's buttons, on a 1366×768 desktop and a 390×844 phone
 * (where the detail is full screen), and a step's toast goes after 3 s.
 */

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** A service request of João (1003), opened through the API; answers its ticket. */
async function openRequest(request: APIRequestContext, descript: string): Promise<number> {
  const token = await apiToken(request, '1003');
  const opened = await request.post('/api/purchases', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      typerequest: 'servico',
      descript,
      justify: 'Serviço',
      justifyDescript: 'Pedido do turno',
      filial: 'Matriz',
      priority: '2',
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  return ((await opened.json()) as { id: number }).id;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every button of `dialog` on screen (its close X among them), with its name for the message. */
async function buttonsOnScreen(page: Page, dialog: Locator) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const found: { name: string; box: Box }[] = [];
  for (const button of await dialog.getByRole('button').all()) {
    const b = await button.boundingBox();
    if (!b || b.width === 0 || b.y > viewport.height || b.y + b.height < 0) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    found.push({ name: name.trim() || 'botão sem nome', box: b });
  }
  return found;
}

/** Patrícia (1002) takes the request's first step in its detail; the toast covers none of its buttons. */
async function stepAndCheck(page: Page, ticket: number, tap: boolean) {
  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  const dialog = page.getByRole('dialog', { name: `Ticket de Número ${ticket}` });
  const next = dialog.getByRole('button', { name: 'Próxima Etapa', exact: true });
  if (tap) await next.tap();
  else await next.click();
  await expect(toasts(page)).toContainText('Etapa atualizada!');
  await expect(dialog.locator('[data-status]').first()).toHaveText('Em análise');
  // The next step's buttons are there again (Próxima Etapa, Negar).
  await expect(next).toBeEnabled();
  const toast = page.locator('.mantine-Notifications-notification').filter({ hasText: 'Etapa atualizada!' });
  const shown = Date.now();
  const t = await toast.boundingBox();
  expect(t, 'toast laid out').not.toBeNull();
  const buttons = await buttonsOnScreen(page, dialog);
  expect(buttons.map((b) => b.name)).toEqual(expect.arrayContaining(['Próxima Etapa', 'Negar']));
  for (const b of buttons) expect(overlap(t!, b.box), `the toast covers "${b.name}"`).toBe(false);
  await page.screenshot({ path: test.info().outputPath('toast.png') });
  // A step's toast goes after 3 s (it lingered 5 s over the buttons).
  await expect(toast).toBeHidden({ timeout: 4_500 });
  expect(Date.now() - shown).toBeLessThan(4_500);
}

test('desktop: the stage toast leaves the dialog’s buttons and close X free', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const ticket = await openRequest(request, 'Troca do vidro da portaria (toast, desktop)');
  await stepAndCheck(page, ticket, false);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the stage toast leaves the full-screen detail’s buttons and close X free', async ({
    page,
    request,
  }) => {
    const ticket = await openRequest(request, 'Troca do vidro da portaria (toast, celular)');
    await stepAndCheck(page, ticket, true);
  });
});
