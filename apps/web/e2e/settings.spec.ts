import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * The company's setup on screens (issue 34, decision 0115): the administrator names the Diretor's
 * substitute with his days and changes the IT address; the policy page shows the new address.
 * Demo: 1001 Administrador, 1006 Roberto (Diretor), 1002 Patrícia (Gestor de Compras).
 */

test.describe.configure({ mode: 'serial' });

/** dd/mm/yyyy of today plus n days (the period is in the future: the demo's workflows do not change today). */
function typedDay(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

async function journey(page: Page, shot: string) {
  await signIn(page, '1001', '/');
  await page.getByRole('tab', { name: 'Gerenciar' }).click();
  await page.getByTestId('aprovadores-link').click();
  await expect(page.getByRole('heading', { name: 'Aprovadores', level: 1 })).toBeVisible();
  const diretor = page.getByTestId('stage-diretor');
  await expect(diretor.getByText('Compras: Aguardando aprovação Diretor')).toBeVisible();
  await expect(diretor.getByRole('textbox', { name: 'Aprovador' })).toHaveValue(/Roberto Almeida Nogueira/);

  // A period ending before it starts is refused on the form, by the contracts schema the server applies too.
  const substitute = diretor.getByRole('textbox', { name: 'Substituto', exact: true });
  await substitute.fill('Patr');
  await page.getByRole('option', { name: /Patrícia Souza Ramos/ }).click();
  const from = diretor.getByRole('textbox', { name: 'Substituto de' });
  const to = diretor.getByRole('textbox', { name: 'Substituto até' });
  await from.fill(typedDay(75));
  await from.blur();
  await to.fill(typedDay(70));
  await to.blur();
  await diretor.getByRole('button', { name: 'Salvar Diretor' }).click();
  await expect(diretor.getByText('O fim do período deve ser igual ou posterior ao início.')).toBeVisible();
  await from.fill(typedDay(60));
  await from.blur();
  await diretor.getByRole('button', { name: 'Salvar Diretor' }).click();
  await expect(toasts(page)).toContainText('Aprovadores salvos.');
  await page.reload();
  const saved = page.getByTestId('stage-diretor');
  await expect(saved.getByRole('textbox', { name: 'Substituto', exact: true })).toHaveValue(
    /Patrícia Souza Ramos/,
  );
  await expect(saved.getByRole('textbox', { name: 'Substituto até' })).toHaveValue(typedDay(70));
  await page.screenshot({ path: `/tmp/approvers-${shot}-aprovadores.png`, fullPage: true });

  // The IT address on the E-mail screen; the privacy page reads it from there.
  await page.goto('/email');
  await expect(page.getByRole('heading', { name: 'E-mail', level: 1 })).toBeVisible();
  const it = page.getByRole('textbox', { name: 'E-mail da TI' });
  await it.fill('ti');
  await it.blur();
  await expect(page.getByText('Informe o e-mail da TI (por exemplo ti@empresa.com.br).')).toBeVisible();
  await it.fill(`suporte.${shot}@rotasul.com.br`);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toasts(page)).toContainText('Configurações de e-mail salvas.');
  await page.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
  await expect(page.getByTestId('mail-test-answer')).toContainText('Resposta do servidor:');
  await page.screenshot({ path: `/tmp/approvers-${shot}-email.png`, fullPage: true });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('link', { name: `suporte.${shot}@rotasul.com.br` }).first()).toBeVisible();
}

test('the administrator names the Diretor’s substitute and the IT address (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await journey(page, 'desktop');
});

test('the same on a phone (390×844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await journey(page, 'phone');
});

const isoDay = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// The other journeys share this server's data: the demo's setup comes back afterwards.
test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, '1001')}` };
  const stages = [
    ['juridico', { approverId: 8, substituteId: null, from: null, to: null }],
    ['diretor', { approverId: 6, substituteId: 9, from: isoDay(30), to: isoDay(44) }],
  ] as const;
  for (const [role, data] of stages) {
    expect((await request.put(`/api/settings/approvers/${role}`, { headers, data })).status()).toBe(200);
  }
  const mail = { itEmail: 'ti@rotasul.com.br', mailFrom: 'Intranet <intranet@rotasul.com.br>' };
  expect((await request.put('/api/settings/mail', { headers, data: mail })).status()).toBe(200);
});

test('a stage with nobody shows the warning; a Gestor is sent away', async ({ page }) => {
  const headers = { authorization: `Bearer ${await apiToken(page.request, '1001')}` };
  const put = await page.request.put('/api/settings/approvers/juridico', {
    headers,
    data: { approverId: null, substituteId: null, from: null, to: null },
  });
  expect(put.status()).toBe(200);
  await signIn(page, '1001', '/aprovadores');
  await expect(page.getByTestId('stage-juridico').getByRole('alert')).toHaveText(
    'Nenhum aprovador definido: as solicitações nesta etapa aguardam e aparecem para os administradores.',
  );
  await signIn(page, '1002', '/aprovadores');
  await expect(page).toHaveURL(/\/$/);
});
