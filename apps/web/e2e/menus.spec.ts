import { sectorForPath } from '@intranet/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, signIn } from './support/session.ts';
import { apiCallsInFlight, openInApp, settled } from './support/settled.ts';

/**
 * Issue 32, "the menus and the rules disagree": for each demo user, every link the home (its three
 * tabs, header and footer), the sector pages, /chooserequest (Solicitar and Consultar) and the RH
 * home show is opened, and the walk fails on a page whose own API calls answer 403 or 404, on a page
 * that sends the user away ("Acesso negado", "Acesso restrito", the 404 page), and on an approval
 * the policy gives him (a request with stage buttons for him) that no page he reached listed.
 */

const USERS = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009'];

/** The demo's HR requests wait at these approvers' stages (Diretor #3, Presidente #4, Jurídico #7). */
const APPROVERS = ['1006', '1007', '1008'];

/** The pages that are menus: their links are walked too. */
const isMenuPage = (path: string) =>
  path === '/' || /^\/(chooserequest|rhhomerequest)$/i.test(path) || sectorForPath(path) !== undefined;

/** Where a link leads, compared without case and URL encoding (the app matches paths that way). */
function place(href: string): string {
  const u = new URL(href, 'http://x');
  return `${decodeURIComponent(u.pathname).toLowerCase()}${u.search}`;
}

interface Walk {
  /** What went wrong, each with the link and where it was found. */
  problems: string[];
  /** Request ids some visited page listed (its own list calls answered them). */
  listed: { hr: Set<number>; purchases: Set<number> };
  visited: string[];
}

/** The internal links inside `scope`, API downloads and mail links left out. */
async function linksIn(scope: Locator): Promise<{ href: string; label: string }[]> {
  const found = await scope.locator('a[href]').evaluateAll((els) =>
    els.map((e) => ({
      href: e.getAttribute('href') ?? '',
      label: (e.getAttribute('aria-label') || e.textContent || '').trim(),
    })),
  );
  return found.filter((l) => l.href.startsWith('/') && !l.href.startsWith('/api/'));
}

async function walk(page: Page, matricula: string): Promise<Walk> {
  const result: Walk = { problems: [], listed: { hr: new Set(), purchases: new Set() }, visited: [] };
  let current = '/';
  const inFlight = apiCallsInFlight(page);
  const settle = () => settled(page, inFlight);
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (r.status() === 403 || r.status() === 404) {
      result.problems.push(
        `${matricula} em ${current}: ${r.request().method()} ${url.pathname}${url.search} → ${r.status()}`,
      );
      return;
    }
    const list =
      url.pathname === '/api/hr-requests' ? 'hr' : url.pathname === '/api/purchases' ? 'purchases' : null;
    if (!list || r.status() !== 200) return;
    const body = (await r.json().catch(() => ({ rows: [] }))) as { rows: { Id?: number; id?: number }[] };
    for (const row of body.rows) result.listed[list].add(row.Id ?? row.id ?? 0);
  });

  const queue: { href: string; from: string; label: string }[] = [];
  const seen = new Set<string>();
  const enqueue = (links: { href: string; label: string }[], from: string) => {
    for (const l of links) {
      if (seen.has(place(l.href))) continue;
      seen.add(place(l.href));
      queue.push({ ...l, from });
    }
  };

  // The home: every tab of the menu, then the header and the footer.
  await signIn(page, matricula, '/');
  const menu = page.getByRole('region', { name: 'Menu principal' });
  await expect(menu).toBeVisible();
  seen.add('/');
  for (const tab of await menu.getByRole('tab').all()) {
    await tab.click();
    await settle();
    enqueue(await linksIn(menu), `/ (aba ${await tab.textContent()})`);
  }
  enqueue(await linksIn(page.locator('header, footer')), '/ (cabeçalho e rodapé)');

  // Suporte › Solicitar and › Consultar are buttons: each leads to /chooserequest with its options.
  for (const button of ['suporte-solicitar', 'suporte-consultar']) {
    await page.goto('/');
    await menu.getByRole('tab', { name: 'Suporte' }).click();
    if ((await page.getByTestId(button).count()) === 0) continue;
    current = `/chooserequest (${button})`;
    await page.getByTestId(button).click();
    await expect(page).toHaveURL(/\/chooserequest$/);
    await settle();
    enqueue(await linksIn(page.locator('main')), current);
  }
  seen.add('/chooserequest');

  while (queue.length > 0) {
    const link = queue.shift()!;
    current = `${link.href} («${link.label}», de ${link.from})`;
    result.visited.push(link.href);
    await openInApp(page, link.href);
    await settle();
    const at = new URL(page.url());
    const where = `${decodeURIComponent(at.pathname).toLowerCase()}`;
    if (where !== place(link.href).split('?')[0])
      result.problems.push(`${matricula}: ${current} levou a ${at.pathname}`);
    // A page its rule refuses sends the user home (the path differs, above) or says so in place.
    const refused = page.getByTestId('sector-no-access').or(page.getByText('404', { exact: true }));
    if (await refused.count()) result.problems.push(`${matricula}: ${current} recusou o acesso`);
    if (isMenuPage(at.pathname)) enqueue(await linksIn(page.locator('main')), link.href);
  }
  return result;
}

