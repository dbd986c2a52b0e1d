import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { mailsTo } from './session.ts';

/** How the journeys bring people in from a spreadsheet and let them make their password. */

/** The 200 people a spreadsheet program saved (apps/server/test/fixtures/people/README.md). */
export const PEOPLE_200 = path.resolve(
  import.meta.dirname,
  '../../../server/test/fixtures/people/usuarios-200.xlsx',
);

/** Opens Importar on Usuários (the administrator signed in) and reads a sheet into the preview. */
export async function previewUsersImport(page: Page, file: Parameters<Page['setInputFiles']>[1]) {
  await page.goto('/setusers');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar usuários' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  return dialog;
}

/**
 * An imported person makes his password: the code and the link of the e-mail the import sent him
 * (from the e2e server's outbox, or the one whose DATA_DIR is given) open the code step of
 * Recuperar senha. Ends on the login screen.
 */
export async function setPasswordFromImportMail(
  page: Page,
  person: { matricula: string; email: string },
  password: string,
  dataDir?: string,
) {
  const intro = 'Seu código para criar a senha da intranet é:';
  let mail = '';
  await expect
    .poll(() => (mail = mailsTo(person.email, dataDir).findLast((m) => m.includes(intro)) ?? ''), {
      timeout: 30_000,
      message: `the set-password e-mail to ${person.email}`,
    })
    .toContain(intro);
  const code = /criar a senha da intranet é: (\d{6})/.exec(mail)?.[1] ?? '';
  const link = new RegExp(`(http\\S+/login\\?definir-senha=${person.matricula})\\b`).exec(mail)?.[1] ?? '';
  expect(link, mail).not.toBe('');

  // Signed out on a page of the origin that runs no app: an open app would still call with the token.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname + new URL(link).search);
  const recovery = page.getByRole('dialog', { name: 'Recuperar senha' });
  await expect(recovery.getByRole('status')).toHaveText(
    `Digite o código que você recebeu por e-mail para a matrícula ${person.matricula}.`,
  );
  for (let i = 0; i < 6; i++)
    await recovery.getByRole('textbox', { name: `Dígito ${i + 1} de 6`, exact: true }).fill(code.charAt(i));
  await recovery.getByRole('button', { name: 'Verificar código' }).click();
  await recovery.getByLabel('Nova senha').fill(password);
  await recovery.getByLabel('Confirmar senha').fill(password);
  await recovery.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(recovery).toBeHidden();
}

/** Signs in on the login screen. */
export async function signInOnForm(page: Page, matricula: string, password: string) {
  await page.getByRole('textbox', { name: 'Usuário' }).fill(matricula);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A first sign-in's usage policy: ticked and saved, then the home. */
export async function acceptUsagePolicy(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Uso' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Eu li e concordo com os termos acima.' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/$/);
}
