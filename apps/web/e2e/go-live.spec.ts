import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from './support/fixtures.ts';
import { choose, newestHrRequestId, openHrRequest, pressHrStage } from './support/hr.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';
import {
  acceptUsagePolicy,
  PEOPLE_200,
  previewUsersImport,
  setPasswordFromImportMail,
  signInOnForm,
} from './support/people.ts';
import { fillQuoteRow, pressPurchaseStep, purchaseDetail } from './support/purchases.ts';
import { acceptCookies, mailsTo, signIn, toasts } from './support/session.ts';

/**
 * Issue 34, "Done when": a company goes live without the demo (SEED_DEMO=0) on an installation of
 * its own. The first administrator is made by the command (the link is first-admin.spec.ts); he sets
 * the mail, a branch, imports the 200 people a spreadsheet program saved, renames Compras and names
 * the approvers; a purchase and a hiring request then go through their approvals to the imported
 * people the screens named, each told by e-mail. Who is who comes from the fixture's sectors and
 * privilégio (apps/server/test/fixtures/people/usuarios-200.csv) and the contracts policies.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Implantacao#2026';
const ADMIN = {
  matricula: '1',
  nome: 'Helena Prado Ribeiro',
  cpf: '529.982.247-25',
  email: 'helena.ribeiro@empresa.com.br',
  password: 'Primeira#Senha26',
};
const person = (matricula: string, nome: string, email: string) => ({ matricula, nome, email });
/** Operação, Usuário: asks for the purchase. */
const REQUESTER = person('5198', 'Débora Araújo Lopes', 'debora.lopes.5198@rotasul.com.br');
/** Compras (renamed Suprimentos), Gestor with Suporte (purchasing staff): hears of it, analyses, quotes. */
const BUYER = person('5101', 'Otávio Barbosa Rodrigues', 'otavio.rodrigues.5101@rotasul.com.br');
/** Operação, Gestor: the requester's manager; she also asks for the hiring. */
const MANAGER = person('5001', 'Inês Nascimento Magalhães', 'ines.magalhaes.5001@rotasul.com.br');
/** Faturamento, Gestor: named Diretor on Aprovadores (purchases and HR). */
const DIRECTOR = person('5151', 'Otávio Ramos Lima', 'otavio.lima.5151@rotasul.com.br');
/** Operação, Gestor: named Presidente. */
const PRESIDENT = person('5076', 'Quésia Andrade Costa', 'quesia.costa.5076@rotasul.com.br');
/** QSSMA, Usuário: named Jurídico. */
const LEGAL = person('5188', 'Eduarda Dias Vieira', 'eduarda.vieira.5188@rotasul.com.br');
/** Recursos Humanos, Usuário: runs the HR request. */
const HR = person('5172', 'Paulo Vieira Freitas', 'paulo.freitas.5172@rotasul.com.br');
const BRANCH = 'Jundiaí';

