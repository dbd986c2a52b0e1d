import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, signIn } from './support/session.ts';

/**
 * The home shell (spec §2 Home, Sector landing cards; §6 menu rules; §9 constants). Expected values
 * are written from the spec's tables, not computed by the contracts' policy functions.
 */

/** Spec §2: the sector grid in its order, each linking to its route. */
const SECTORS = [
  { key: 'estoque', label: 'Estoque', path: '/Estoque' },
  { key: 'compras', label: 'Compras', path: '/Compras' },
  { key: 'infra', label: 'Infraestrutura', path: '/infraestrutura' },
  { key: 'faturamento', label: 'Faturamento', path: '/faturamento' },
  { key: 'operacao', label: 'Operação', path: '/operação' },
  { key: 'qssma', label: 'QSSMA', path: '/qssma' },
  { key: 'ti', label: 'Tecnologia de Informação', path: '/tecnologia de informacao' },
  { key: 'rh', label: 'Recursos Humanos', path: '/recursos humanos' },
  { key: 'multas', label: 'Gestão de Multas', path: '/gestão de multas' },
] as const;
type SectorKey = (typeof SECTORS)[number]['key'];

/** Spec §2 Gerenciar: path, label, opens in a new tab. */
const GERENCIAR = {
  usuarios: { label: 'Usuários', path: '/setusers', newTab: false },
  avisos: { label: 'Inserir Avisos', path: '/InserirInformativos', newTab: false },
  funcionarios: { label: 'Gerenciar Funcionários', path: '/setemployees', newTab: true },
} as const;

/**
 * Spec §6, for three demo users:
 * - 1001 Administrador (priv 1, admin, TI): role below 3 → Gerenciar tab; admin → its three links;
 *   Administrador → every sector; role below 3 → Solicitar.
 * - 1003 Colaborador (priv 3, suport 0, Operação): no Gerenciar tab, only Operação, no Solicitar.
 * - 1005 analista de RH (priv 3, suport 1, RH): support in RH → Gerenciar tab with Inserir Avisos and
 *   Gerenciar Funcionários (not Usuarios: neither admin nor role below 3); only RH; support → Solicitar.
 */
const MENU_CASES: {
  matricula: string;
  who: string;
  tabs: string[];
  gerenciar: (keyof typeof GERENCIAR)[];
  enabled: SectorKey[] | 'all';
  solicitar: boolean;
}[] = [
  {
    matricula: '1001',
    who: 'Administrador',
    tabs: ['Acessar Ambiente', 'Gerenciar', 'Suporte'],
    gerenciar: ['usuarios', 'avisos', 'funcionarios'],
    enabled: 'all',
    solicitar: true,
  },
  {
    matricula: '1003',
    who: 'Colaborador de Operação',
    tabs: ['Acessar Ambiente', 'Suporte'],
    gerenciar: [],
    enabled: ['operacao'],
    solicitar: false,
  },
  {
    matricula: '1005',
    who: 'analista de RH (suporte)',
    tabs: ['Acessar Ambiente', 'Gerenciar', 'Suporte'],
    gerenciar: ['avisos', 'funcionarios'],
    enabled: ['rh'],
    solicitar: true,
  },
];

const samePath = (href: string | null, path: string) =>
  decodeURIComponent(href ?? '').toLowerCase() === path.toLowerCase();

async function expectTile(tile: Locator, enabled: boolean, path: string) {
  await expect(tile).toHaveAttribute('data-enabled', enabled ? 'true' : 'false');
  if (enabled) {
    expect(await tile.evaluate((el) => el.tagName)).toBe('A');
    expect(samePath(await tile.getAttribute('href'), path), `${path} link`).toBe(true);
    await expect(tile).not.toHaveAttribute('aria-disabled', 'true');
  } else {
    await expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(await tile.evaluate((el) => el.tagName)).not.toBe('A');
    await expect(tile).not.toHaveAttribute('href');
    expect(await tile.evaluate((el) => el.closest('a') === null && el.querySelector('a') === null)).toBe(
      true,
    );
  }
}

