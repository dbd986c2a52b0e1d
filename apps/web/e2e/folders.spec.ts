import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, signIn } from './support/session.ts';

/**
 * Shared folders: Roberto (1006, Gestor) creates a folder, uploads two files with progress and one
 * by drag and drop, renames one inline, reads its info, downloads it, opens the folder to
 * collaborators and shares it with Luiz (1008); Fernanda (1005, Colaboradora) sees it until it is
 * restricted again, Luiz keeps seeing it through the share.
 */

const FOLDER = 'Contratos Transportadoras';
const item = (page: Page, name: string) => page.locator(`[data-testid="explorer-item"][data-name="${name}"]`);

async function openExplorer(page: Page, matricula: string) {
  // The cookie box would cover the bottom of the list.
  await acceptCookies(page.context(), test.info().project.use.baseURL);
  await signIn(page, matricula, '/FoldersFiles');
  await expect(page.getByRole('heading', { name: 'Pastas e Arquivos' })).toBeVisible();
  await expect(item(page, 'Pasta Pública')).toBeVisible();
}

async function setCollaborators(page: Page, on: boolean) {
  await page.goto('/FoldersFiles');
  await item(page, FOLDER)
    .getByRole('button', { name: `Opções de ${FOLDER}` })
    .click();
  await page.getByRole('menuitem', { name: 'Ceder Permissão' }).click();
  const dialog = page.getByRole('dialog', { name: `Ceder Permissão — ${FOLDER}` });
  const colaboradores = dialog.getByRole('checkbox', { name: 'Colaboradores' });
  await expect(dialog.getByRole('checkbox', { name: 'Gestores' })).toBeVisible();
  if ((await colaboradores.isChecked()) !== on) await colaboradores.click();
  if (on) await expect(dialog.getByRole('checkbox', { name: 'Gestores' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Salvar permissão' }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

test('a manager creates a folder, uploads, renames, reads the info and downloads', async ({ page }) => {
  await openExplorer(page, '1006');
  // Uploads are refused at the root: the paperclip waits for a folder.
  await expect(page.getByRole('button', { name: 'Enviar arquivos' })).toBeDisabled();

  await page.getByRole('button', { name: 'Nova pasta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova pasta' });
  await expect(dialog.getByLabel('Nome da pasta')).toHaveValue(/^Nova pasta/);
  await dialog.getByLabel('Nome da pasta').fill('Pasta/inválida');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog).toContainText('barras');
  await dialog.getByLabel('Nome da pasta').fill(FOLDER);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog).toBeHidden();

  await item(page, FOLDER).dblclick();
  await expect(page.getByRole('navigation', { name: 'Caminho' })).toContainText(FOLDER);
  await expect(page).toHaveURL(/pasta=\d+/);

  await page.getByTestId('upload-input').setInputFiles([
    { name: 'contrato-2025.txt', mimeType: 'text/plain', buffer: Buffer.from('Contrato de frete 2025') },
    { name: 'tabela de fretes.csv', mimeType: 'text/csv', buffer: Buffer.alloc(3 * 1024 * 1024, 'a') },
  ]);
  await expect(page.getByTestId('upload-row')).toHaveCount(2);
  await expect(page.getByRole('progressbar', { name: 'Progresso de tabela de fretes.csv' })).toBeVisible();
  await expect(item(page, 'contrato-2025.txt')).toBeVisible();
  await expect(item(page, 'tabela de fretes.csv')).toBeVisible();
  await expect(item(page, 'tabela de fretes.csv')).toContainText('3 MB');

  // Drag and drop from the desktop.
  const transfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['rota sul'], 'arrastado.txt', { type: 'text/plain' }));
    return dt;
  });
  await page.getByTestId('explorer').dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.getByTestId('explorer').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(item(page, 'arrastado.txt')).toBeVisible();

  // Inline rename: Enter saves.
  await item(page, 'contrato-2025.txt').getByRole('button', { name: 'Opções de contrato-2025.txt' }).click();
  await page.getByRole('menuitem', { name: 'Renomear' }).click();
  const input = page.getByRole('textbox', { name: 'Novo nome' });
  await input.fill('Contrato Frete 2025.txt');
  await input.press('Enter');
  await expect(item(page, 'Contrato Frete 2025.txt')).toBeVisible();

  // Double click on a file shows its info.
  await item(page, 'Contrato Frete 2025.txt').dblclick();
  const info = page.getByRole('dialog', { name: 'Informações do arquivo' });
  await expect(info).toContainText('Roberto Almeida Nogueira');
  await expect(info).toContainText('22 B');
  await expect(info).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await page.keyboard.press('Escape');

  // Search below the root finds the file.
  await page.getByRole('button', { name: 'Home' }).click();
  await page.getByRole('textbox', { name: 'Buscar' }).fill('frete 2025');
  await expect(item(page, 'Contrato Frete 2025.txt')).toBeVisible();
  // From Home, each found item says where it is (issue 15).
  await expect(item(page, 'Contrato Frete 2025.txt').getByTestId('item-location')).toHaveText(`Em ${FOLDER}`);
  await page.getByRole('textbox', { name: 'Buscar' }).fill('');

  // Download streams the file under its display name.
  await item(page, FOLDER).dblclick();
  await item(page, 'Contrato Frete 2025.txt')
    .getByRole('button', { name: 'Opções de Contrato Frete 2025.txt' })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Contrato Frete 2025.txt');
});