let server: OwnServer;
/** The installation of this journey, started once for its worker; every page and call goes there. */
const test = base.extend<{ baseURL: string }, { installation: OwnServer }>({
  installation: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from an object pattern.
    async ({}, use) => {
      server = await startOwnServer({
        SEED_DEMO: '0',
        // Many people sign in from one address; the limiter itself is covered by API tests.
        RATE_LIMIT_LOGIN_PER_USER: '1000',
        RATE_LIMIT_LOGIN_PER_IP: '10000',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ installation }, use) => use(installation.base),
});
test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.beforeEach(async ({ context, page, consoleGuard }) => {
  // A company with no notices yet: the home's notice call answers 404, as spec §7 has it.
  consoleGuard.allowResourceError(404, '/api/get-infoText');
  await acceptCookies(context, server.base);
  await page.setViewportSize({ width: 1366, height: 768 });
});

/** The e-mails of this installation to `address`, waited for until one contains `text`. */
async function expectMail(address: string, text: string | RegExp) {
  await expect
    .poll(() => mailsTo(address, server.dataDir).join('\n---\n'), {
      timeout: 20_000,
      message: `an e-mail to ${address} with ${text}`,
    })
    .toMatch(text);
}

/** An imported person's first day: the password from the import's e-mail, sign-in, the usage policy. */
async function firstSignIn(page: Page, who: { matricula: string; email: string }) {
  await setPasswordFromImportMail(page, who, PASSWORD, server.dataDir);
  await signInOnForm(page, who.matricula, PASSWORD);
  await acceptUsagePolicy(page);
}

let ticket = 0;
let hiringId = 0;

test('the first administrator is made by npm run admin and signs in', async ({ page }) => {
  const out = execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create',
      '--matricula',
      ADMIN.matricula,
      '--nome',
      ADMIN.nome,
      '--cpf',
      ADMIN.cpf,
      '--email',
      ADMIN.email,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', ADMIN_PASSWORD: ADMIN.password },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  expect(out).toContain(ADMIN.nome);

  await page.goto('/login');
  await signInOnForm(page, ADMIN.matricula, ADMIN.password);
  await acceptUsagePolicy(page);
  await expect(page.getByTestId('header-matricula')).toHaveText(ADMIN.matricula);
});

test('E-mail and Setores e filiais on screens: the IT address, the sender, a test e-mail, a new branch', async ({
  page,
}, info) => {
  await signIn(page, ADMIN.matricula, '/email', ADMIN.password);
  await expect(page.getByRole('heading', { name: 'E-mail', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail da TI' }).fill('ti@rotasul.com.br');
  await page
    .getByRole('textbox', { name: 'Remetente (De:)' })
    .fill('Intranet Rota Sul <intranet@rotasul.com.br>');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toasts(page)).toContainText('Configurações de e-mail salvas.');
  await page.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
  await expect(page.getByTestId('mail-test-answer')).toContainText('Resposta do servidor:');
  await page.screenshot({ path: info.outputPath('go-live-email.png'), fullPage: true });
  await expectMail(ADMIN.email, 'Este é um e-mail de teste enviado pela tela E-mail da intranet.');
  await expectMail(ADMIN.email, /^From: .*intranet@rotasul\.com\.br/m);

  await page.goto('/setores');
  await expect(page.getByRole('heading', { name: 'Setores e filiais', level: 1 })).toBeVisible();
  const branches = page.getByRole('form', { name: 'Adicionar filial' });
  await branches.getByRole('textbox', { name: 'Nova filial' }).fill(BRANCH);
  await branches.getByRole('button', { name: 'Adicionar filial' }).click();
  await expect(toasts(page)).toContainText('Filial salva.');
  await expect(page.getByRole('button', { name: `Editar ${BRANCH}` })).toBeVisible();
});

test('the 200 people of a LibreOffice sheet are imported on Usuários → Importar', async ({ page }, info) => {
  await signIn(page, ADMIN.matricula, '/', ADMIN.password);
  const dialog = await previewUsersImport(page, PEOPLE_200);
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    'usuarios-200.xlsx: 200 linha(s) — 200 a adicionar, 0 a atualizar, 0 sem alteração, 0 recusada(s).',
  );
  await page.screenshot({ path: info.outputPath('go-live-import-preview.png') });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByTestId('import-result')).toHaveText(
    'Importação concluída: 200 adicionado(s), 0 atualizado(s), 0 sem alteração.',
  );
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await page.getByLabel('Buscar usuário').fill(DIRECTOR.matricula);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText(DIRECTOR.nome);
});

test('Compras is renamed Suprimentos and the approvers are imported people', async ({ page }, info) => {
  await signIn(page, ADMIN.matricula, '/setores', ADMIN.password);
  const sectors = page.getByRole('region', { name: 'Setores', exact: true });
  await sectors.getByRole('button', { name: 'Editar Compras' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar setor Compras' });
  await edit.getByRole('textbox', { name: 'Nome' }).fill('Suprimentos');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toHaveCount(0);
  await expect(sectors.getByRole('button', { name: 'Editar Suprimentos' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('go-live-setores.png'), fullPage: true });

  await page.goto('/aprovadores');
  await expect(page.getByRole('heading', { name: 'Aprovadores', level: 1 })).toBeVisible();
  for (const [role, who] of [
    ['juridico', LEGAL],
    ['diretor', DIRECTOR],
    ['presidente', PRESIDENT],
  ] as const) {
    const stage = page.getByTestId(`stage-${role}`);
    await stage.getByRole('textbox', { name: 'Aprovador' }).fill(who.matricula);
    await page.getByRole('option', { name: new RegExp(who.nome) }).click();
    await stage.getByRole('button', { name: /^Salvar/ }).click();
    await expect(toasts(page)).toContainText('Aprovadores salvos.');
    await expect(page.getByTestId(`stage-${role}`).getByRole('textbox', { name: 'Aprovador' })).toHaveValue(
      new RegExp(who.nome),
    );
  }
  await expect(page.getByTestId('stage-diretor').getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('go-live-aprovadores.png'), fullPage: true });
});

test('a purchase goes from the requester to Suprimentos, her manager and the named Diretor, by e-mail', async ({
  page,
}, info) => {
  // Several people's first day one after another.
  test.setTimeout(240_000);
  const detail = () => purchaseDetail(page, ticket);
  const press = (button: string, status: string) => pressPurchaseStep(page, ticket, button, status);

  await firstSignIn(page, REQUESTER);
  await page.goto('/chooserequest');
  await page.getByRole('link', { name: 'Solicitar uma Compra' }).click();
  await page.getByRole('textbox', { name: 'Produto' }).fill('Leitor de código de barras');
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).click();
  await page.getByRole('option', { name: 'Novo ativo', exact: true }).click();
  await page.getByRole('textbox', { name: 'Descrição da justificativa' }).fill('Expedição da nova filial');
  await page.getByRole('radio', { name: BRANCH }).check();
  await page.getByRole('radio', { name: 'Média' }).check();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://loja.example/leitor');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const sent = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(sent).toContainText('Sua solicitação foi enviada ao setor de Compras.');
  ticket = Number((await sent.locator('strong').textContent())?.replace('#', ''));
  expect(ticket).toBeGreaterThan(0);
  // The sector playing Compras' role hears of it, whatever its name now is.
  await expectMail(BUYER.email, `${REQUESTER.nome} abriu a solicitação #${ticket}: Leitor`);

  await firstSignIn(page, BUYER);
  await page.goto(`/requestopened?ticket=${ticket}`);
  await expect(detail()).toBeVisible();
  await press('Próxima Etapa', 'Em análise');
  await press('Próxima Etapa', 'Aguardando Cotação');
  await detail().getByRole('button', { name: 'Inserir cotação' }).click();
  const insert = page.getByRole('dialog', { name: 'Inserir Cotação' });
  await fillQuoteRow(page, 1, {
    fornecedor: 'Automação Paulista',
    prazo: '2026-12-15',
    valor: '1290',
    contato: 'https://loja.example',
    canal: 'Online',
  });
  await insert.getByRole('button', { name: 'Enviar cotações' }).click();
  await expect(toasts(page)).toContainText('Cotação enviada');
  await press('Enviar para aprovação', 'Aguardando aprovação Gestor');
  await expectMail(
    MANAGER.email,
    `#${ticket} (Leitor de código de barras), de ${REQUESTER.nome}, aguarda aprovação: Aguardando aprovação Gestor`,
  );

  await firstSignIn(page, MANAGER);
  await page.goto(`/requestopened?ticket=${ticket}`);
  await detail()
    .getByRole('table', { name: 'Comparação de cotações' })
    .getByRole('button', { name: 'Selecionar Cotação' })
    .click();
  const choice = page.getByRole('dialog', { name: 'Selecionar Cotação' });
  await choice
    .getByRole('textbox', { name: 'Motivo da escolha' })
    .fill('Única cotação com entrega na filial');
  await choice.getByRole('button', { name: 'Selecionar' }).click();
  await expect(toasts(page)).toContainText('Cotação selecionada!');
  await press('Encaminhar', 'Aguardando aprovação Diretor');
  await expectMail(
    DIRECTOR.email,
    `#${ticket} (Leitor de código de barras), de ${REQUESTER.nome}, aguarda aprovação: Aguardando aprovação Diretor`,
  );

  await firstSignIn(page, DIRECTOR);
  await page.goto(`/requestopened?ticket=${ticket}`);
  await detail().getByRole('radio', { name: 'Aprovado' }).check();
  await detail().getByRole('button', { name: 'Concluir' }).click();
  await expect(toasts(page)).toContainText('Etapa atualizada!');
  await expect(detail().locator('[data-status]').first()).toHaveText('Aprovado');
  await page.screenshot({ path: info.outputPath('go-live-purchase-approved.png') });
  await expectMail(
    REQUESTER.email,
    `Sua solicitação #${ticket} (Leitor de código de barras) passou para "Aprovado" por ${DIRECTOR.nome}`,
  );
});

test('a hiring goes from the manager to RH, the named Diretor and Presidente, by e-mail', async ({
  page,
}, info) => {
  // Several people's first day one after another.
  test.setTimeout(240_000);
  const hiringAwaits = (stage: string) =>
    `A solicitação Admissão nº ${hiringId} (Ajudante Geral) de ${MANAGER.nome} aguarda sua análise (${stage}).`;
  // The manager signed in on her first day in the purchase's test.
  await signIn(page, MANAGER.matricula, '/RhHomeRequest', PASSWORD);
  await page.getByText('Admissão', { exact: true }).click();
  await choose(page, 'Cargo', 'Ajudante Geral');
  await choose(page, 'Filial', BRANCH);
  await choose(page, 'Horário de trabalho', 'Administrativo');
  await choose(page, 'Tipo de contrato', 'Efetivo');
  await choose(page, 'Motivo da contratação', 'Aumento de Quadro');
  await choose(page, 'Justificativa da reposição', 'Outro');
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).fill('Abertura da filial.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(toasts(page)).toContainText('Solicitação de admissão enviada ao RH.');
  await expect(page.getByRole('heading', { name: 'Minhas Solicitações' })).toBeVisible();
  hiringId = await newestHrRequestId(page);
  expect(hiringId).toBeGreaterThan(0);

  await firstSignIn(page, HR);
  let panel = await openHrRequest(page, HR.matricula, hiringId, PASSWORD);
  await pressHrStage(page, panel, 'Aceitar');
  await pressHrStage(page, panel, 'Avançar');
  await expect(panel.getByTestId('hr-current-stage')).toHaveText('Análise Diretor');
  await expectMail(DIRECTOR.email, hiringAwaits('Análise Diretor'));

  // The director signed in on his first day in the purchase's test.
  panel = await openHrRequest(page, DIRECTOR.matricula, hiringId, PASSWORD);
  await pressHrStage(page, panel, 'Aprovar');
  await expectMail(PRESIDENT.email, hiringAwaits('Análise Presidente'));

  await firstSignIn(page, PRESIDENT);
  panel = await openHrRequest(page, PRESIDENT.matricula, hiringId, PASSWORD);
  await pressHrStage(page, panel, 'Aprovar');
  await expect(panel.getByText('Finalizado')).toBeVisible();
  await page.screenshot({ path: info.outputPath('go-live-hiring-approved.png') });
  await expectMail(MANAGER.email, `Sua solicitação Admissão nº ${hiringId} (Ajudante Geral) foi aprovada.`);
  // Jurídico has no part in a hiring: nothing reached her.
  expect(mailsTo(LEGAL.email, server.dataDir).join('\n')).not.toContain(`nº ${hiringId}`);
});
