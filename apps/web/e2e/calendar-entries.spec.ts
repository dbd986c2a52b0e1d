import { formatDate, toDateOnly } from '@intranet/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, signIn, toasts } from './support/session.ts';

/**
 * Saved calendar entries (issue 32): a click or a tap opens an entry's details, with Editar and
 * Excluir for whom the calendar policy allows (the author of an event, whoever schedules the
 * employee's vacations); the employee and an invitee see no such buttons. On a phone each entry is
 * a target of at least 24 × 24 px.
 */

const today = toDateOnly(new Date());
const dayOfMonth = (n: number) => `${today.slice(0, 8)}${String(n).padStart(2, '0')}`;
const cell = (page: Page, day: string) => page.locator(`td[data-day="${day}"]`);
const as = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function openCalendar(page: Page, matricula: string) {
  await signIn(page, matricula, '/agendevents');
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
}

/** Fernanda (1005, HR) schedules Marcos's (1009) vacation through the API. */
async function scheduleMarcos(request: APIRequestContext, dateStart: string, vacationDays: number) {
  const token = await apiToken(request, '1005');
  const people = await request.get('/api/vacation/people?search=1009', { headers: as(token) });
  const [marcos] = (await people.json()) as { id: number }[];
  const res = await request.post('/api/vacation', {
    headers: as(token),
    data: { userId: marcos?.id, dateStart, vacationDays },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Fernanda's meeting with Luiz (1008) invited, through the API. */
async function meetingWithLuiz(request: APIRequestContext, title: string, date: string) {
  const token = await apiToken(request, '1005');
  const res = await request.post('/api/event', {
    headers: as(token),
    data: { title, date, hoursOf: '08:00', hoursTo: '09:00' },
  });
  expect(res.status()).toBe(201);
  const event = ((await res.json()) as { id: number; title: string }[]).find((e) => e.title === title);
  const people = await request.get('/api/event/people?search=1008', { headers: as(token) });
  const [luiz] = (await people.json()) as { id: number }[];
  const invited = await request.post(`/api/event/${event?.id}/invitations`, {
    headers: as(token),
    data: { userId: luiz?.id },
  });
  expect(invited.status()).toBe(200);
}

test('HR changes and deletes Marcos’s vacation from its details; Marcos sees his without Editar/Excluir', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await scheduleMarcos(request, dayOfMonth(2), 2);

  // Marcos opens his own vacation: the details, and nothing to change.
  const context = await browser.newContext({ baseURL });
  await acceptCookies(context, baseURL);
  const marcos = await context.newPage();
  await openCalendar(marcos, '1009');
  await cell(marcos, dayOfMonth(2)).getByRole('button', { name: 'Férias: Marcos Vinícius Pereira' }).click();
  const own = marcos.getByRole('dialog', { name: 'Férias de Marcos Vinícius Pereira' });
  await expect(own).toContainText(`${formatDate(dayOfMonth(2))} a ${formatDate(dayOfMonth(3))} (2 dias)`);
  await expect(own.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await context.close();

  await openCalendar(page, '1005');
  await cell(page, dayOfMonth(2)).getByRole('button', { name: 'Férias: Marcos Vinícius Pereira' }).click();
  const details = page.getByRole('dialog', { name: 'Férias de Marcos Vinícius Pereira' });
  await expect(details).toContainText(`${formatDate(dayOfMonth(2))} a ${formatDate(dayOfMonth(3))} (2 dias)`);
  await details.getByRole('button', { name: 'Editar' }).click();

  const edit = page.getByRole('dialog', { name: 'Alterar férias' });
  const start = edit.getByRole('textbox', { name: 'Início' });
  await start.fill(formatDate(dayOfMonth(5)));
  await start.blur();
  await edit.getByRole('textbox', { name: 'Qtd. Dias' }).fill('3');
  await expect(edit.getByRole('textbox', { name: 'Fim' })).toHaveValue(formatDate(dayOfMonth(7)));
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Férias alteradas.');
  await expect(details).toContainText(`${formatDate(dayOfMonth(5))} a ${formatDate(dayOfMonth(7))} (3 dias)`);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(cell(page, dayOfMonth(2)).getByRole('button', { name: /Férias: Marcos/ })).toHaveCount(0);
  const moved = cell(page, dayOfMonth(5)).getByRole('button', { name: 'Férias: Marcos Vinícius Pereira' });
  await expect(moved).toBeVisible();

  await moved.click();
  await details.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog', { name: 'Excluir férias' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Férias excluídas.');
  await expect(details).toBeHidden();
  await expect(cell(page, dayOfMonth(5)).getByRole('button', { name: /Férias: Marcos/ })).toHaveCount(0);
});

test('the author renames and deletes her meeting; the invitee opens it without Editar/Excluir', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = 'Revisão de escalas';
  await meetingWithLuiz(request, title, dayOfMonth(3));

  const context = await browser.newContext({ baseURL });
  await acceptCookies(context, baseURL);
  const luiz = await context.newPage();
  await openCalendar(luiz, '1008');
  await cell(luiz, dayOfMonth(3))
    .getByRole('button', { name: `08:00 ${title}` })
    .click();
  const invited = luiz.getByRole('dialog', { name: title });
  await expect(invited).toContainText('Reunião · criado por Fernanda Oliveira Costa');
  await expect(invited).toContainText('Participantes: Luiz Fernando Teixeira');
  await expect(invited.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await context.close();

  await openCalendar(page, '1005');
  await cell(page, dayOfMonth(3))
    .getByRole('button', { name: `08:00 ${title}` })
    .click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar evento' });
  const name = edit.getByRole('textbox', { name: 'Título' });
  await name.fill(`${title} (remarcada)`);
  await name.press('Enter');
  await expect(edit.getByRole('status')).toHaveText('Evento salvo.');
  await edit.getByRole('button', { name: 'Voltar' }).click();
  const details = page.getByRole('dialog', { name: `${title} (remarcada)` });
  await expect(details).toContainText('Participantes: Luiz Fernando Teixeira');
  await details.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog', { name: 'Excluir evento' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Evento excluído.');
  await expect(details).toBeHidden();
  await expect(cell(page, dayOfMonth(3)).getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('entries are tap targets of at least 24 × 24 px; a tap opens the details, Excluir works', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const day = dayOfMonth(4);
    await scheduleMarcos(request, day, 1);
    await meetingWithLuiz(request, 'Conferência de estoque', day);

    await openCalendar(page, '1005');
    const vacation = cell(page, day).getByRole('button', { name: 'Férias: Marcos Vinícius Pereira' });
    const meeting = cell(page, day).getByRole('button', { name: '08:00 Conferência de estoque' });
    for (const chip of [vacation, meeting]) {
      await expect(chip).toBeVisible();
      const box = await chip.boundingBox();
      expect(box?.width ?? 0, 'entry width').toBeGreaterThanOrEqual(24);
      expect(box?.height ?? 0, 'entry height').toBeGreaterThanOrEqual(24);
    }
    const { scrollWidth, width } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scrollWidth, 'page wider than the phone').toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath('calendar-entries-phone.png'), fullPage: true });

    await meeting.tap();
    const details = page.getByRole('dialog', { name: 'Conferência de estoque' });
    await expect(details).toContainText(`${formatDate(day)}, 08:00 às 09:00`);
    await page.screenshot({ path: test.info().outputPath('calendar-entry-details-phone.png') });
    await details.getByRole('button', { name: 'Excluir' }).tap();
    await page.getByRole('dialog', { name: 'Excluir evento' }).getByRole('button', { name: 'Excluir' }).tap();
    await expect(toasts(page)).toContainText('Evento excluído.');
    await expect(meeting).toHaveCount(0);

    await vacation.tap();
    const vacationDetails = page.getByRole('dialog', { name: 'Férias de Marcos Vinícius Pereira' });
    await expect(vacationDetails).toContainText(`${formatDate(day)} a ${formatDate(day)} (1 dia)`);
    await vacationDetails.getByRole('button', { name: 'Excluir' }).tap();
    await page.getByRole('dialog', { name: 'Excluir férias' }).getByRole('button', { name: 'Excluir' }).tap();
    await expect(toasts(page)).toContainText('Férias excluídas.');
    await expect(vacation).toHaveCount(0);
  });
});