/** The requests with stage buttons for this user (the policy, through each request's own abilities). */
async function actionable(request: APIRequestContext, matricula: string) {
  const as = async (who: string) => ({ Authorization: `Bearer ${await apiToken(request, who)}` });
  const admin = await as('1001');
  const mine = await as(matricula);
  const hr = (await (await request.get('/api/hr-requests?scope=all&pageSize=200', { headers: admin })).json())
    .rows as { Id: number }[];
  const purchases = (
    await (await request.get('/api/purchases?scope=received&pageSize=200', { headers: admin })).json()
  ).rows as { id: number; status: number }[];
  const out: { hr: number[]; purchases: number[] } = { hr: [], purchases: [] };
  for (const { Id } of hr) {
    const res = await request.get(`/api/hr-requests/${Id}`, { headers: mine });
    if (res.status() === 200 && (await res.json()).abilities.transitions.length > 0) out.hr.push(Id);
  }
  // Approvals: the stages of the manager (3) and of the director (4).
  for (const { id } of purchases.filter((p) => p.status === 3 || p.status === 4)) {
    const res = await request.get(`/api/purchases/${id}`, { headers: mine });
    if (res.status() === 200 && (await res.json()).abilities.transitions.length > 0) out.purchases.push(id);
  }
  return out;
}

