import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { sendOtPhoto } from './support/operations.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * Minhas pendências (issue 35): João (1003) opens a purchase request in his browser → it appears in
 * Patrícia's (1002, Compras) pendências at once, in another browser context, without a reload: on
 * the page, in the header's bell and on the home → she opens it from the list with the keyboard
 * alone, analyses it (it stays, waiting for the next step) and denies it → it leaves her list.
 * Then one search (the header's box): a word of its item typed without accents finds it for her,
 * under "Solicitações de compra", opened with the keyboard; Rafael (1004, a Colaborador of TI, not
 * its requester) searching the same word does not see it. Desktop and, through @phone, a 390×844
 * touch screen.
 */

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  // Normally done by the first-access journey; accepting again is harmless, so this spec also runs alone.
  const token = await apiToken(request, '1003');
  const res = await request.put('/api/users/policy', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: 3, policyAccepted: 1 },
  });
  expect(res.status()).toBe(200);
});

/** The bell's number, read from its accessible name ("Pendências: 3"). */
async function bellCount(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/Pendências: (\d+)/.exec(name)?.[1] ?? Number.NaN);
}

/** Opens the search from the header: Ctrl+K on a desktop, the "Buscar" icon on a phone. */
async function openSearch(page: Page, phone: boolean) {
  if (phone) await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  else await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Buscar na intranet' });
  return { dialog, input: dialog.getByRole('combobox', { name: 'Nome, matrícula, número, placa ou OT' }) };
}

/** João asks for a compra through the form, in his own browser; answers its ticket number. */
async function joaoAsks(page: Page, product: string): Promise<number> {
  await signIn(page, '1003', '/openpurchrequest');
  await page.getByRole('textbox', { name: 'Produto' }).fill(product);
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).click();
  await page.getByRole('option', { name: 'Novo ativo', exact: true }).click();
  await page.getByRole('textbox', { name: 'Descrição da justificativa' }).fill('Pneus gastos na doca 3');
  await page.getByRole('radio', { name: 'Mauá' }).check();
  await page.getByRole('radio', { name: 'Média' }).check();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://loja.example/pneus');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(dialog).toContainText('Sua solicitação foi enviada ao setor de Compras.');
  return Number((await dialog.locator('strong').textContent())?.replace('#', ''));
}

