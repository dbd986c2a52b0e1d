import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from './support/fixtures.ts';
import { sendOtPhoto } from './support/operations.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * Gestão de Multas: Marcos (1009) filters the fines, edits a row below the table, inserts a fine
 * (first refused with the server's list of required fields), opens the BM report, and downloads
 * multas_geral.xlsx and BM.xlsx and reads them back. A user outside the sector is sent away.
 */

// The dashboard and the 43-column table are the heaviest screens: allow a loaded machine some time.
const expect = baseExpect.configure({ timeout: 30_000 });

const AUTO = 'S000000001';
const NEW_AUTO = 'E2E-0001';

async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function api(page: Page, url: string) {
  const token = await apiToken(page.request, '1009');
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return res.json();
}

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0]!;
}

test.describe.configure({ mode: 'serial' });

const n = (value: number) => value.toLocaleString('pt-BR');

/** The filter bar: beside the view on a desktop, in a drawer opened by Filtros on a phone. */
async function filterBar(page: Page) {
  const bar = page.getByRole('complementary', { name: 'Filtros' });
  const opener = page.getByRole('button', { name: /^Filtros/ });
  if (await opener.isVisible()) await opener.click();
  await expect(bar).toBeVisible();
  return bar;
}

test('filters go to the URL and the dashboard follows them', { tag: '@phone' }, async ({ page }) => {
  await signIn(page, '1009', '/managerFines');
  await expect(page.getByRole('heading', { name: 'Gestão de Multas' })).toBeVisible();
  const all = await api(page, '/api/fines/aggregates');
  await expect(page.getByTestId('kpi-totalMultas')).toContainText(n(all.totalMultas));

  let bar = await filterBar(page);
  await choose(page, bar, 'Responsável', 'Braskem');
  await bar.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/responsible=braskem/);
  await expect(page.getByTestId('kpi-totalMultas')).toContainText(n(all.countBraskem));
  await expect(page.getByTestId('kpi-countUnspecified')).toContainText('0');

  // A bookmarked view keeps its filters.
  await page.reload();
  await expect(page.getByTestId('kpi-totalMultas')).toContainText(n(all.countBraskem));
  bar = await filterBar(page);
  await bar.getByRole('button', { name: 'Limpar' }).click();
  await expect(page).not.toHaveURL(/responsible=/);
});

