import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, toasts } from './session.ts';

/** What the purchases journeys attach, and how they fill the forms the server checks too. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// A 1×1 PNG (the server checks the bytes of what it stores).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What the server answers a multipart call (the form's refusal is checked against it). */
export async function serverRefusal(
  request: APIRequestContext,
  user: string,
  url: string,
  fields: Record<string, string>,
) {
  const token = await apiToken(request, user);
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, multipart: fields });
  expect(res.status()).toBe(400);
  return ((await res.json()) as { error: string }).error;
}

export async function fillQuoteRow(
  page: Page,
  row: number,
  values: { fornecedor: string; prazo: string; valor: string; contato: string; canal: string },
) {
  const r = page.locator(`[data-quote-row="${row}"]`);
  await r.getByRole('textbox', { name: 'Fornecedor' }).fill(values.fornecedor);
  await r.getByLabel('Prazo de entrega').fill(values.prazo);
  const valor = r.getByRole('textbox', { name: 'Valor', exact: true });
  await valor.click();
  await valor.press('ControlOrMeta+a');
  await valor.pressSequentially(values.valor);
  await r.getByRole('textbox', { name: 'Contato' }).fill(values.contato);
  await r.getByRole('textbox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: values.canal, exact: true }).click();
}

/** A purchase request's detail dialog. */
export const purchaseDetail = (page: Page, ticket: number) =>
  page.getByRole('dialog', { name: `Ticket de Número ${ticket}` });

/** Presses a step button of the open detail and waits for the move and the new status. */
export async function pressPurchaseStep(page: Page, ticket: number, button: string, statusLabel: string) {
  const detail = purchaseDetail(page, ticket);
  await detail.getByRole('button', { name: button, exact: true }).first().click();
  await expect(toasts(page)).toContainText('Etapa atualizada!');
  await expect(detail.locator('[data-status]').first()).toHaveText(statusLabel);
}

/**
 * Both ends of a purchase's materials call (decision 0121): from the open purchase to its call,
 * which shows `callText`, and back; screenshots named `${shot}-purchase` and `${shot}-call`.
 */
export async function followCallLinks(
  page: Page,
  { purchase, callId, callText }: { purchase: number; callId: number; callText: string },
  shot: string,
) {
  const outputDir = test.info().outputDir;
  const materials = purchaseDetail(page, purchase).getByRole('region', { name: 'Lista de materiais' });
  const toCall = materials.getByRole('link', { name: `Chamado #${callId}` });
  await toCall.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${outputDir}/${shot}-purchase.png` });
  await toCall.click();
  await expect(page).toHaveURL(new RegExp(`/Calls\\?ticket=${callId}$`));
  const call = page.getByTestId('call-panel');
  await expect(call).toContainText(callText);
  await page.screenshot({ path: `${outputDir}/${shot}-call.png` });
  await call.getByRole('link', { name: `Solicitação de compra #${purchase}` }).click();
  await expect(page).toHaveURL(new RegExp(`/requestopened\\?ticket=${purchase}$`));
  await expect(
    purchaseDetail(page, purchase).getByRole('region', { name: 'Lista de materiais' }),
  ).toBeVisible();
}
