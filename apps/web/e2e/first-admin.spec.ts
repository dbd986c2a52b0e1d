import { expect, test } from './support/fixtures.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';

/**
 * Issue 34: a company starts the intranet without the demo. Its server prints a one-time set-up
 * link; the link's page makes the first administrator, who then signs in. Used, the link says so.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ SEED_DEMO: '0' });
});
test.afterAll(() => server.stop());

test('the printed set-up link makes the first administrator, who signs in; the used link says so @phone', async ({
  page,
  consoleGuard,
}, info) => {
  const link = server.output().match(/http:\/\/127\.0\.0\.1:\d+\/configuracao-inicial\/[\w-]{43}/)?.[0];
  expect(link, server.output()).toBeTruthy();
  // The used link's check answers 404, which the page shows as its message.
  consoleGuard.allowResourceError(404, /\/api\/setup\//);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Configuração inicial' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Primeiro administrador' });
  const send = form.getByRole('button', { name: 'Cadastrar administrador' });
  await send.click();
  await expect(form).toContainText('Informe a matrícula.');
  await expect(form).toContainText('Informe o nome.');
  await expect(form).toContainText('Informe o CPF.');
  await expect(form).toContainText('Informe o e-mail.');

  await form.getByRole('textbox', { name: 'Matrícula' }).fill('1');
  await form.getByRole('textbox', { name: 'Nome completo' }).fill('Helena Prado Ribeiro');
  await form.getByRole('textbox', { name: 'CPF' }).fill('111.111.111-11');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('helena.ribeiro@empresa.com.br');
  await form.getByLabel(/^Senha/).fill('primeira-senha');
  await form.getByLabel(/^Confirmar senha/).fill('primeira-senhx');
  await send.click();
  await expect(form).toContainText('CPF inválido.');
  await expect(form).toContainText('Senhas não coincidem');
  await form.getByRole('textbox', { name: 'CPF' }).fill('529.982.247-25');
  await form.getByLabel(/^Confirmar senha/).fill('primeira-senha');
  await page.screenshot({ path: info.outputPath('first-admin.png'), fullPage: true });
  await send.click();

  // Sent to the sign-in page, where the new administrator signs in and meets the usage policy.
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Administrador cadastrado. Entre com a sua matrícula e a senha.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Usuário' }).fill('1');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('primeira-senha');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Uso' })).toBeVisible();

  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText(
    'Este link de configuração não vale mais: ele já foi usado ou expirou.',
  );
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
});
