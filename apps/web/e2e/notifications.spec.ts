import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, apiToken, signIn } from './support/session.ts';

/**
 * The Notificações screens (spec §2: /avisos and /eventos, content not shown) and the privacy notice
 * (/privacy-policy, a footer link). What they show is decision 0105. Expected dates are computed here, in São Paulo, not by the contracts' helpers.
 */

const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];

/** Today + `days` in São Paulo: { day: 'dd/MM/yyyy', month: 'Dezembro de 2026' }. */
function saoPauloDay(days: number) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return {
    day: `${dd}/${mm}/${date.getUTCFullYear()}`,
    month: `${MONTHS[date.getUTCMonth()]} de ${date.getUTCFullYear()}`,
  };
}

/**
 * The demo dates its events from the day the e2e server seeded it. A run that crosses midnight in São
 * Paulo (CI runs near it) sees them one day behind: 0 or −1, read from the first event (seeded in 2 days).
 */
async function seedShift(firstDate: Locator): Promise<number> {
  const [today, yesterday] = [saoPauloDay(2).day, saoPauloDay(1).day];
  await expect(firstDate).toContainText(new RegExp(`${today}|${yesterday}`));
  return (await firstDate.textContent())?.includes(today) ? 0 : -1;
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    width: window.innerWidth,
  }));
  expect(scrollWidth, 'page wider than the screen').toBeLessThanOrEqual(width);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

const summaries = (page: Page) => page.getByTestId('notice-summary');

