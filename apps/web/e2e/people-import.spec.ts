import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { PEOPLE_200, previewUsersImport, setPasswordFromImportMail, signInOnForm } from './support/people.ts';
import { acceptCookies, mailsTo, signIn, toasts } from './support/session.ts';

/**
 * Issue 34, people in bulk (decision 0117): the administrator imports users from a spreadsheet a
 * spreadsheet program made (LibreOffice Calc: apps/server/test/fixtures/people), reads the preview,
 * confirms, finds an imported person; the new person's e-mail brings the code that creates the
 * password through the login's recovery dialog. A Gestor exports the list but imports nothing.
 */

/** The fixture's first line (usuarios-200.csv beside it). */
const FIRST = {
  matricula: '5001',
  nome: 'Inês Nascimento Magalhães',
  email: 'ines.magalhaes.5001@rotasul.com.br',
};

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** The administrator's Importar on Usuários, a sheet read into the preview. */
async function previewAsAdmin(page: Page, file: Parameters<Page['setInputFiles']>[1]) {
  await signIn(page, '1001', '/');
  return previewUsersImport(page, file);
}

test('the administrator imports 200 people from a LibreOffice sheet; the new person creates a password from the e-mail', async ({
  page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const dialog = await previewAsAdmin(page, PEOPLE_200);
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    'usuarios-200.xlsx: 200 linha(s) — 200 a adicionar, 0 a atualizar, 0 sem alteração, 0 recusada(s).',
  );
  const table = dialog.getByTestId('virtual-table');
  await expect(table.getByRole('row').filter({ hasText: FIRST.nome })).toContainText('Adicionar');
  await page.screenshot({ path: testInfo.outputPath('people-import-preview.png') });

  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByTestId('import-result')).toHaveText(
    'Importação concluída: 200 adicionado(s), 0 atualizado(s), 0 sem alteração.',
  );
  await expect(toasts(page)).toContainText('Importação concluída');
  await dialog.getByRole('button', { name: 'Concluir' }).click();

  await page.getByLabel('Buscar usuário').fill(FIRST.matricula);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText(FIRST.nome);
  await page.screenshot({ path: testInfo.outputPath('people-import-list.png') });

  // The e-mail to create the password, with its link to the code step of the recovery dialog.
  await setPasswordFromImportMail(page, FIRST, 'Ines#Senha2026');
  await signInOnForm(page, FIRST.matricula, 'Ines#Senha2026');
  await expect(page).not.toHaveURL(/\/login/);
});

test(
  'on a phone: a refused line is shown with its reason and blocks Confirmar; the corrected file imports',
  {
    tag: '@phone-only',
  },
  async ({ page }, testInfo) => {
    const header = 'Matrícula;Nome;CPF;E-mail;Setores;Filial;Privilégio;Suporte';
    const good =
      '5301;Lívia Araújo Prado;404.040.404-11;livia.prado.5301@rotasul.com.br;Operação;Mauá;Usuário;Não';
    const bad =
      '5302;Otávio Reis;111.222.333-44;otavio.reis.5302@rotasul.com.br;Astronomia;Matriz;Usuário;Não';
    const fixed =
      '5302;Otávio Reis;111.222.333-96;otavio.reis.5302@rotasul.com.br;Compras;Matriz;Usuário;Não';
    const sheet = (lines: string[]) => ({
      name: 'usuarios.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`, 'latin1'),
    });
    const dialog = await previewAsAdmin(page, sheet([good, bad]));
    await expect(dialog.getByTestId('import-summary')).toContainText(
      '1 a adicionar, 0 a atualizar, 0 sem alteração, 1 recusada(s).',
    );
    await expect(dialog.getByTestId('virtual-table')).toContainText(
      'CPF inválido: 111.222.333-44; Setores: "Astronomia" não é um setor ativo.',
    );
    await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('people-import-phone-refused.png') });

    await dialog.locator('input[type=file]').setInputFiles(sheet([good, fixed]));
    await dialog.getByRole('button', { name: 'Ler planilha' }).click();
    await expect(dialog.getByTestId('import-summary')).toContainText(
      '2 a adicionar, 0 a atualizar, 0 sem alteração, 0 recusada(s).',
    );
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog.getByTestId('import-result')).toContainText('2 adicionado(s)');
    await page.screenshot({ path: testInfo.outputPath('people-import-phone-done.png') });
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    // By matrícula: the 200 people of the desktop journey hold other Lívias.
    await page.getByLabel('Buscar usuário').fill('5301');
    await expect(page.getByTestId('user-card')).toHaveCount(1);
    await expect(page.getByTestId('user-card')).toContainText('Lívia Araújo Prado');
    await expect.poll(() => mailsTo('livia.prado.5301@rotasul.com.br').length, { timeout: 30_000 }).toBe(1);
  },
);

test('a Gestor exports the list as usuarios.xlsx and sees no Importar', async ({ page }) => {
  await signIn(page, '1002', '/setusers');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('usuarios.xlsx');
  const saved = await file.path();
  expect(fs.readFileSync(saved).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('RH imports an employee from a CSV on Gerenciar Funcionários and finds him in the list', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, '1005', '/setEmployees');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar funcionários' });
  const header =
    'Matrícula;Nome;Data de nascimento;Data de admissão;CPF;RG;PIS;Telefone;E-mail;Setor;Unidade;Cargo;Horário;Contrato;Transporte;Salário;Vale-refeição;Plano de saúde';
  const line =
    '777;Caetano Importado Ribeiro;14/03/1990;01/02/2024;600.000.777-98;12.345.678-9;123.45678.90-1;(11) 98765-4321;;Operação;Mauá;Conferente;1º Turno;Efetivo;Fretado;Mensalista;Sim;Não';
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'funcionarios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${line}\r\n`, 'latin1'),
  });
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    'funcionarios.csv: 1 linha(s) — 1 a adicionar, 0 a atualizar, 0 sem alteração, 0 recusada(s).',
  );
  await page.screenshot({ path: testInfo.outputPath('employees-import-preview.png') });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('1 adicionado(s)');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await page.getByPlaceholder('Procurar por nome ou matrícula').fill('Caetano');
  await expect(page.getByTestId('virtual-table')).toContainText('Caetano Importado Ribeiro');
});
