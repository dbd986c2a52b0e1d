import { expect, test } from './support/fixtures.ts';
import { choose, newestHrRequestId, openHrRequest, pressHrStage } from './support/hr.ts';
import { signIn, toasts } from './support/session.ts';

/**
 * HR: Roberto (1006, Gestor and director) asks for a hiring; Fernanda (1005, RH) accepts and
 * advances it; Roberto may not decide his own request, so Marcos (1009, the director's substitute an
 * administrator named) approves at the director's stage, and the president (1007) after him;
 * Fernanda inserts the employee from the approved request and finds him in the list. A dismissal
 * without cause goes through Jurídico (1008).
 */

test.describe.configure({ mode: 'serial' });

let hiringId = 0;

test('Roberto asks for a hiring from the RH home', async ({ page }) => {
  await signIn(page, '1006', '/RhHomeRequest');
  await expect(page.getByText('Olá, Roberto Almeida Nogueira!')).toBeVisible();
  for (const tile of ['Admissão', 'Demissão', 'Movimentação', 'Documentos', 'Minhas Solicitações'])
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  await page.getByText('Admissão', { exact: true }).click();
  await expect(page).toHaveURL(/\/formHiring$/);

  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toasts(page)).toContainText('Por favor, preencha todos os campos.');

  await choose(page, 'Cargo', 'Ajudante Geral');
  await choose(page, 'Filial', 'Matriz');
  await choose(page, 'Horário de trabalho', 'Administrativo');
  await choose(page, 'Tipo de contrato', 'Efetivo');
  await expect(page.getByRole('textbox', { name: 'Justificativa da reposição' })).toHaveCount(0);
  await choose(page, 'Motivo da contratação', 'Substituição');
  await expect(page.getByRole('textbox', { name: 'Substituir o funcionário' })).toBeVisible();
  await choose(page, 'Motivo da contratação', 'Aumento de Quadro');
  await expect(page.getByRole('textbox', { name: 'Substituir o funcionário' })).toHaveCount(0);
  await choose(page, 'Justificativa da reposição', 'Outro');
  await page
    .getByRole('textbox', { name: 'Justificativa', exact: true })
    .fill('Mais volume no armazém da Matriz.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toasts(page)).toContainText('Solicitação de admissão enviada ao RH.');
  await expect(page).toHaveURL(/\/requesterScreamRh/);
  await expect(page.getByRole('heading', { name: 'Minhas Solicitações' })).toBeVisible();
  hiringId = await newestHrRequestId(page);
  expect(hiringId).toBeGreaterThan(0);
  await page.getByRole('cell', { name: `#${hiringId}`, exact: true }).click();
  const panel = page.getByTestId('hr-request-panel');
  await expect(panel.getByText('Solicitação Aberta')).toBeVisible();
  // Accepting is for RH, and nobody decides a request he opened: he is told who decides instead.
  await expect(panel.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(panel.getByTestId('hr-decider-note')).toHaveText(
    'Você abriu esta solicitação: a etapa Diretor será decidida por Marcos Vinícius Pereira.',
  );
});

test('Fernanda (RH) accepts and advances; the director’s substitute and the president approve', async ({
  page,
  context,
}) => {
  // Three people sign in one after another: slower than one screen's journey.
  test.slow();
  let panel = await openHrRequest(page, '1005', hiringId);
  await expect(panel.getByTestId('hr-stage')).toHaveCount(5);
  await pressHrStage(page, panel, 'Aceitar');
  await pressHrStage(page, panel, 'Avançar');
  await expect(panel.getByTestId('hr-current-stage')).toHaveText('Análise Diretor');

  await context.clearCookies();
  panel = await openHrRequest(page, '1006', hiringId);
  await expect(panel.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await context.clearCookies();
  panel = await openHrRequest(page, '1009', hiringId);
  await pressHrStage(page, panel, 'Aprovar');
  await context.clearCookies();
  panel = await openHrRequest(page, '1007', hiringId);
  await pressHrStage(page, panel, 'Aprovar');
  await expect(panel.getByText('Finalizado')).toBeVisible();
});

test('Inserir Funcionário opens the form prefilled; the employee appears in the list', async ({ page }) => {
  const panel = await openHrRequest(page, '1005', hiringId);
  await panel.getByRole('button', { name: 'Inserir Funcionário' }).click();
  await expect(page).toHaveURL(new RegExp(`/forminsertemployee\\?request=${hiringId}`));
  await expect(page.getByRole('textbox', { name: 'Cargo', exact: true })).toHaveValue('Ajudante Geral');
  await expect(page.getByRole('textbox', { name: 'Transporte', exact: true })).toHaveValue('Fretado+Público');

  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(toasts(page)).toContainText('Parametros inválidos. Preencha todos os campos');

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Otávio Ramos Lima');
  await page.getByRole('textbox', { name: 'Matrícula', exact: true }).fill('321');
  await page.getByLabel(/^Data de nascimento/).fill('1995-06-20');
  await page.getByLabel(/^Data de admissão/).fill('2026-01-05');
  await page.getByRole('textbox', { name: 'CPF', exact: true }).fill('12345678909');
  await expect(page.getByRole('textbox', { name: 'CPF', exact: true })).toHaveValue('123.456.789-09');
  await page.getByRole('textbox', { name: 'RG', exact: true }).fill('123456789');
  await page.getByRole('textbox', { name: 'PIS', exact: true }).fill('12054783651');
  await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('11987654321');
  await expect(page.getByRole('textbox', { name: 'Telefone', exact: true })).toHaveValue('(11) 98765-4321');
  await choose(page, 'Setor', 'Estoque');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(toasts(page)).toContainText('Formulário enviado.');
  // He opens with a link to the hiring he came from, which links back to him (decision 0121).
  await expect(page).toHaveURL(/\/setEmployees\?funcionario=\d+$/);
  await page
    .getByTestId('employee-details')
    .getByRole('link', { name: `Solicitação de contratação #${hiringId}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/mainScreamRh\\?ticket=${hiringId}$`));
  const hiring = page.getByTestId('hr-request-panel');
  await expect(hiring.getByRole('button', { name: 'Inserir Funcionário' })).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/hr-hiring-employee-link.png` });
  await hiring.getByRole('link', { name: 'Otávio Ramos Lima (matrícula 321)' }).click();
  await expect(page.getByTestId('employee-details')).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/hr-employee-hiring-link.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('employee-details')).toBeHidden();
  await page.getByRole('textbox', { name: 'Procurar funcionário' }).fill('Otávio');
  await expect(page.getByRole('cell', { name: 'Otávio Ramos Lima', exact: true })).toBeVisible();
  // A dismissed employee shows in red with (D).
  await page.getByRole('textbox', { name: 'Procurar funcionário' }).fill('Hugo');
  await expect(page.getByText('Hugo Carvalho Reis (D)')).toBeVisible();
});

test('a dismissal without cause goes through Jurídico (1008)', async ({ page, context, consoleGuard }) => {
  // Three people sign in one after another: slower than one screen's journey.
  test.slow();
  // The unknown matrícula answers 404 on purpose.
  consoleGuard.allowResourceError(404, '/api/employee?Registration=999');
  await signIn(page, '1006', '/formDismissal');
  await page.getByRole('textbox', { name: 'Matrícula do funcionário', exact: true }).fill('999');
  await expect(page.getByText('Matrícula não encontrada no Banco de dados')).toBeVisible();
  await page.getByRole('textbox', { name: 'Matrícula do funcionário', exact: true }).fill('102');
  await expect(page.getByTestId('dismissal-employee')).toContainText('Bruno Henrique Santos');
  await choose(page, 'Tipo de desligamento', 'Demissão sem justa causa');
  await page.getByRole('checkbox', { name: 'Redução de quadro' }).check();
  await page.getByRole('checkbox', { name: 'Uniforme' }).check();
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).fill('Reestruturação do turno.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toasts(page)).toContainText('Solicitação de demissão enviada ao RH.');
  const id = await newestHrRequestId(page);

  await context.clearCookies();
  let panel = await openHrRequest(page, '1005', id);
  await expect(panel.getByTestId('hr-stage')).toHaveCount(5);
  await expect(panel.getByText('Análise Jurídico')).toBeVisible();
  await pressHrStage(page, panel, 'Aceitar');
  await pressHrStage(page, panel, 'Avançar');
  await expect(panel.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  await context.clearCookies();
  panel = await openHrRequest(page, '1008', id);
  await pressHrStage(page, panel, 'Aprovar');
  await expect(panel.getByTestId('hr-current-stage')).toHaveText('Análise Diretor');
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('Atendimento RH fits the screen and opens a request', async ({ page }) => {
    const panel = await openHrRequest(page, '1005', hiringId);
    await expect(panel.getByText('Finalizado')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('the lists keep their phone columns', async ({ page }, info) => {
    await signIn(page, '1005', '/mainScreamRh');
    for (const name of ['Nº', 'Funcionário / Cargo', 'Status'])
      await expect(page.getByRole('columnheader', { name, exact: false }).first()).toBeVisible();
    for (const name of [/Tipo/, /Solicitante/])
      await expect(page.getByRole('columnheader', { name })).toHaveCount(0);
    // The status, the column a phone user looks for, is whole on the screen.
    const status = page.getByRole('columnheader', { name: /Status/ }).first();
    const box = await status.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('hr-requests-phone.png') });
    await page.goto('/setEmployees');
    await expect(page.getByRole('columnheader', { name: /Nome/ }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Matrícula/ }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Cargo/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('hr-employees-phone.png') });
  });
});