test('sharing shows the folder to a user; restricting hides it from collaborators', async ({ browser }) => {
  const manager = await browser.newPage();
  await openExplorer(manager, '1006');
  await setCollaborators(manager, true);

  const fernanda = await browser.newPage();
  await openExplorer(fernanda, '1005');
  await expect(item(fernanda, FOLDER)).toBeVisible();
  // A collaborator who does not own it has no options button (spec §6).
  await expect(item(fernanda, FOLDER).getByRole('button', { name: `Opções de ${FOLDER}` })).toHaveCount(0);

  // Share with Luiz (1008), found by matrícula.
  await manager.goto('/FoldersFiles');
  await item(manager, FOLDER)
    .getByRole('button', { name: `Opções de ${FOLDER}` })
    .click();
  await manager.getByRole('menuitem', { name: 'Ceder Permissão' }).click();
  const dialog = manager.getByRole('dialog', { name: `Ceder Permissão — ${FOLDER}` });
  await dialog.getByRole('textbox', { name: 'Buscar usuário por nome ou matrícula' }).fill('1008');
  await expect(dialog.getByTestId('share-user')).toHaveCount(1);
  await dialog.getByTestId('share-user').getByText('Compartilhar', { exact: true }).click();
  await expect(dialog.getByRole('switch', { name: 'Compartilhar com Luiz Fernando Teixeira' })).toBeChecked();
  await manager.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await setCollaborators(manager, false);

  await fernanda.reload();
  await expect(item(fernanda, 'Pasta Pública')).toBeVisible();
  await expect(item(fernanda, FOLDER)).toHaveCount(0);

  const luiz = await browser.newPage();
  await openExplorer(luiz, '1008');
  await item(luiz, FOLDER).dblclick();
  await expect(item(luiz, 'Contrato Frete 2025.txt')).toBeVisible();
  // Download is for role below 3 only (spec §6): no options on a file he does not own.
  await expect(item(luiz, 'Contrato Frete 2025.txt').getByRole('button')).toHaveCount(0);
});

test('the explorer fits a phone', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openExplorer(page, '1006');
  await item(page, FOLDER).dblclick();
  await expect(item(page, 'tabela de fretes.csv')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: 'Enviar arquivos' })).toBeEnabled();
});

test('the folder search ignores accents and case (issue 15 §3)', async ({ page }) => {
  await openExplorer(page, '1001');
  await page.getByRole('textbox', { name: 'Buscar' }).fill('COTACOES');
  await expect(item(page, 'Cotações de paletes - janeiro.csv')).toBeVisible();
});