test.describe('menu visibility (spec §6)', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  for (const c of MENU_CASES) {
    test(`${c.matricula} ${c.who}`, { tag: '@phone' }, async ({ page }) => {
      await signIn(page, c.matricula, '/');
      const menu = page.getByRole('region', { name: 'Menu principal' });
      await expect(menu.getByRole('tab')).toHaveText(c.tabs);
      await expect(menu.getByRole('tab', { name: 'Acessar Ambiente' })).toHaveAttribute(
        'aria-selected',
        'true',
      );

      // Acessar Ambiente: the nine sectors in order; only the user's are links.
      const tiles = page.getByTestId('sector-grid').getByTestId('sector-tile');
      await expect(tiles).toHaveText(SECTORS.map((s) => s.label));
      for (const [i, s] of SECTORS.entries()) {
        const tile = tiles.nth(i);
        await expect(tile).toHaveAttribute('data-sector', s.key);
        await expectTile(tile, c.enabled === 'all' || c.enabled.includes(s.key), s.path);
      }

      // Gerenciar.
      if (c.tabs.includes('Gerenciar')) {
        await menu.getByRole('tab', { name: 'Gerenciar' }).click();
        const links = page.getByTestId('gerenciar-link');
        await expect(links).toHaveText(c.gerenciar.map((k) => GERENCIAR[k].label));
        for (const [i, k] of c.gerenciar.entries()) {
          const link = links.nth(i);
          expect(samePath(await link.getAttribute('href'), GERENCIAR[k].path)).toBe(true);
          if (GERENCIAR[k].newTab) await expect(link).toHaveAttribute('target', '_blank');
          else await expect(link).not.toHaveAttribute('target', '_blank');
        }
        await expect(page.getByTestId('gerenciar-empty')).toHaveCount(0);
      } else {
        await expect(menu.getByRole('tab', { name: 'Gerenciar' })).toHaveCount(0);
      }

      // Suporte: Solicitar for role below 3 or support; Consultar and Recursos Humanos for all.
      await menu.getByRole('tab', { name: 'Suporte' }).click();
      await expect(page.getByTestId('suporte-consultar')).toBeVisible();
      await expect(page.getByTestId('suporte-rh')).toBeVisible();
      expect(samePath(await page.getByTestId('suporte-rh').getAttribute('href'), '/RhHomeRequest')).toBe(
        true,
      );
      await expect(page.getByTestId('suporte-solicitar')).toHaveCount(c.solicitar ? 1 : 0);
      // No visible tab for the Notificações/Eventos submenu.
      await expect(menu.getByRole('tab', { name: /Notifica|Eventos/ })).toHaveCount(0);
    });
  }

  test('Suporte › Consultar stores functionType=consultar and opens /chooserequest', async ({
    page,
    context,
  }) => {
    await signIn(page, '1003', '/');
    await page.getByRole('tab', { name: 'Suporte' }).click();
    await page.getByTestId('suporte-consultar').click();
    await expect(page).toHaveURL(/\/chooserequest$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Escolha uma Opção' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'functionType');
    expect(cookie?.value).toBe('consultar');
  });

  test('Suporte › Solicitar stores functionType=solicitar', async ({ page, context }) => {
    await signIn(page, '1004', '/');
    await page.getByRole('tab', { name: 'Suporte' }).click();
    await page.getByTestId('suporte-solicitar').click();
    await expect(page).toHaveURL(/\/chooserequest$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'functionType');
    expect(cookie?.value).toBe('solicitar');
  });
});

