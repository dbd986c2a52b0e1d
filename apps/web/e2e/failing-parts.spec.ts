import { expect, test } from './support/fixtures.ts';
import { acceptCookies, signIn } from './support/session.ts';

/**
 * Issue 32: a part of a screen that fails to draw shows its own error, never the whole-page one,
 * and a page that fails as a whole keeps the frame; both try again. (Every detail with its answers
 * held back until it is drawn without them is walked by accessibility.spec.ts.)
 */

const ROUTER_ERROR_SCREEN = 'Unexpected Application Error';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a detail that fails to draw shows its own error in its dialog; the list stays; Tentar novamente draws it', async ({
  page,
  consoleGuard,
}) => {
  // The answer of request 12 arrives without its timeline: the part that draws it throws.
  consoleGuard.allowConsoleError(/Cannot read properties of null/);
  const broken = /\/api\/purchases\/12$/;
  await page.route(broken, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), stages: null } });
  });
  await signIn(page, '1002', '/requestopened?ticket=12');

  const detail = page.getByRole('dialog', { name: 'Ticket de Número 12' });
  await expect(detail.getByTestId('part-error')).toContainText(
    'Não foi possível mostrar esta parte da tela.',
    { timeout: 20_000 },
  );
  await expect(page.getByText(ROUTER_ERROR_SCREEN)).toHaveCount(0);
  await expect(page.getByTestId('page-error')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'SOLICITAÇÕES DE COMPRAS' })).toBeVisible();

  // The answer comes whole again: trying again draws the request.
  await page.unroute(broken);
  await detail.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(detail.getByRole('list', { name: 'Etapas da solicitação' })).toBeVisible();
  await expect(detail.getByTestId('part-error')).toHaveCount(0);

  // The rest of the page was never lost: closing the dialog shows the list.
  await detail.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('virtual-table')).toBeVisible();
});

test('a page whose code cannot be downloaded shows its error inside the frame; Tentar novamente loads it @phone', async ({
  page,
  consoleGuard,
}) => {
  const chunk = /\/assets\/PurchaseRequestsPage-[^/]+\.js$/;
  consoleGuard.allowNetworkFailure(chunk);
  consoleGuard.allowConsoleError(/dynamically imported module|React Router caught the following error/);
  await signIn(page, '1002', '/');
  await page.route(chunk, (route) => route.abort());
  await page.goto('/requestopened');

  await expect(page.getByTestId('page-error')).toContainText('Não foi possível mostrar esta página.');
  await expect(page.getByText(ROUTER_ERROR_SCREEN)).toHaveCount(0);
  // The frame stays: header, the way home.
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toBeVisible();

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'SOLICITAÇÕES DE COMPRAS' })).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);
});