test(
  'a request João opens reaches Patrícia’s pendências live; she acts on it and it leaves',
  {
    tag: '@phone',
  },
  async ({ page, browser, consoleGuard }, testInfo) => {
    const phone = (page.viewportSize()?.width ?? 0) <= 390;
    const shot = (name: string) => page.screenshot({ path: `${testInfo.outputDir}/pendencias-${name}.png` });
    await signIn(page, '1002', '/pendencias');
    await expect(page.getByRole('heading', { name: 'Minhas pendências', level: 1 })).toBeVisible();
    const bell = page.getByRole('link', { name: /^Pendências: \d+/ });
    await expect(bell).toBeVisible();
    const before = await bellCount(bell);
    const lines = page.getByRole('list', { name: 'Minhas pendências' });

    const joao = await browser.newContext({
      viewport: page.viewportSize(),
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    consoleGuard.watch(joao);
    const product = `Pneus da empilhadeira elétrica ${phone ? 'celular' : 'mesa'} ${Date.now() % 100_000}`;
    const ticket = await joaoAsks(await joao.newPage(), product);
    await joao.close();

    // No reload: the stream says "changed", the page and the bell ask again.
    const line = lines.getByRole('link', {
      name: new RegExp(`Solicitação de compra ${ticket} · ${product}`),
    });
    await expect(line).toBeVisible();
    await expect(line).toContainText('Analisar a solicitação');
    await expect(line).toContainText(/desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(line).toHaveAttribute('href', `/requestopened?ticket=${ticket}`);
    await expect(bell).toHaveAccessibleName(`Pendências: ${before + 1}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await shot('lista');

    // The home's first block shows it too, with "Ver todas".
    await page.getByRole('link', { name: 'Início' }).first().click();
    const block = page.getByRole('region', { name: /Minhas pendências/ });
    await expect(
      block.getByRole('link', { name: new RegExp(`Solicitação de compra ${ticket} `) }),
    ).toBeVisible();
    await shot('inicio');
    await block.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(/\/pendencias$/);

    // Keyboard alone: Tab to the line, Enter opens the request.
    await page.getByRole('heading', { name: 'Minhas pendências', level: 1 }).click();
    for (let i = 0; i < 60 && !(await line.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(line).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/requestopened\\?ticket=${ticket}`));
    const detail = page.getByRole('dialog', { name: `Ticket de Número ${ticket}` });
    await detail.getByRole('button', { name: 'Próxima Etapa', exact: true }).first().click();
    await expect(toasts(page)).toContainText('Etapa atualizada!');
    await page.keyboard.press('Escape');

    // Analysed: it still waits for her, for the next step.
    await bell.click();
    await expect(line).toContainText('Pedir cotação');
    await line.click();
    await detail.getByRole('button', { name: 'Negar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirmação' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(detail.locator('[data-status]').first()).toHaveText('Negado');
    await page.keyboard.press('Escape');
    await bell.click();
    await expect(page.getByRole('heading', { name: 'Minhas pendências', level: 1 })).toBeVisible();
    await expect(
      lines.getByRole('link', { name: new RegExp(`Solicitação de compra ${ticket} `) }),
    ).toHaveCount(0);
    await expect(bell).toHaveAccessibleName(`Pendências: ${before}`);
    await shot('depois');

    // One search: too short a text gets the contract's message; "eletrica" finds "elétrica".
    const found = await openSearch(page, phone);
    await found.input.fill('e');
    await expect(found.dialog).toContainText('Digite ao menos 2 caracteres para buscar.');
    await found.input.fill('eletrica');
    const hit = found.dialog
      .getByRole('group', { name: 'Solicitações de compra' })
      .getByRole('option', { name: new RegExp(product) });
    await expect(hit).toBeVisible();
    await shot('busca');
    for (let i = 0; i < 30 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(found.dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/requestopened\\?ticket=${ticket}`));
    await expect(detail).toBeVisible();

    // Rafael searches the same word: not his request, not among what he finds.
    const rafael = await browser.newContext({
      viewport: page.viewportSize(),
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    consoleGuard.watch(rafael);
    const other = await rafael.newPage();
    await signIn(other, '1004', '/');
    // "/" opens it too, from anywhere but a text field (here the box itself, focused by keyboard).
    const opener = other.getByRole('banner').getByRole('button', { name: 'Buscar' });
    if (phone) await opener.click();
    else {
      await opener.focus();
      await other.keyboard.press('/');
    }
    const nothing = other.getByRole('dialog', { name: 'Buscar na intranet' });
    await nothing.getByRole('combobox').fill('eletrica');
    await expect(nothing.getByTestId('busca-empty').or(nothing.getByRole('listbox'))).toBeVisible();
    await expect(nothing.getByRole('option', { name: new RegExp(product) })).toHaveCount(0);
    // Escape closes it and gives the focus back to what opened it.
    await other.keyboard.press('Escape');
    await expect(nothing).toBeHidden();
    await expect(opener).toBeFocused();
    await rafael.close();
  },
);

test('every search hit opens its record; a person with no page to open is only shown', async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  const shot = (p: Page, name: string) => p.screenshot({ path: `${testInfo.outputDir}/busca-${name}.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  const ot = String(7_000_000 + (Date.now() % 1_000_000));
  await sendOtPhoto(page.request, '1001', ot, 'doca.png');
  await signIn(page, '1001', '/');
  await expect(page.getByTestId('busca-box')).toBeVisible();

  // A notice opens in the Avisos page's own view, also when the address is read again.
  let search = await openSearch(page, false);
  await search.input.fill('sipat');
  await search.dialog.getByRole('group', { name: 'Avisos' }).getByRole('option', { name: /SIPAT/ }).click();
  await expect(page).toHaveURL(/\/avisos\?aviso=\d+$/);
  const notice = page.getByRole('dialog', { name: 'Aviso' });
  await expect(notice).toContainText('Semana Interna de Prevenção de Acidentes');
  await shot(page, 'aviso');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/avisos$/);

  // An OT's attachments: its folder open, by the keyboard.
  search = await openSearch(page, false);
  await search.input.fill(ot);
  const otHit = search.dialog
    .getByRole('group', { name: 'Anexos de operação' })
    .getByRole('option', { name: new RegExp(`OT ${ot}`) });
  await expect(otHit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/homeAnexoOperacao/listanexosoperacao\\?ot=${ot}$`));
  await expect(page.getByText(`OT ${ot}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('attachment')).toContainText('doca.png');
  await shot(page, 'ot');

  // A person, for a user administrator: Usuários filtered by the name.
  search = await openSearch(page, false);
  await search.input.fill('barbosa');
  await search.dialog
    .getByRole('group', { name: 'Pessoas' })
    .getByRole('option', { name: /Rafael Lima Barbosa/ })
    .click();
  await expect(page).toHaveURL(/\/setusers\?nome=Rafael/);
  await expect(page.getByRole('cell', { name: 'Rafael Lima Barbosa', exact: true })).toBeVisible();

  // A Colaborador (Rafael, on a phone) sees people as information: nothing to open, the arrows skip them.
  const rafael = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  consoleGuard.watch(rafael);
  const other = await rafael.newPage();
  await signIn(other, '1004', '/');
  await expect(other.getByTestId('busca-icon')).toBeVisible();
  search = await openSearch(other, true);
  await search.input.fill('souza');
  const patricia = search.dialog.getByRole('option', { name: /Patrícia Souza Ramos/ });
  await expect(patricia).toHaveAttribute('aria-disabled', 'true');
  await expect(patricia).toContainText('Compras');
  await expect(search.input).not.toHaveAttribute('aria-activedescendant');
  await other.keyboard.press('Enter');
  // Playwright waits for an aria-disabled element to be enabled: the click goes in regardless.
  await patricia.click({ force: true });
  await expect(search.dialog).toBeVisible();
  await expect(other).toHaveURL(/\/$/);

  await search.input.fill('lima');
  const himself = search.dialog.getByRole('group', { name: 'Pessoas' }).getByRole('option');
  const purchases = search.dialog.getByRole('group', { name: 'Solicitações de compra' }).getByRole('option');
  await expect(purchases.first()).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 3; i++) {
    await other.keyboard.press('ArrowDown');
    await expect(himself).toHaveAttribute('aria-selected', 'false');
    await expect(purchases.and(other.locator('[aria-selected="true"]'))).toHaveCount(1);
  }
  await shot(other, 'pessoa-informacao');
  const { violations } = await new AxeBuilder({ page: other }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await rafael.close();
});
