import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, signIn } from './support/session.ts';

/**
 * Issue 32, lists: every purchase and call list keeps its Status column in sight with its badges
 * whole, on a 1366×768 desktop and a 390×844 phone, and the product column is not cut to 80 px;
 * a short list shows its last row whole instead of cutting it above empty space.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const table = (page: Page) => page.getByTestId('virtual-table');
/** The card the table scrolls in. */
const frame = (page: Page) => table(page).locator('xpath=..');
const rows = (page: Page) => table(page).locator('tbody tr[data-index]');

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element laid out').not.toBeNull();
  return b!;
}

/**
 * The Status column inside the card, and every status badge of the rows in the card's view whole:
 * its label not cut with "…", the badge inside its cell and the cell inside the card.
 */
async function expectStatusInSight(page: Page) {
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  const card = await box(frame(page));
  const header = await box(table(page).getByRole('columnheader', { name: 'Status' }));
  expect(header.x, 'Status starts inside the card').toBeGreaterThanOrEqual(card.x - 1);
  expect(header.x + header.width, 'Status ends inside the card').toBeLessThanOrEqual(card.x + card.width + 1);
  const badges = rows(page).locator('[data-status]');
  const count = await badges.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const badge = badges.nth(i);
    const b = await box(badge);
    if (b.y > card.y + card.height) break;
    const cut = await badge.evaluate((el) => {
      const label = el.querySelector('.mantine-Badge-label') ?? el;
      const cell = el.closest('td')?.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return {
        text: label.scrollWidth > label.clientWidth + 0.5,
        cell: !cell || r.left < cell.left - 0.5 || r.right > cell.right + 0.5 || r.bottom > cell.bottom + 0.5,
      };
    });
    const text = await badge.innerText();
    expect(cut.text, `"${text}" is not cut with "…"`).toBe(false);
    expect(cut.cell, `"${text}" inside its cell`).toBe(false);
    expect(b.x + b.width, `"${text}" inside the card`).toBeLessThanOrEqual(card.x + card.width + 1);
  }
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('desktop (1366×768)', () => {
  test.use({ viewport: DESKTOP });

  test('SOLICITAÇÕES DE COMPRAS: Status in sight beside the filter bar, badges whole, product readable', async ({
    page,
  }) => {
    await signIn(page, '1002', '/requestopened');
    await expectStatusInSight(page);
    const product = await box(table(page).getByRole('columnheader', { name: 'Produto / Serviço' }));
    expect(product.width, 'the product column is not cut to 80 px ("Cadeir…")').toBeGreaterThanOrEqual(150);
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    // The middle columns scroll sideways under the fixed ticket and status columns.
    await frame(page).evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expectStatusInSight(page);
  });

  test('the requester’s own purchases and Chamados Abertos keep Status in sight, badges whole', async ({
    page,
  }) => {
    await signIn(page, '1003', '/requestopened?functionType=consultar');
    await expectStatusInSight(page);
    // "MATERIAIS PENDENTES" was cut in the calls' Status column.
    await signIn(page, '1001', '/ChamadosAbertos');
    await expectStatusInSight(page);
  });

  test('a short list shows its last row whole (Atendimento RH, Chamados Abertos)', async ({ page }) => {
    for (const [who, url] of [
      ['1005', '/mainScreamRh?typeRequest=admission'],
      ['1001', '/ChamadosAbertos?filial=Matriz'],
    ] as const) {
      await signIn(page, who, url);
      await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
      const m = await frame(page).evaluate((el) => ({
        scroll: el.scrollHeight,
        client: el.clientHeight,
        cap: window.innerHeight * 0.65,
      }));
      if (m.scroll > m.client + 1) {
        // A list taller than the frame fills the frame's whole height before it scrolls.
        expect(m.client, `${url}: rows cut while the frame could grow`).toBeGreaterThanOrEqual(m.cap - 2);
      } else {
        const card = await box(frame(page));
        const last = await box(rows(page).last());
        expect(last.y + last.height, `${url}: the last row whole`).toBeLessThanOrEqual(card.y + card.height);
      }
    }
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the purchase and call lists keep Status in sight with whole badges, no sideways page', async ({
    page,
  }) => {
    for (const [who, url] of [
      ['1002', '/requestopened'],
      ['1003', '/requestopened?functionType=consultar'],
      ['1001', '/ChamadosAbertos'],
    ] as const) {
      await signIn(page, who, url);
      await expectStatusInSight(page);
      expect(await pageWidth(page), url).toBeLessThanOrEqual(PHONE.width);
    }
    await page.screenshot({ path: test.info().outputPath('calls-phone.png') });
  });
});