test.describe('every link of the home and the menus opens, and every approval is reachable (issue 32)', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  for (const matricula of USERS) {
    test(`${matricula}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const result = await walk(page, matricula);
      const waiting = await actionable(request, matricula);
      if (APPROVERS.includes(matricula))
        expect(waiting.hr.length, `a solicitação de RH que espera por ${matricula}`).toBeGreaterThan(0);
      const unreachable = [
        ...waiting.hr.filter((id) => !result.listed.hr.has(id)).map((id) => `RH nº ${id}`),
        ...waiting.purchases.filter((id) => !result.listed.purchases.has(id)).map((id) => `compra nº ${id}`),
      ].map((r) => `${matricula}: aprovação sem caminho pelos menus: ${r}`);
      expect([...result.problems, ...unreachable], `páginas visitadas: ${result.visited.join(', ')}`).toEqual(
        [],
      );
    });
  }
});

/** Who approves what in the demo: the hiring #4 waits for the president, #3 for the director. */
test.describe('what the menus offer, as the server lets each person through (issue 32)', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  test('the president (1007) reaches the hiring waiting for her from the home and from the RH home', async ({
    page,
  }, testInfo) => {
    await signIn(page, '1007', '/');
    // Her sectors are Faturamento only: Recursos Humanos stays greyed (spec §6), the way in is below.
    await expect(page.locator('[data-testid=sector-tile][data-sector=rh]')).toHaveAttribute(
      'data-enabled',
      'false',
    );
    await page.getByRole('tab', { name: 'Suporte' }).click();
    const tile = page.getByTestId('suporte-aprovacoes');
    await expect(tile.getByTestId('aprovacoes-compras')).toHaveText(/^\d+\+? solicitaç(ão|ões) de compra$/);
    await expect(tile.getByTestId('aprovacoes-rh')).toHaveText(/^[1-9]\d*\+? solicitaç(ão|ões) de RH$/);
    await page.screenshot({ path: testInfo.outputPath('aprovacoes-1007.png') });
    await tile.getByTestId('aprovacoes-rh').click();
    await expect(page).toHaveURL(/\/mainScreamRh\?waiting=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Atendimento RH' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Aguardando minha aprovação' })).toBeChecked();
    await page.getByRole('cell', { name: '#4', exact: true }).click();
    const panel = page.getByTestId('hr-request-panel');
    await expect(panel.getByTestId('hr-current-stage')).toHaveText('Análise Presidente');
    await expect(panel.getByRole('button', { name: 'Aprovar', exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Negar', exact: true })).toBeVisible();

    // Suporte › Recursos Humanos: the RH home has Atendimento RH for her.
    await page.goto('/');
    await page.getByRole('tab', { name: 'Suporte' }).click();
    await page.getByTestId('suporte-rh').click();
    await expect(page.getByTestId('rh-tile')).toHaveCount(6);
    await page.screenshot({ path: testInfo.outputPath('rh-home-1007.png') });
    await page.getByRole('link', { name: 'Atendimento RH' }).click();
    await expect(page).toHaveURL(/\/mainScreamRh$/);
    await expect(page.getByRole('cell', { name: '#4', exact: true })).toBeVisible();
  });

  test('Faturamento offers the president no Gerir Multas: fines are Gestão de Multas’s', async ({ page }) => {
    await signIn(page, '1007', '/faturamento');
    await expect(page.getByRole('heading', { level: 1, name: 'Faturamento' })).toBeVisible();
    await expect(page.getByTestId('sector-card')).toHaveText(['Pastas e Arquivos', 'Aplicativos', 'Eventos']);
    await signIn(page, '1009', '/faturamento');
    await expect(page.getByTestId('sector-no-access')).toBeVisible();
    await page.goto('/gest%C3%A3o%20de%20multas');
    await expect(page.getByTestId('sector-card').filter({ hasText: 'Gerir Multas' })).toBeVisible();
  });

  test('a Colaborador (1003): Admissão and Demissão greyed, the forms refused; a purchase from Consultar', async ({
    page,
  }, testInfo) => {
    await signIn(page, '1003', '/RhHomeRequest');
    const tiles = page.getByTestId('rh-tile');
    await expect(tiles).toHaveText([
      'Admissão',
      'Demissão',
      'Movimentação',
      'Documentos',
      'Minhas Solicitações',
    ]);
    for (const name of ['Admissão', 'Demissão']) {
      const tile = tiles.filter({ hasText: name });
      await expect(tile).toHaveAttribute('aria-disabled', 'true');
      await expect(tile).toHaveAttribute(
        'title',
        'Admissões e demissões são solicitadas pelos gestores e pela equipe de RH.',
      );
    }
    await expect(page.locator('main').getByRole('link')).toHaveText(['Minhas Solicitações']);
    await page.screenshot({ path: testInfo.outputPath('rh-home-1003.png') });
    // Typed in the address bar: the access alert and the home, never a form that fails on Enviar.
    await page.goto('/formHiring');
    await expect(page.getByText('Você não tem autorização de acesso a essa página')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // He has no Solicitar (spec §6), but Consultar offers the purchase form he may send.
    await page.getByRole('tab', { name: 'Suporte' }).click();
    await expect(page.getByTestId('suporte-solicitar')).toHaveCount(0);
    await expect(page.getByTestId('suporte-aprovacoes')).toHaveCount(0);
    await page.getByTestId('suporte-consultar').click();
    await page
      .locator('[data-function-type=solicitar]')
      .getByRole('link', { name: 'Solicitar uma Compra' })
      .click();
    await expect(page.getByRole('heading', { name: 'Solicitar uma Compra' })).toBeVisible();
  });

  test('the requester’s own view never offers stage buttons, attachments or Inserir Funcionário', async ({
    page,
    request,
  }) => {
    // Fernanda (RH) asks for a hiring; the others take it to Aprovado.
    const headers = async (who: string) => ({ Authorization: `Bearer ${await apiToken(request, who)}` });
    const created = await request.post('/api/hire_request', {
      headers: await headers('1005'),
      data: {
        role: 9,
        branch: 1,
        work_time: 1,
        contractType: 1,
        reasonHiring: 2,
        BreachContractId: 4,
        textJustify: 'Reforço na expedição.',
      },
    });
    expect(created.status()).toBe(200);
    const id = ((await created.json()) as { id: number }).id;
    for (const [who, stage] of [
      ['1008', 1],
      ['1008', 3],
      ['1006', 4],
      ['1007', 5],
    ] as const) {
      const moved = await request.post('/api/rhstage_request', {
        headers: await headers(who),
        data: { requestId: id, stage },
      });
      expect(moved.status(), `${who} → ${stage}`).toBe(200);
    }

    await signIn(page, '1005', '/requesterScreamRh');
    await page.getByRole('cell', { name: `#${id}`, exact: true }).click();
    let panel = page.getByTestId('hr-request-panel');
    await expect(panel.getByText('Finalizado')).toBeVisible();
    await expect(panel.getByRole('button')).toHaveText([]);
    await expect(panel.getByText('Anexos')).toHaveCount(0);

    // The same request from Atendimento RH: inserting the employee is HR's next step.
    await page.goto(`/mainScreamRh?Id=${id}`);
    await page.getByRole('cell', { name: `#${id}`, exact: true }).click();
    panel = page.getByTestId('hr-request-panel');
    await expect(panel.getByRole('button', { name: 'Inserir Funcionário' })).toBeVisible();
  });

  test('the director’s approval tile on a phone: both lists, each a tap away @phone', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, '1006', '/');
    await page.getByRole('tab', { name: 'Suporte' }).click();
    const tile = page.getByTestId('suporte-aprovacoes');
    for (const link of ['aprovacoes-compras', 'aprovacoes-rh']) {
      const box = await tile.getByTestId(link).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${link} inside the screen`).toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath('aprovacoes-1006-phone.png'), fullPage: true });
    await tile.getByTestId('aprovacoes-rh').click();
    await expect(page).toHaveURL(/\/mainScreamRh\?waiting=1$/);
    await expect(page.getByRole('cell', { name: '#3', exact: true })).toBeVisible();
  });
});