test.describe('Notificações', () => {
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  test('/avisos lists every notice newest first, ten at a time, and opens one in full', async ({
    page,
    request,
  }, testInfo) => {
    // Nine more notices (three are seeded): the list needs a second page.
    const token = await apiToken(request, '1005');
    const headers = { Authorization: `Bearer ${token}` };
    const created: number[] = [];
    const before = await request.get('/api/get-infoText', { headers });
    const existing = before.status() === 200 ? ((await before.json()) as unknown[]).length : 0;
    const total = existing + 9;
    expect(total, 'the journey expects two pages at most').toBeLessThanOrEqual(20);
    try {
      for (let i = 1; i <= 9; i++) {
        const res = await request.post('/api/insert-Text', {
          headers,
          multipart: { text: `Aviso de teste ${i}: escala do feriado.`, position: '0' },
        });
        expect(res.status()).toBe(201);
        created.push(((await res.json()) as { notice: { id: number } }).notice.id);
      }

      await signIn(page, '1008', '/');
      await page.getByTestId('notices').getByRole('link', { name: 'Ver todos' }).click();
      await expect(page).toHaveURL(/\/avisos$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
      await expect(page.getByTestId('app-footer')).toBeVisible();

      await expect(summaries(page)).toHaveCount(10);
      await expect(summaries(page).first()).toContainText('Aviso de teste 9');
      await expect(summaries(page).nth(1)).toContainText('Aviso de teste 8');
      await expect(summaries(page).first().getByTestId('notice-date')).toHaveText(saoPauloDay(0).day);
      // The oldest seeded notice (the SIPAT one) is on the second page.
      await expect(page.getByText('Semana Interna de Prevenção de Acidentes')).toHaveCount(0);
      await shot(page, testInfo, 'avisos');

      await page.getByRole('button', { name: 'Carregar mais avisos' }).click();
      await expect(summaries(page)).toHaveCount(total);
      await expect(page.getByRole('button', { name: 'Carregar mais avisos' })).toHaveCount(0);
      await expect(page.getByText('Esses são todos os avisos.')).toBeVisible();
      // The seeded ones are the oldest, the vaccination campaign (RH) before the SIPAT one (QSSMA).
      const texts = await summaries(page).allTextContents();
      const vacina = texts.findIndex((t) => t.includes('Campanha de vacinação'));
      const sipat = texts.findIndex((t) => t.includes('Semana Interna de Prevenção de Acidentes'));
      expect(vacina).toBeGreaterThan(8);
      expect(sipat).toBeGreaterThan(vacina);
      await expect(summaries(page).nth(vacina)).toContainText('Recursos Humanos');

      await summaries(page).nth(sipat).click();
      const dialog = page.getByRole('dialog', { name: 'Aviso' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('notice')).toHaveAttribute('data-position', 'retrato');
      await expect(dialog).toContainText(
        'palestras diárias sobre segurança na operação com empilhadeiras. Participe!',
      );
      await expect(dialog).toContainText('QSSMA');
      const img = dialog.getByRole('img', { name: 'Imagem do aviso' });
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await shot(page, testInfo, 'avisos-aberto');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    } finally {
      for (const itemId of created) {
        await request.delete('/api/deleteInfo', { headers, data: { itemId } });
      }
    }
  });

  test(
    '/eventos shows the next events by month, meetings only to whom they concern',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      // 1009 is invited to the Compras planning meeting (in 2 days); the others are company events.
      await signIn(page, '1009', '/eventos');
      await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
      const events = page.getByTestId('upcoming-event');
      const seeded: [string, number, string][] = [
        ['Reunião de planejamento de compras', 2, '09:00 às 10:00'],
        ['SIPAT — Semana de Prevenção de Acidentes', 7, 'Dia inteiro'],
        ['Treinamento de empilhadeira', 10, '08:00 às 11:00'],
        ['Confraternização da equipe', 18, '18:00 às 22:00'],
      ];
      // In day order (other journeys may add events of their own in between).
      await expect(events).toContainText(seeded.map(([title]) => title));
      const shift = await seedShift(
        events.filter({ hasText: seeded[0]![0] }).getByTestId('upcoming-event-date'),
      );
      for (const [title, inDays, hours] of seeded) {
        const item = events.filter({ hasText: title });
        await expect(item.getByTestId('upcoming-event-date')).toContainText(saoPauloDay(inDays + shift).day);
        await expect(item).toContainText(hours);
      }
      const meeting = events.filter({ hasText: 'Reunião de planejamento de compras' });
      await expect(meeting).toContainText('Reunião');
      await expect(meeting).toContainText('Organizada por');
      await expect(events.filter({ hasText: 'SIPAT' })).toContainText('Evento da empresa');
      // Month headings, in order, for the months the events fall in.
      const months = [...new Set(seeded.map(([, d]) => saoPauloDay(d + shift).month))];
      await expect(page.getByTestId('events-month').getByRole('heading', { level: 2 })).toContainText(months);
      if (testInfo.project.name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, testInfo, 'eventos');

      // Three more months at a time, then the agenda.
      const until = page.getByText(/^Eventos até \d{2}\/\d{2}\/\d{4}\.$/);
      const firstUntil = (await until.textContent()) ?? '';
      await page.getByRole('button', { name: 'Ver os próximos meses' }).click();
      await expect(until).not.toHaveText(firstUntil);
      await page.getByRole('link', { name: 'Abrir agenda' }).click();
      await expect(page).toHaveURL(/\/agendevents$/);

      // A colaborador not invited does not see the meeting.
      await signIn(page, '1003', '/eventos');
      await expect(events.filter({ hasText: 'SIPAT' })).toBeVisible();
      await expect(page.getByText('Reunião de planejamento de compras')).toHaveCount(0);
    },
  );
  test(
    '/privacy-policy opens from the footer and tells the LGPD rights',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      // Signed out there is no footer (the login screen has none) and the page asks for the login.
      await page.goto('/privacy-policy');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('app-footer')).toHaveCount(0);

      await signIn(page, '1003', '/');
      await page.getByTestId('app-footer').getByRole('link', { name: 'Política de Privacidade' }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
      const text = page.getByTestId('privacy-text');
      for (const heading of [
        '2. Quais dados guardamos, por que e quem os vê',
        '5. Por quanto tempo guardamos',
        '6. Cookies',
        '8. Seus direitos (art. 18 da LGPD)',
        '9. Como exercer os seus direitos',
      ]) {
        await expect(text.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      const kinds = page.getByTestId('privacy-data-item');
      await expect(kinds.filter({ hasText: 'Dados de saúde' })).toContainText(
        'Somente a equipe de Recursos Humanos',
      );
      await expect(kinds.filter({ hasText: 'Multas de trânsito' })).toContainText('Gestão de Multas');
      await expect(text).toContainText('ti@rotasul.com.br');
      await expect(page.getByText('Esta página está em construção.')).toHaveCount(0);
      if (testInfo.project.name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, testInfo, 'privacidade');

      // The way to exercise a right: open a call.
      await text.getByRole('link', { name: 'Abrir Chamado' }).click();
      await expect(page).toHaveURL(/\/abrirchamado$/);
    },
  );

  test(
    '/avisos on a phone opens a notice full screen',
    { tag: '@phone-only' },
    async ({ page }, testInfo) => {
      await signIn(page, '1003', '/avisos');
      await expect(summaries(page).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shot(page, testInfo, 'avisos');
      await summaries(page).filter({ hasText: 'Campanha de vacinação' }).click();
      const dialog = page.getByRole('dialog', { name: 'Aviso' });
      await expect(dialog.getByRole('img', { name: 'Imagem do aviso' })).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(389);
      await shot(page, testInfo, 'avisos-aberto');
    },
  );
});