test.describe('header, banners, notices', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  test('header: matrícula, short name, avatar, home button except on the home page', async ({ page }) => {
    await signIn(page, '1005', '/');
    await expect(page.getByTestId('header-matricula')).toHaveText('1005');
    // "Fernanda Oliveira Costa": first and last word.
    await expect(page.getByTestId('header-name')).toHaveText('Fernanda Costa');
    await expect(page.getByTestId('header-avatar')).toBeVisible();
    await expect(page.getByTestId('home-button')).toHaveCount(0);

    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Alterar dados' }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    const home = page.getByTestId('home-button');
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-button')).toHaveCount(0);
    // The footer: version label and the links of spec §2.
    const footer = page.getByTestId('app-footer');
    await expect(footer.getByTestId('app-version')).toHaveText(/^Intranet v\d+\.\d+\.\d+/);
    for (const path of ['/politica-uso-documento', '/abrirchamado', '/RhHomeRequest', '/privacy-policy']) {
      await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
    }
  });

  test('the header turns transparent past 100 px of scroll', async ({ page }) => {
    await signIn(page, '1001', '/');
    const header = page.getByTestId('app-header');
    await expect(page.getByTestId('notice').first()).toBeVisible();
    await expect(header).toHaveAttribute('data-transparent', 'false');
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(90);
    await expect(header).toHaveAttribute('data-transparent', 'false');
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(header).toHaveAttribute('data-transparent', 'true');
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-transparent', 'false');
  });

  test('the banner slider advances every 3 s and pauses while the mouse is over it', async ({ page }) => {
    await page.clock.install();
    await signIn(page, '1002', '/');
    const slider = page.getByTestId('banner-slider');
    await expect(slider).toBeVisible();
    await expect(slider.getByTestId('banner-slide')).toHaveCount(3);
    await page.mouse.move(0, 0);
    // From here on the page's clock moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const index = async () => Number(await slider.getAttribute('data-active-index'));
    const start = await index();

    await page.clock.runFor(3_000);
    await expect(slider).toHaveAttribute('data-active-index', String((start + 1) % 3));
    await expect(slider.locator('[data-testid=banner-slide][data-active=true]')).toHaveCount(1);
    await page.clock.runFor(2_800);
    await expect(slider).toHaveAttribute('data-active-index', String((start + 1) % 3));
    await page.clock.runFor(300);
    await expect(slider).toHaveAttribute('data-active-index', String((start + 2) % 3));

    // Paused under the mouse.
    await slider.hover();
    await expect(slider).toHaveAttribute('data-paused', 'true');
    await page.clock.runFor(7_000);
    await expect(slider).toHaveAttribute('data-active-index', String((start + 2) % 3));
    await page.mouse.move(0, 0);
    await expect(slider).toHaveAttribute('data-paused', 'false');
    await page.clock.runFor(3_100);
    await expect(slider).toHaveAttribute('data-active-index', String(start % 3));
  });

  test('the notices show on the home page', async ({ page }) => {
    await signIn(page, '1008', '/');
    const notices = page.getByTestId('notice');
    await expect(notices.filter({ hasText: 'Campanha de vacinação contra a gripe' })).toBeVisible();
    await expect(
      notices.filter({ hasText: 'Semana Interna de Prevenção de Acidentes (SIPAT)' }),
    ).toHaveAttribute('data-position', 'retrato');
    await expect(notices.filter({ hasText: 'Campanha de vacinação contra a gripe' })).toHaveAttribute(
      'data-position',
      'paisagem',
    );
    await expect(notices.filter({ hasText: 'o ponto eletrônico passa a ser registrado' })).toBeVisible();
    const image = notices
      .filter({ hasText: 'Campanha de vacinação' })
      .getByRole('img', { name: 'Imagem do aviso' });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  });
});

