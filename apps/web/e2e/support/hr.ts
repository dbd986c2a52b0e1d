import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, toasts } from './session.ts';

/** How the HR journeys drive Atendimento RH and its forms. */

/** Picks an option of a select by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a request in Atendimento RH through the Nº filter in the URL. */
export async function openHrRequest(page: Page, who: string, id: number, password = DEMO_PASSWORD) {
  await signIn(page, who, `/mainScreamRh?Id=${id}`, password);
  await page.getByRole('cell', { name: `#${id}`, exact: true }).click();
  const panel = page.getByTestId('hr-request-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Presses a stage button of the request panel and waits for the move's toast. */
export async function pressHrStage(page: Page, panel: Locator, label: string) {
  await panel.getByRole('button', { name: label, exact: true }).click();
  await expect(toasts(page)).toContainText('Etapa atualizada.');
}

/** The newest request's number in a list of HR requests. */
export async function newestHrRequestId(page: Page) {
  const text = await page
    .getByRole('cell', { name: /^#\d+$/ })
    .first()
    .textContent();
  return Number(text?.slice(1));
}