test('Gerenciar Dados: a row opens its editor below the table and saving refreshes it', async ({ page }) => {
  await signIn(page, '1009', `/managerFines?view=5&NUMERO_AUTO=${AUTO}`);
  const table = page.getByTestId('virtual-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('cell', { name: AUTO, exact: true }).click();
  const editor = page.getByRole('region', { name: 'Editar multa' });
  await expect(editor).toBeVisible();
  await editor.getByTestId('fine-OT').fill('3999999');
  const money = editor.getByTestId('fine-VAL_REALIZADO_ND');
  await money.click();
  await money.press('Control+A');
  await money.press('Backspace');
  await money.pressSequentially('1234,5');
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Multa atualizada com sucesso!');
  const [row] = await api(page, `/api/managerFines?NUMERO_AUTO=${AUTO}`);
  expect(row).toMatchObject({ OT: '3999999', VAL_REALIZADO_ND: 1234.5 });
  await expect(table).toContainText('R$ 1.234,50');
});

test('a fine shows the operation attachments of its OT, which open from the editor', async ({ page }) => {
  const [{ OT: ot }] = (await api(page, `/api/managerFines?NUMERO_AUTO=${AUTO}`)) as [{ OT: string }];
  await sendOtPhoto(page.request, '1009', ot, 'placa.png');

  await signIn(page, '1009', `/managerFines?view=5&NUMERO_AUTO=${AUTO}`);
  await page.getByTestId('virtual-table').getByRole('cell', { name: AUTO, exact: true }).click();
  const attachments = page
    .getByRole('region', { name: 'Editar multa' })
    .getByRole('region', { name: `Anexos da operação da OT ${ot}` });
  await attachments.getByRole('button', { name: 'placa.png' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${test.info().outputDir}/fine-ot-attachments.png` });
  await attachments.getByRole('button', { name: 'placa.png' }).click();
  await expect(
    page.getByRole('dialog', { name: 'placa.png' }).getByRole('img', { name: 'placa.png' }),
  ).toBeVisible();
});

test('Inserir Multa: the server names the missing fields, then the fine is inserted', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowResourceError(400, '/api/fines');
  await signIn(page, '1009', '/managerFines?view=5');
  await page.getByRole('button', { name: 'Inserir Multa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserir Multa' });
  await dialog.getByRole('button', { name: 'Inserir Multa' }).click();
  await expect(dialog.getByTestId('fine-insert-error')).toHaveText(
    'Erro ao inserir Multa: Campos obrigatórios não preenchidos, NUMERO_AUTO, DATA_INFRACAO, ORGAO_AUTUADOR, UNIDADE, PLACA, TRANSP, STATUS_MULTA, VALOR_TOTAL_MULTA',
  );

  await dialog.getByTestId('fine-NUMERO_AUTO').fill(NEW_AUTO);
  await dialog.getByTestId('fine-DATA_INFRACAO').fill('10/05/2024');
  await dialog.getByTestId('fine-ORGAO_AUTUADOR').fill('PRF');
  await dialog.getByTestId('fine-UNIDADE').fill('Camaçari');
  await dialog.getByTestId('fine-PLACA').pressSequentially('abc1d23');
  await expect(dialog.getByTestId('fine-PLACA')).toHaveValue('ABC-1D23');
  await dialog.getByTestId('fine-TRANSP').fill('Translog Transportes Ltda');
  await dialog.getByTestId('fine-CNPJ_AUTUADO').pressSequentially('12345678000195');
  await expect(dialog.getByTestId('fine-CNPJ_AUTUADO')).toHaveValue('12.345.678/0001-95');
  await choose(page, dialog, 'STATUS_MULTA', 'Penalidade');
  await dialog.getByTestId('fine-VALOR_TOTAL_MULTA').pressSequentially('195,23');
  await dialog.getByTestId('fine-DATA_APURACAO').fill('15/05/2024');
  await dialog.getByRole('button', { name: 'Inserir Multa' }).click();
  await expect(toasts(page)).toContainText('Multa inserida com sucesso!');
  await expect(dialog).toBeHidden();

  const [row] = await api(page, `/api/managerFines?NUMERO_AUTO=${NEW_AUTO}`);
  expect(row).toMatchObject({
    DATA_INFRACAO: '2024-05-10',
    PLACA: 'ABC1D23',
    CNPJ_AUTUADO: '12345678000195',
    VALOR_TOTAL_MULTA: 195.23,
    STATUS_MULTA: 'Penalidade',
  });
});

test('the BM report flags the month and downloads BM.xlsx; an empty month says so', async ({ page }) => {
  await signIn(page, '1009', '/managerFines');
  await page.getByRole('button', { name: 'Relatório BM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relatório BM' });
  await choose(page, dialog, 'Ano', '2024');
  await choose(page, dialog, 'Mês', 'Maio');
  const expected = await api(page, '/api/fines/bm?year=2024&month=5');
  expect(expected.rows.some((r: { NUMERO_AUTO: string }) => r.NUMERO_AUTO === NEW_AUTO)).toBe(true);
  await expect(dialog.getByTestId('virtual-table')).toContainText('AP');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Baixar BM.xlsx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('BM.xlsx');
  const sheet = await readSheet((await download.path())!);
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['AP', 'PG', 'NUMERO_AUTO']);
  expect(sheet.rowCount - 1).toBe(expected.total);
  const mine = [...Array(sheet.rowCount).keys()]
    .map((i) => sheet.getRow(i + 1))
    .find((r) => r.getCell(3).value === NEW_AUTO);
  expect(mine?.getCell(1).value).toBe('AP');

  await choose(page, dialog, 'Ano', '2012');
  await choose(page, dialog, 'Mês', 'Janeiro');
  await expect(dialog.getByRole('status')).toHaveText('Não há dados para o período informado');
});

test('multas_geral.xlsx has what the filters show, with real dates and amounts', async ({ page }) => {
  await signIn(page, '1009', '/managerFines?view=2&business=UNIB');
  const expected = await api(page, '/api/fines?business=UNIB&pageSize=1');
  await expect(page.getByText(`${expected.total.toLocaleString('pt-BR')} registros`)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar planilha' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('multas_geral.xlsx');
  const sheet = await readSheet((await download.path())!);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toHaveLength(43);
  expect(sheet.rowCount - 1).toBe(expected.total);
  const negocio = header.indexOf('NEGOCIO') + 1;
  const date = header.indexOf('DATA_INFRACAO') + 1;
  const value = header.indexOf('VALOR_TOTAL_MULTA') + 1;
  expect(sheet.getRow(2).getCell(negocio).value).toBe('UNIB');
  expect(sheet.getRow(2).getCell(date).value).toBeInstanceOf(Date);
  expect(typeof sheet.getRow(2).getCell(value).value).toBe('number');
});

async function writeSheet(path: string, rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Multas');
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(path);
}

test('Importar planilha: a bad row is named with its reason; the fixed file imports', async ({
  page,
  consoleGuard,
}, info) => {
  // Two uploads, a lost reading and a commit job, each followed by polls.
  test.slow();
  const header = [
    'NUMERO_AUTO',
    'DATA_INFRACAO',
    'ORGAO_AUTUADOR',
    'UNIDADE',
    'PLACA',
    'TRANSP',
    'STATUS_MULTA',
    'VALOR_TOTAL_MULTA',
  ];
  const good = [
    'IMP-0001',
    new Date(Date.UTC(2024, 5, 3)),
    'PRF',
    'Camaçari',
    'ABC1D23',
    'Translog',
    'Penalidade',
    321.5,
  ];
  const bad = ['IMP-0002', '04/06/2024', 'PRF', 'Camaçari', 'PLACA-X', 'Translog', 'Penalidade', '99,90'];
  const badFile = info.outputPath('multas-com-erro.xlsx');
  const fixedFile = info.outputPath('multas.xlsx');
  await writeSheet(badFile, [header, good, bad]);
  await writeSheet(fixedFile, [header, good, [...bad.slice(0, 4), 'DEF4G56', ...bad.slice(5)]]);

  await signIn(page, '1009', '/managerFines?view=5');
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await dialog.locator('input[type="file"]').setInputFiles(badFile);
  // The upload answers with the server's reading job, which the dialog follows. Its first poll is
  // held until the progress has been read, then sent for an id the server does not know: what a
  // poll after a server restart gets (readings live in memory). The dialog says so.
  let releaseRead = () => {};
  const readHeld = new Promise<void>((resolve) => {
    releaseRead = resolve;
  });
  const lostPoll = /\/api\/fines\/import\/[0-9a-f-]{36}\/preview$/;
  consoleGuard.allowResourceError(404, lostPoll);
  await page.route(
    lostPoll,
    async (route) => {
      await readHeld;
      await route.continue({
        url: route
          .request()
          .url()
          .replace(/[0-9a-f-]{36}\/preview$/, `${crypto.randomUUID()}/preview`),
      });
    },
    { times: 1 },
  );
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  await expect(dialog.getByTestId('fine-import-reading')).toContainText('Lendo: 1 linha(s)…');
  releaseRead();
  await expect(dialog.getByRole('alert')).toContainText(
    'Importação não encontrada: ela expirou ou foi cancelada. Envie a planilha de novo.',
  );
  await expect(dialog.getByTestId('fine-import-reading')).toBeHidden();
  await page.unroute(lostPoll);
  // Sent again, it is read to its preview.
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  const refused = dialog.getByRole('table', { name: 'Linhas recusadas' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('row').nth(1)).toHaveText('3PLACA: Placa inválida.');
  await expect(dialog.getByTestId('fine-import-summary')).toContainText(
    '1 a adicionar, 0 a atualizar, 1 recusada(s)',
  );
  await expect(dialog.getByRole('button', { name: 'Confirmar importação' })).toBeDisabled();
  expect(await api(page, '/api/managerFines?NUMERO_AUTO=IMP-0001')).toEqual([]);

  await dialog.locator('input[type="file"]').setInputFiles(fixedFile);
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  await expect(dialog.getByTestId('fine-import-summary')).toContainText(
    '2 a adicionar, 0 a atualizar, 0 recusada(s)',
  );
  // The commit starts the server's job; the dialog follows it (rows written of the total). The
  // progress reports are held until the bar has been read, so the job's end cannot hide it.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/fines\/import\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  const progress = dialog.getByTestId('fine-import-progress');
  await expect(progress).toContainText('Gravando: 0 de 2 linha(s).');
  await expect(progress.getByRole('progressbar', { name: 'Gravação da importação' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  release();
  await expect(toasts(page)).toContainText(
    'Importação concluída: 2 multa(s) adicionada(s), 0 atualizada(s).',
  );
  await expect(dialog).toBeHidden();
  const [row] = await api(page, '/api/managerFines?NUMERO_AUTO=IMP-0002');
  expect(row).toMatchObject({ PLACA: 'DEF4G56', DATA_INFRACAO: '2024-06-04', VALOR_TOTAL_MULTA: 99.9 });

  // The same file again changes nothing, and says so (issue 32: it reported every row updated).
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(fixedFile);
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  await expect(dialog.getByTestId('fine-import-summary')).toContainText(
    '0 a adicionar, 0 a atualizar, 2 sem alteração, 0 recusada(s)',
  );
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(toasts(page)).toContainText(
    'Importação concluída: 0 multa(s) adicionada(s), 0 atualizada(s), 2 sem alteração.',
  );
  const [again] = await api(page, '/api/managerFines?NUMERO_AUTO=IMP-0002');
  expect(again).toEqual(row);
});

test('scrolling the table reads the next pages, down to the oldest fine', async ({ page }) => {
  const asked: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/fines') asked.push(url);
  });
  await signIn(page, '1009', '/managerFines?view=2');
  const { total } = await api(page, '/api/fines?pageSize=1');
  // The table's order is the newest first (id last): the oldest fine ends it.
  const oldest = (await api(page, '/api/fines?pageSize=1&sort=DATA_INFRACAO&dir=asc')).rows[0].NUMERO_AUTO;
  const table = page.getByTestId('virtual-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Scrolled as a person does, wheel turn after wheel turn: each page must be asked once, even
  // when the rows move on while it is on its way.
  await table.hover();
  await expect(async () => {
    for (let turn = 0; turn < 10; turn++) await page.mouse.wheel(0, 400);
    await baseExpect(table.getByRole('cell', { name: oldest, exact: true })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const pages = asked.filter((u) => u.searchParams.get('pageSize') === String(LIST_PAGE_SIZE));
  expect(pages.length).toBe(Math.ceil(total / LIST_PAGE_SIZE));
  expect(pages.filter((u) => u.searchParams.has('cursor'))).toHaveLength(pages.length - 1);
});

test('a user outside Gestão de Multas is sent away with the alert', async ({ page }) => {
  await signIn(page, '1002', '/managerFines');
  await expect(toasts(page)).toContainText('Você não tem autorização de acesso a essa página');
  await expect(page).toHaveURL(/\/$/);
});

// The phone project (390x844, touch) runs this one alone and the filter journey above again.
test('the table scrolls inside its frame, the page does not', { tag: '@phone-only' }, async ({ page }) => {
  await signIn(page, '1009', '/managerFines?view=2');
  const table = page.getByTestId('virtual-table');
  await expect(table).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: /^Filtros/ })).toBeVisible();
  // The phone columns (fines.columns.ts): the auto number, the day, the status and the amount.
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim())).toEqual([
    'NUMERO_AUTO',
    'DATA_INFRACAO',
    'STATUS_MULTA',
    'VALOR_TOTAL_MULTA',
  ]);
  await page.screenshot({ path: test.info().outputPath('fines-phone.png') });
});

/**
 * In every card of the view: each chart text (ticks, bar and slice labels) inside the card, and
 * no two ticks of one axis touching. Answers what is wrong, empty when nothing is.
 */
function chartProblems(figures: Locator) {
  return figures.evaluateAll((cards) => {
    // Whether two boxes overlap (by more than half a pixel).
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const problems: string[] = [];
    for (const card of cards) {
      const name = card.getAttribute('aria-label');
      const c = card.getBoundingClientRect();
      for (const text of card.querySelectorAll('svg text')) {
        const r = text.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1) {
          problems.push(`${name}: "${text.textContent}" leaves the card`);
        }
      }
      for (const axis of card.querySelectorAll('.recharts-cartesian-axis-ticks')) {
        const ticks = [...axis.querySelectorAll('text')].map(
          (t) => [t.textContent, t.getBoundingClientRect()] as const,
        );
        ticks.forEach(([a, ra], i) => {
          for (const [b, rb] of ticks.slice(i + 1)) {
            if (overlaps(ra, rb)) problems.push(`${name}: "${a}" overlaps "${b}"`);
          }
        });
      }
    }
    return problems;
  });
}

test.describe('dashboard on a 1366×768 desktop (issue 32)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('amounts on one line, chart labels inside their cards and apart, the Responsável donut has a legend', async ({
    page,
  }) => {
    test.slow();
    for (const view of [1, 3, 4, 6]) {
      await signIn(page, '1009', `/managerFines?view=${view}`);
      const figures = page.locator('figure');
      await expect(figures.first().locator('svg text').first()).toBeVisible();
      // Every chart of the view drawn, its ticks measured.
      await expect
        .poll(() => figures.locator('.recharts-cartesian-axis-ticks, .recharts-pie').count())
        .toBeGreaterThan(0);
      // Each card's value: its last line of text.
      const values = page.locator('[data-testid^="kpi-"] > :last-child');
      if (view === 1 || view === 6) await expect(values.first()).toBeVisible();
      for (const value of await values.all()) {
        const { lines, overflow, text } = await value.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { lines: tops.size, overflow: el.scrollWidth - el.clientWidth, text: el.textContent };
        });
        expect(lines, `view ${view}: "${text}" on one line`).toBe(1);
        expect(overflow, `view ${view}: "${text}" inside its card`).toBeLessThanOrEqual(0);
      }
      expect(await chartProblems(figures), `view ${view}`).toEqual([]);
      if (view === 1 || view === 4) {
        const legend = page.getByRole('figure', { name: 'Responsável' }).getByTestId('chart-legend');
        for (const name of ['Braskem', 'Transportadora', 'Não informado']) {
          await expect(legend.getByText(name, { exact: false })).toBeVisible();
        }
      }
      await page.screenshot({ path: test.info().outputPath(`dashboard-view-${view}.png`), fullPage: true });
    }
  });
});

test('on a phone the twelve filters wait in a drawer: a tapped view is in sight at once', {
  tag: '@phone-only',
}, async ({ page }) => {
  await signIn(page, '1009', '/managerFines');
  await expect(page.getByRole('heading', { name: 'Gestão de Multas' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Responsável', exact: true })).toBeHidden();
  await page.getByRole('tab', { name: /Multas por Período/ }).tap();
  await expect(page.getByRole('figure', { name: 'Multas por ano' })).toBeInViewport();

  await page.getByRole('button', { name: /^Filtros/ }).tap();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  await choose(page, drawer, 'Responsável', 'Braskem');
  await drawer.getByRole('button', { name: 'Filtrar' }).tap();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/responsible=braskem/);
  await expect(page.getByRole('button', { name: 'Filtros 1 filtro(s) aplicado(s)' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Multas por ano' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('fines-phone-drawer.png') });
});

// Last: it leaves more than 1,000 fines for the journeys after it (the e2e database is new each run).
test('with more than 1.000 fines Relação de Multas says "mais de 1.000 registros", never a wrong number', async ({
  page,
}) => {
  test.slow();
  const first = await api(page, '/api/fines?pageSize=1');
  if (!first.totalCapped) {
    // The demo company's 300 and the journeys' few, plus 1,100 (the server counts up to 1,000).
    execFileSync('npm', ['run', 'seed:fines', '--', '1100'], {
      cwd: path.resolve(test.info().project.testDir, '../../..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
      stdio: 'pipe',
    });
  }
  expect(await api(page, '/api/fines?pageSize=1')).toMatchObject({ total: 1000, totalCapped: true });
  await signIn(page, '1009', '/managerFines?view=2');
  await expect(page.getByTestId('list-count')).toHaveText(/^mais de 1\.000 registros \(\d+ carregados\)$/);
});
