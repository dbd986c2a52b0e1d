import { expect, test } from './support/fixtures.ts';
import { acceptCookies, DEMO_PASSWORD } from './support/session.ts';

/**
 * 1003 (Colaborador de Operação) has not accepted the usage policy yet: his first sign-in shows the
 * acceptance screen before anything else (spec §2 Access rules, Policy; §4 Policy). This project
 * runs before every other journey, which sign 1003 in with the policy already accepted.
 */
test('first access: 1003 signs in, reads and accepts the usage policy, and lands on the home', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuário' }).fill('1003');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();

  // The acceptance screen, instead of the home.
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Uso' })).toBeVisible();
  await expect(page.getByTestId('sector-grid')).toHaveCount(0);
  const policy = page.getByTestId('policy-text');
  // The full text: every point of spec §6 "Policy content".
  for (const heading of [
    '1. Objetivo',
    '2. Acesso restrito a pessoas autorizadas',
    '3. Login e senha pessoais e intransferíveis',
    '4. Registro das ações',
    '5. Uso exclusivamente profissional',
    '6. Conduta e comentários',
    '7. Penalidades',
    '8. Vigência',
    '9. Dúvidas',
  ]) {
    await expect(policy.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(policy).toContainText('somente a colaboradores, prestadores de serviço e estagiários');
  await expect(policy).toContainText('É proibido compartilhar');
  await expect(policy).toContainText(
    'Todas as ações realizadas na Intranet são registradas e vinculadas ao usuário',
  );
  await expect(policy).toContainText('fins pessoais, para atividades político-partidárias');
  await expect(policy).toContainText('Comentários ofensivos');
  await expect(policy).toContainText('são passíveis de sanção');
  await expect(policy).toContainText('suspensão do acesso à Intranet;');
  await expect(policy).toContainText('sanções disciplinares');
  await expect(policy).toContainText('demissão por justa causa');
  await expect(policy.getByText('Versão vigente a partir de 07/07/2025')).toBeVisible();
  const itMail = policy.getByRole('link', { name: 'ti@rotasul.com.br' });
  await expect(itMail).toBeVisible();
  await expect(itMail).toHaveAttribute('href', 'mailto:ti@rotasul.com.br');

  // Any other route shows the same screen while the policy is not accepted.
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Uso' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toHaveCount(0);

  // Salvar stays disabled until the box is ticked.
  const save = page.getByRole('button', { name: 'Salvar' });
  const agree = page.getByRole('checkbox', { name: 'Eu li e concordo com os termos acima.' });
  await expect(save).toBeDisabled();
  await agree.check();
  await expect(save).toBeEnabled();
  await agree.uncheck();
  await expect(save).toBeDisabled();
  await agree.check();

  // The acceptance call is held back a moment so that 'Salvando...' can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/users/policy', async (route) => {
    await held;
    await route.continue();
  });
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/policy') && r.request().method() === 'PUT',
  );
  await save.click();
  await expect(page.getByRole('button', { name: 'Salvando...' })).toBeDisabled();
  release();
  expect((await accepted).status()).toBe(200);

  // Home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, João!' })).toBeVisible();
  await expect(page.getByTestId('sector-grid')).toBeVisible();
  await expect(page.getByTestId('header-matricula')).toHaveText('1003');

  // Accepted for good: a reload shows the home, and /politica-uso sends back to /.
  await page.reload();
  await expect(page.getByTestId('sector-grid')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Eu li e concordo com os termos acima.' })).toHaveCount(0);
  await page.goto('/politica-uso');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sector-grid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);

  // The server agrees.
  const token = await page.evaluate(() => localStorage.getItem('intranet.token'));
  const session = await page.request.get('/api/get-sessionData', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await session.json()) as { policyAccepted: number }).policyAccepted).toBe(1);
});
