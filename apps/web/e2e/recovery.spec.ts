import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  acceptCookies,
  DEMO_PASSWORD,
  mailsTo,
  newestRecoveryCode,
  restorePassword,
} from './support/session.ts';

/**
 * "Esqueci a senha" (spec §2 Login, §4 Session, §5, §8): matrícula, the code e-mailed to the user
 * (read from the e2e server's outbox), the new password. User 1008 (Luiz Fernando Teixeira).
 */
const MATRICULA = '1008';
const EMAIL = 'luiz.teixeira@rotasul.com.br';
const NEW_PASSWORD = 'Luiz#Nova2025';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

// Later journeys sign 1008 in with the demo password.
test.afterEach(async ({ page, request }) => {
  await restorePassword(page, request, MATRICULA, [NEW_PASSWORD]);
});

async function openRecovery(page: Page): Promise<Locator> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci a senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar senha' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Step 1: the matrícula; answers the dialog on step 2 and the code that was e-mailed. */
async function requestCode(page: Page, registration = MATRICULA): Promise<{ dialog: Locator; code: string }> {
  const dialog = await openRecovery(page);
  const before = mailsTo(EMAIL).length;
  await dialog.getByRole('textbox', { name: 'Matrícula' }).fill(registration);
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Código enviado para lu***@rotasul.com.br');
  const code = await newestRecoveryCode(EMAIL, before);
  return { dialog, code };
}

const digitBox = (dialog: Locator, index: number) =>
  dialog.getByRole('textbox', { name: `Dígito ${index + 1} de 6`, exact: true });

async function login(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Usuário' }).fill(username);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('recovers the password with the e-mailed code and signs in with the new one', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowResourceError(401, '/api/login');
  const { dialog, code } = await requestCode(page);
  const box = (index: number) => digitBox(dialog, index);
  const digit = (index: number) => code.charAt(index);

  // Six boxes, one digit each; the first has the focus.
  await expect(dialog.getByRole('textbox', { name: /^Dígito \d de 6$/ })).toHaveCount(6);
  await expect(box(0)).toBeFocused();
  for (let i = 0; i < 6; i++) await expect(box(i)).toHaveAttribute('inputmode', 'numeric');

  // Typing digit by digit moves the focus forward; a letter is ignored.
  await page.keyboard.type(digit(0));
  await expect(box(1)).toBeFocused();
  await page.keyboard.type('a');
  await expect(box(1)).toHaveValue('');
  await expect(box(1)).toBeFocused();
  await page.keyboard.type(digit(1));
  await expect(box(2)).toBeFocused();
  await page.keyboard.type(digit(2));
  await expect(box(3)).toBeFocused();

  // Backspace on the empty box goes back and clears the previous digit.
  await page.keyboard.press('Backspace');
  await expect(box(2)).toBeFocused();
  await expect(box(2)).toHaveValue('');
  await page.keyboard.press('Backspace');
  await expect(box(1)).toBeFocused();
  await expect(box(1)).toHaveValue('');
  await expect(box(0)).toHaveValue(digit(0));

  for (let i = 1; i < 6; i++) {
    await page.keyboard.type(digit(i));
    await expect(box(Math.min(i + 1, 5))).toBeFocused();
  }
  for (let i = 0; i < 6; i++) await expect(box(i)).toHaveValue(digit(i));
  await dialog.getByRole('button', { name: 'Verificar código' }).click();

  // Step 3: the passwords must match.
  const password = dialog.getByRole('textbox', { name: 'Nova senha', exact: true });
  const confirm = dialog.getByRole('textbox', { name: 'Confirmar senha', exact: true });
  await expect(password).toBeVisible();
  await password.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}!`);
  await dialog.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'As senhas não coincidem' }).first()).toBeVisible();
  await expect(dialog).toBeVisible();

  await confirm.fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The old password fails, the new one signs in.
  await login(page, MATRICULA, DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText(
    'Erro ao fazer Login / Por favor, verifique login e senha.',
  );
  await login(page, MATRICULA, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-matricula')).toHaveText(MATRICULA);
});

test('a wrong code shows "Erro ao verificar código" and empties the boxes; the right one still works', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowResourceError(400, '/api/checkCode');
  const { dialog, code } = await requestCode(page);
  const wrong = code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
  // A pasted code fills every box.
  await digitBox(dialog, 0).evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, wrong);
  await expect(digitBox(dialog, 5)).toHaveValue(wrong.charAt(5));
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(page.getByText('Erro ao verificar código')).toBeVisible();
  await expect(digitBox(dialog, 0)).toHaveValue('');
  await expect(digitBox(dialog, 0)).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Verificar código' })).toBeVisible();

  await page.keyboard.type(code);
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Nova senha', exact: true })).toBeVisible();
});

test('an unknown matrícula shows "Erro ao verificar usuário" and stays on the first step', {
  tag: '@phone',
}, async ({ page, consoleGuard }) => {
  consoleGuard.allowResourceError(404, '/api/sendCode');
  const dialog = await openRecovery(page);
  await dialog.getByRole('textbox', { name: 'Matrícula' }).fill('9999');
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Erro ao verificar usuário')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Matrícula' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Dígito/ })).toHaveCount(0);
});
