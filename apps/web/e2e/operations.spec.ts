import { MSG } from '@intranet/contracts';
import { TINY_PNG_BASE64, tinyMp4, tinyWebm } from '@intranet/contracts/testing/media';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, signIn } from './support/session.ts';

/**
 * Operation attachments on a phone: Luiz (1008, Colaborador) records OT 907001 — three videos and
 * a photo, kept as a draft across a reload — while the warehouse Wi-Fi drops in the middle of the
 * first video; after a reload the upload resumes from what the server kept, and Marcos (1002,
 * Gestor) finds the files in Gerenciar Anexos.
 */

const OT = '907001';
const CHUNK = 4 * 1024 * 1024;
const FILES = [
  // Bigger than one PATCH piece: the connection drops after the first piece has arrived.
  {
    slot: 1,
    name: 'doca-carregamento.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from(tinyMp4(CHUNK + 512 * 1024)),
  },
  { slot: 2, name: 'conferencia.webm', mimeType: 'video/webm', buffer: Buffer.from(tinyWebm(20_000)) },
  { slot: 3, name: 'lacre.mp4', mimeType: 'video/mp4', buffer: Buffer.from(tinyMp4(30_000)) },
  { slot: 4, name: 'placa.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG_BASE64, 'base64') },
];

const slotInput = (page: Page, slot: number) => page.getByLabel(`Arquivo da posição ${slot}`);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
test.describe.configure({ mode: 'serial' });

test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

test('a worker records an OT from the phone camera; a dropped upload resumes after a reload', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowNetworkFailure('/api/operation/uploads/');
  await signIn(page, '1008', '/homeAnexoOperacao');
  await expect(page.getByRole('heading', { name: 'Escolha uma Opção' })).toBeVisible();
  await expect(page.getByText('Gerenciar Anexos')).toHaveCount(0);
  await expect(page.getByText('Voltar para Home')).toBeVisible();
  await page.getByText('Inserir Anexos').click();

  const ot = page.getByPlaceholder('Insira o número da OT');
  // Digits only: a letter typed among them is dropped.
  await ot.pressSequentially('12a45');
  await expect(ot).toHaveValue('1245');
  await ot.fill('12345');
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  await ot.fill(OT);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page).toHaveURL(new RegExp(`ot=${OT}`));

  const enviar = page.getByRole('button', { name: 'Enviar' });
  for (const f of FILES) {
    await expect(slotInput(page, f.slot)).toHaveAttribute('capture', 'environment');
    await expect(enviar).toBeDisabled();
    await slotInput(page, f.slot).setInputFiles({ name: f.name, mimeType: f.mimeType, buffer: f.buffer });
    await expect(page.getByTestId(`slot-${f.slot}`)).toContainText(f.name);
  }
  await expect(enviar).toBeEnabled();

  // Removing clears the slot and its draft; the draft of the OT survives a reload.
  await page.getByTestId('slot-2').getByRole('button', { name: 'Remover' }).click();
  await expect(enviar).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('slot-1')).toContainText(FILES[0]!.name);
  await expect(page.getByTestId('slot-2')).toContainText('Nenhum arquivo');
  await slotInput(page, 2).setInputFiles({
    name: FILES[1]!.name,
    mimeType: FILES[1]!.mimeType,
    buffer: FILES[1]!.buffer,
  });
  await expect(enviar).toBeEnabled();

  // The Wi-Fi drops after the first piece of the first video: every later PATCH fails.
  let patches = 0;
  await page.route('**/api/operation/uploads/*', (route) => {
    if (route.request().method() === 'PATCH' && ++patches > 1) return route.abort('internetdisconnected');
    return route.continue();
  });
  await enviar.click();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByText(MSG.operationSendError).first()).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/operation/uploads/*');

  // Back on the network, after a reload: the draft is there and the video resumes where it stopped.
  await page.reload();
  await expect(page.getByTestId('slot-4')).toContainText(FILES[3]!.name);
  const firstPatch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().includes('/api/operation/uploads/'),
  );
  await enviar.click();
  expect((await firstPatch).headers()['upload-offset']).toBe(String(CHUNK));
  await expect(page.getByText(MSG.operationSent)).toBeVisible({ timeout: 30_000 });
  // Sent: the OT and the slots are cleared.
  await expect(page.getByPlaceholder('Insira o número da OT')).toHaveValue('');

  // The same OT again: its files fill the slots, with the warning.
  await page.getByPlaceholder('Insira o número da OT').fill(OT);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText(MSG.operationExists)).toBeVisible();
  for (const f of FILES) await expect(page.getByTestId(`slot-${f.slot}`)).toContainText(f.name);
});

test('a manager browses the OT folders and sees the images and videos', async ({ page }) => {
  await signIn(page, '1002', '/homeAnexoOperacao');
  await page.getByText('Gerenciar Anexos').click();
  await expect(page.getByRole('heading', { name: 'Gerenciar Anexos' })).toBeVisible();

  const search = page.getByPlaceholder('Procurar OT...');
  // Longer than any OT the other journeys send (the fines journey's 3999999, the search's 7xxxxxx).
  await search.fill('99999999');
  await page.getByRole('button', { name: 'Procurar' }).click();
  await expect(page.getByText(MSG.operationNone)).toBeVisible();
  // Back to every OT after a search (issue 32: there was no way back but leaving the page).
  await page.getByRole('button', { name: 'Ver todas as OTs' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('button', { name: `OT ${OT}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver todas as OTs' })).toHaveCount(0);
  await search.fill(OT);
  await page.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('button', { name: `OT ${OT}` }).click();

  await expect(page.getByTestId('attachment')).toHaveCount(4);
  await expect(page.locator('video[controls]')).toHaveCount(3);
  const image = page.getByRole('img', { name: 'placa.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // Each file links to its address under /api, and the videos stream in byte ranges.
  const href = await page.getByRole('link', { name: FILES[0]!.name }).getAttribute('href');
  expect(href).toMatch(/^\/api\/operation\/files\/[0-9a-f-]{36}\.mp4$/);
  const part = await page.request.get(href!, { headers: { range: 'bytes=0-99' } });
  expect(part.status()).toBe(206);

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('button', { name: `OT ${OT}` })).toBeVisible();
  await page.getByRole('link', { name: 'Menu de Anexos' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha uma Opção' })).toBeVisible();
});

test('a colaborador who types the address of Gerenciar Anexos is sent back', async ({ page }) => {
  await signIn(page, '1008', '/homeAnexoOperacao/listanexosoperacao');
  await expect(page.getByText(MSG.noPageAccess)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
