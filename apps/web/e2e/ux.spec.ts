import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, signIn, toasts } from './support/session.ts';

/**
 * Issue 15: what got in the way of people using the built screens on a desktop (1366×900) and a
 * phone (390×844). Tests tagged @phone-only run only in the `phone` project (playwright.config.ts).
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE_ONLY = { tag: '@phone-only' };
/** The card the table scrolls in. */
const frame = (page: Page) => page.getByTestId('virtual-table').locator('xpath=..');

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Opens a call as `who` through the API; answers its number. */
async function openCall(request: APIRequestContext, who: string, descript: string, dep = 'QSSMA') {
  const token = await apiToken(request, who);
  const policy = await request.put('/api/users/policy', {
    headers: { authorization: `Bearer ${token}` },
    data: { policyAccepted: 1 },
  });
  expect(policy.status()).toBeLessThan(300);
  const res = await request.post('/api/insertCall', {
    headers: { authorization: `Bearer ${token}` },
    data: { problem: dep === 'QSSMA' ? 'EPI' : 'Outros', descript, dep, filial: 'Matriz' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
}

/** The box of an element, which must be on screen. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element laid out').not.toBeNull();
  return b!;
}

test.describe('tables (item 1)', () => {
  test.use({ viewport: DESKTOP });

  test('Chamados Abertos fits a 1366 px desktop: every column whole, first one fixed, widths kept when filtering', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, '1001', '/ChamadosAbertos');
    const table = page.getByTestId('virtual-table');
    const rows = table.locator('tbody tr[data-index]');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });

    // Every column is inside the card: nothing to scroll sideways, Status and the date in sight. The
    // widths follow the card's measured width, which lands a frame after the rows on a busy machine.
    await expect
      .poll(() => frame(page).evaluate((el) => el.scrollWidth - el.clientWidth), {
        message: 'table wider than its card',
      })
      .toBeLessThanOrEqual(0);
    const card = await box(frame(page));
    for (const header of ['Ticket', 'Data e hora', 'Status']) {
      const th = await box(table.getByRole('columnheader', { name: header }));
      expect(th.x + th.width, `${header} inside the card`).toBeLessThanOrEqual(card.x + card.width + 1);
    }
    // A date is never cut.
    const date = rows.first().locator('td').nth(7);
    await expect(date).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(await date.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);

    // The first column stays while the others scroll sideways.
    await expect(table.locator('tbody td').first()).toHaveCSS('position', 'sticky');

    // Sortable and plain headers use one font.
    const sortable = table.getByRole('button', { name: 'Ordenar por Ticket' });
    const plain = table.getByRole('columnheader', { name: 'Problema' });
    const size = (l: Locator) => l.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await size(sortable)).toBe(await size(plain));

    // Column widths do not depend on the rows: a filter does not move them.
    const widths = () => table.locator('thead th').evaluateAll((ths) => ths.map((th) => th.clientWidth));
    const before = await widths();
    await page.getByRole('button', { name: 'Filtrar Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar Ticket' });
    await dialog.getByRole('textbox', { name: 'Ticket' }).fill('1');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(rows).toHaveCount(1);
    expect(await widths()).toEqual(before);
  });
});

test(
  'on a phone the call lists keep Status in sight, with 40 px filter buttons',
  PHONE_ONLY,
  async ({ page }) => {
    const width = page.viewportSize()?.width ?? 0;
    expect(width).toBe(390);
    await signIn(page, '1001', '/ChamadosAbertos');
    const table = page.getByTestId('virtual-table');
    await expect(table.locator('tbody tr[data-index]').first()).toBeVisible();
    const status = await box(table.getByRole('columnheader', { name: 'Status' }));
    expect(status.x + status.width, 'Status on screen').toBeLessThanOrEqual(width);
    await expect(table.locator('tbody tr[data-index]').first().locator('[data-status]')).toBeInViewport();
    for (const name of ['Filtrar Ticket', 'Filtrar Status']) {
      const b = await box(page.getByRole('button', { name }));
      expect(Math.min(b.width, b.height), `${name} tap target`).toBeGreaterThanOrEqual(40);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);

    // A filter still works on a phone.
    await page.getByRole('button', { name: 'Filtrar Status' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Filtrar Status' });
    await dialog.getByRole('textbox', { name: 'Status' }).tap();
    await page.getByRole('option', { name: 'Finalizado' }).tap();
    await dialog.getByRole('button', { name: 'Ok' }).tap();
    await expect(page).toHaveURL(/[?&]status=3/);

    // Meus Chamados too.
    await signIn(page, '1003', '/Calls?typeRequest=chamado');
    await expect(page.getByTestId('virtual-table').locator('tbody tr[data-index]').first()).toBeVisible();
    const mine = await box(page.getByTestId('virtual-table').getByRole('columnheader', { name: 'Status' }));
    expect(mine.x + mine.width).toBeLessThanOrEqual(width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  },
);

test.describe('records opened by link and long words (items 8 and 2)', () => {
  test.use({ viewport: DESKTOP });

  test('/ChamadosAbertos?ticket= opens the call; closing the panel takes the parameter away', async ({
    page,
    request,
  }) => {
    test.slow();
    const id = await openCall(request, '1003', 'A impressora da portaria não imprime etiquetas.');
    await signIn(page, '1001', `/ChamadosAbertos?status=0&ticket=${id}`);
    const panel = page.getByTestId('call-panel');
    await expect(panel).toContainText('A impressora da portaria não imprime etiquetas.');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).not.toHaveURL(/ticket=/);
    // The list's own parameters stay.
    await expect(page).toHaveURL(/[?&]status=0/);
  });

  test('a 5,000-character word wraps in the ticket panel; addresses are shortened links', async ({
    page,
    request,
  }) => {
    test.slow();
    // A pasted log line of 4,700 characters without a space, and a long address.
    const line = `ERRO:${'0123456789'.repeat(470)}`.slice(0, 4700);
    const url = `https://logs.rotasul.com.br/expedicao/${'a'.repeat(200)}?dia=23`;
    const id = await openCall(request, '1003', `${line}\nVeja ${url}`);

    await signIn(page, '1003', `/Calls?typeRequest=chamado&ticket=${id}`);
    const panel = page.getByTestId('call-panel');
    await expect(panel).toContainText('ERRO:0123456789');
    const drawer = await box(panel);
    expect(drawer.x + drawer.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    // The address is a link, shortened on screen, whole on hover and in the link.
    const link = panel.getByRole('link', { name: /^logs\.rotasul\.com\.br\/expedicao.*…a*\?dia=23$/ });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('title', url);
    expect((await link.textContent())?.length).toBeLessThanOrEqual(48);
  });
});

test.describe('labels (item 6)', () => {
  test.use({ viewport: DESKTOP });

  test('accented names everywhere; Setor and Departamento named apart; the subtitle fits who reads it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, '1001', '/');
    const menu = page.getByRole('region', { name: 'Menu principal' });
    await menu.getByRole('tab', { name: 'Gerenciar' }).click();
    await expect(page.getByTestId('gerenciar-link').first()).toHaveText('Usuários');

    await page.goto('/ChamadosAbertos');
    const headers = page.getByTestId('virtual-table').locator('thead th');
    await expect(headers).toHaveText([
      'Ticket',
      'Suporte',
      'Nome',
      'Unidade',
      'Matrícula',
      'Setor',
      'Problema',
      'Data e hora',
      'Status',
    ]);
    await expect(page.getByTestId('virtual-table')).toContainText('Tecnologia de Informação');
    await expect(page.getByTestId('virtual-table')).not.toContainText('Informacao');

    await page.goto('/abrirchamado');
    await page.getByRole('textbox', { name: 'Departamento' }).click();
    await expect(page.getByRole('option', { name: 'Tecnologia de Informação', exact: true })).toBeVisible();

    // João (Colaborador) attends no department: his list only talks about his own calls.
    await signIn(page, '1003', '/Calls?typeRequest=chamado');
    await expect(page.getByText('Acompanhe os chamados que você abriu.', { exact: true })).toBeVisible();
    await expect(page.getByText(/departamentos que você atende/)).toHaveCount(0);
    await signIn(page, '1004', '/Calls?typeRequest=chamado');
    await expect(page.getByText(/departamentos que você atende/)).toBeVisible();
  });
});

test.describe('messages at the right time (item 7)', () => {
  test.use({ viewport: DESKTOP });

  test('attachments are checked when picked; counters show the limits; typed markup stays text', async ({
    page,
    request,
  }) => {
    test.slow();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/insertCall')) sent.push(r.url());
    });
    await signIn(page, '1003', '/abrirchamado');
    await expect(page.getByText('0/5000 caracteres')).toBeVisible();
    const picker = page.getByRole('form', { name: 'Abrir chamado' }).locator('input[type=file]');
    // An .exe renamed .png: refused at once, with the call's message, before Enviar.
    await picker.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00'),
    });
    await expect(page.getByText('Formato inválido. Envie imagens ou PDF.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anexos (opcional)' })).not.toContainText('foto.png');
    await picker.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]),
    });
    await expect(page.getByText('O anexo excede o tamanho máximo de 10MB.')).toBeVisible();
    expect(sent).toEqual([]);

    // The notice text shows its limit like the answer box.
    await signIn(page, '1001', '/InserirInformativos');
    await expect(page.getByText('0/2000 caracteres')).toBeVisible();
    await page.getByLabel('Texto do aviso').fill('Reunião às 10h');
    await expect(page.getByText('14/2000 caracteres')).toBeVisible();

    // <script> typed in an answer is shown as typed, like in the description.
    const typed = '<script>alert(1)</script> Verifique o cabo <b>azul</b>.';
    const id = await openCall(request, '1003', typed);
    await signIn(page, '1001', `/ChamadosAbertos?ticket=${id}`);
    const panel = page.getByTestId('call-panel');
    await expect(panel).toContainText(typed);
    await panel.getByRole('button', { name: 'Atender', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Alterar status do chamado' })
      .getByRole('button', { name: 'Atender' })
      .click();
    await expect(toasts(page)).toContainText('Status do chamado alterado com sucesso!');
    await panel.getByRole('textbox', { name: 'Mensagem' }).fill(typed);
    await panel.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(page.getByTestId('call-answers')).toContainText(typed);
  });
});

test.describe('folders (items 4, 5, 7 and 9)', () => {
  test.describe.configure({ mode: 'serial' });
  const FOLDER = 'Fotos da doca';
  const item = (page: Page, name: string) =>
    page.locator(`[data-testid="explorer-item"][data-name="${name}"]`);

  async function openFolder(page: Page) {
    await signIn(page, '1006', '/FoldersFiles');
    await expect(item(page, 'Pasta Pública')).toBeVisible();
    if ((await item(page, FOLDER).count()) === 0) {
      await page.getByRole('button', { name: 'Nova pasta', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova pasta' });
      await dialog.getByLabel('Nome da pasta').fill(FOLDER);
      await dialog.getByRole('button', { name: 'Criar' }).click();
      await expect(dialog).toBeHidden();
    }
  }

  async function startRename(page: Page, name: string) {
    await item(page, name)
      .getByRole('button', { name: `Opções de ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Renomear' }).click();
    return page.getByRole('textbox', { name: 'Novo nome' });
  }

  test('renaming keeps the extension, selects the base name, and a taken name says "arquivo"', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allowResourceError(409, '/api/renameFile');
    await page.setViewportSize(DESKTOP);
    await openFolder(page);
    await item(page, FOLDER).dblclick();
    await expect(page.getByRole('navigation', { name: 'Caminho' })).toContainText(FOLDER);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'aviso.png', mimeType: 'image/png', buffer: png },
      { name: 'doca.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect(item(page, 'aviso.png')).toBeVisible();
    await expect(item(page, 'doca.png')).toBeVisible();

    const input = await startRename(page, 'aviso.png');
    await expect(input).toBeFocused();
    // Only "aviso" is selected: typing replaces the base name.
    expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      0, 5,
    ]);
    await input.fill('Foto da doca – Mauá');
    await input.press('Enter');
    await expect(item(page, 'Foto da doca – Mauá.png')).toBeVisible();

    // A name another file has: the file's own message.
    const again = await startRename(page, 'Foto da doca – Mauá.png');
    await again.fill('doca');
    await again.press('Enter');
    await expect(toasts(page)).toContainText('Erro ao atualizar o nome do arquivo.');
    await expect(toasts(page)).not.toContainText('nome da pasta');
  });

  test('a single tap opens a folder on a phone', PHONE_ONLY, async ({ page }) => {
    await openFolder(page);
    await item(page, FOLDER).tap();
    await expect(page.getByRole('navigation', { name: 'Caminho' })).toContainText(FOLDER);
    await expect(page).toHaveURL(/pasta=\d+/);
  });
});

test.describe('small ones (item 9)', () => {
  test.use({ viewport: DESKTOP });

  test('the profile avatar shows the header initials (first and last name)', async ({ page }) => {
    // Fernanda Oliveira Costa: the header says FC; Mantine's own initials said FO.
    await signIn(page, '1005', '/perfil');
    const header = page.getByTestId('header-avatar');
    await expect(header).toHaveText('FC');
    await expect(page.getByTestId('profile-photo')).toHaveText('FC');
  });
});