test('the cookie box is accepted once and stays away for 365 days', async ({ page, context }) => {
  await signIn(page, '1004', '/');
  const box = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(box).toBeVisible();
  await expect(box).toContainText('cookies');
  await box.getByRole('button', { name: 'Aceitar' }).click();
  await expect(box).toHaveCount(0);

  const cookie = (await context.cookies()).find((c) => c.name === 'cookieConsent');
  expect(cookie?.value).toBe('1');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThan(365.1);

  await page.reload();
  await expect(page.getByTestId('sector-grid')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
});

test.describe('sector pages', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  const cards = (page: Page) => page.getByTestId('sector-cards').getByTestId('sector-card');

  test('/tecnologia de informacao for 1004 (TI support): Chamados Abertos and the support cards', async ({
    page,
  }) => {
    await signIn(page, '1004', '/tecnologia%20de%20informacao');
    await expect(page.getByRole('heading', { level: 1, name: 'Tecnologia de Informação' })).toBeVisible();
    await expect(cards(page)).toHaveText(['Chamados Abertos', 'Pastas e Arquivos', 'Aplicativos', 'Eventos']);
    const hrefs = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.map((h) => h?.toLowerCase())).toEqual([
      '/chamadosabertos',
      '/foldersfiles',
      '/apps',
      '/agendevents',
    ]);
    await cards(page).filter({ hasText: 'Chamados Abertos' }).click();
    await expect(page).toHaveURL(/\/ChamadosAbertos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chamados Abertos' })).toBeVisible();
  });

  test('/Estoque for 1006 (Diretor): the first card is hidden', async ({ page }) => {
    await signIn(page, '1006', '/Estoque');
    await expect(page.getByRole('heading', { level: 1, name: 'Estoque' })).toBeVisible();
    await expect(cards(page)).toHaveText(['Compras', 'Pastas e Arquivos', 'Aplicativos', 'Eventos']);
    await expect(cards(page).filter({ hasText: 'Chamados Abertos' })).toHaveCount(0);
    // The same director sees it on his other sector.
    await page.goto('/opera%C3%A7%C3%A3o');
    await expect(page.getByRole('heading', { level: 1, name: 'Operação' })).toBeVisible();
    await expect(cards(page).first()).toHaveText('Chamados Abertos');
  });

  test('a sector the user does not belong to says so', async ({ page }) => {
    await signIn(page, '1003', '/Compras');
    const noAccess = page.getByTestId('sector-no-access');
    await expect(noAccess).toContainText('Você não tem acesso ao setor Compras.');
    await expect(page.getByTestId('sector-cards')).toHaveCount(0);
    await noAccess.getByRole('link', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL(/\/$/);
    // His own sector opens from the grid.
    await page.getByTestId('sector-tile').filter({ hasText: 'Operação' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operação' })).toBeVisible();
    await expect(cards(page)).toHaveText(['Gravação de Processos']);
  });
});

test.describe('phone (390x844)', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  async function expectNoHorizontalScroll(page: Page) {
    const { scrollWidth, width } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      width: window.innerWidth,
    }));
    expect(scrollWidth, 'page wider than the phone').toBeLessThanOrEqual(width);
  }

  for (const matricula of ['1003', '1001']) {
    test(`the home page works on a phone for ${matricula}`, async ({ page }, testInfo) => {
      await signIn(page, matricula, '/');
      const grid = page.getByTestId('sector-grid');
      await expect(grid).toBeVisible();
      await expect(grid.getByTestId('sector-tile')).toHaveCount(9);
      await expect(page.getByTestId('header-matricula')).toBeVisible();
      await expect(page.getByTestId('banner-slider')).toBeVisible();
      await expect(page.getByTestId('notice').first()).toBeVisible();
      await expectNoHorizontalScroll(page);

      // Every tab is on screen and answers a tap.
      const tabs = page.getByRole('region', { name: 'Menu principal' }).getByRole('tab');
      await expect(tabs).toHaveCount(matricula === '1001' ? 3 : 2);
      for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
      await page.getByRole('tab', { name: 'Suporte' }).tap();
      await expect(page.getByTestId('suporte-consultar')).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (matricula === '1001') {
        await page.getByRole('tab', { name: 'Gerenciar' }).tap();
        await expect(page.getByTestId('gerenciar-link')).toHaveCount(3);
        await expectNoHorizontalScroll(page);
      }
      await page.getByRole('tab', { name: 'Acessar Ambiente' }).tap();
      await expect(grid).toBeVisible();

      const file = testInfo.outputPath(`home-phone-${matricula}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`home-phone-${matricula}`, { path: file, contentType: 'image/png' });

      // An own sector opens with a tap.
      const own = grid.locator('[data-testid=sector-tile][data-enabled=true]').first();
      await own.tap();
      await expect(page.getByTestId('sector-cards')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  }
});
