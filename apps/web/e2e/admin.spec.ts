import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectToastOnScreen, signIn, toasts } from './support/session.ts';

/**
 * Administration: user registration and the user list, notices and banners, the applications
 * list. Demo users: 1001 Administrador, 1002 Gestor de Compras, 1005 suporte RH, 1008 RH without
 * support.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(600, 1)]);

async function pickImage(page: Page, name: string, buffer: Buffer, scope = page.locator('body')) {
  await scope.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer });
}

test.describe.configure({ mode: 'serial' });

test('an administrator registers a user, who then signs in', async ({ page, consoleGuard }) => {
  await signIn(page, '1001', '/setusers');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await page.getByRole('link', { name: 'Cadastrar Usuário' }).click();
  await expect(page).toHaveURL(/\/CadastrarUsuario$/);

  await page.getByLabel('Nome').fill('Sabrina Alves Rocha');
  await page.getByLabel('Matrícula').fill('4321');
  await page.getByLabel('CPF').fill('98765432100');
  await expect(page.getByLabel('CPF')).toHaveValue('987.654.321-00');
  await page.getByLabel(/^Senha/).fill('bemvinda1');
  await page.getByLabel('Confirmar senha').fill('bemvinda2');
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('Senhas não coincidem')).toBeVisible();
  // Defaults of spec §9.
  await expect(page.getByRole('textbox', { name: 'Filial' })).toHaveValue('Matriz');
  await expect(page.getByRole('textbox', { name: 'Setor', exact: true })).toHaveValue('Recursos Humanos');
  await expect(page.getByRole('textbox', { name: 'Privilégio' })).toHaveValue('Usuário');

  await page.getByLabel('Confirmar senha').fill('bemvinda1');
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(toasts(page)).toContainText('Usuário cadastrado com sucesso');
  await expect(page).toHaveURL(/\/setusers$/);

  // The same matrícula again is refused with the spec message.
  consoleGuard.allowResourceError(409, /\/api\/users$/);
  await page.goto('/CadastrarUsuario');
  await page.getByLabel('Nome').fill('Outra Pessoa');
  await page.getByLabel('Matrícula').fill('4321');
  await page.getByLabel(/^Senha/).fill('bemvinda1');
  await page.getByLabel('Confirmar senha').fill('bemvinda1');
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(toasts(page)).toContainText('Falha ao cadastrar usuário, matrícula já cadastrada.');

  // The new user signs in through the login form and meets the usage policy first.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Usuário').fill('4321');
  await page.getByLabel('Senha').fill('bemvinda1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Eu li e concordo com os termos acima.')).toBeVisible();
});

test('a Gestor may only register Usuário accounts; a Colaborador is kept out', async ({ page }) => {
  await signIn(page, '1002', '/CadastrarUsuario');
  await page.getByRole('textbox', { name: 'Privilégio' }).click();
  await expect(page.getByRole('option')).toHaveText(['Usuário']);
  await page.keyboard.press('Escape');
  // 1002 (Compras, Matriz) gives only his own sector and branch, and never support.
  await expect(page.getByRole('textbox', { name: 'Setor', exact: true })).toHaveValue('Compras');
  await page.getByRole('textbox', { name: 'Setor', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Compras']);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Filial' }).click();
  await expect(page.getByRole('option')).toHaveText(['Matriz']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('switch', { name: 'Suporte' })).toHaveCount(0);

  await page.goto('/setusers');
  await page.getByLabel('Buscar usuário').fill('1008');
  await page.getByRole('button', { name: 'Editar Luiz Fernando Teixeira' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Luiz Fernando Teixeira' });
  await edit.getByRole('textbox', { name: 'Setores' }).click();
  await expect(page.getByRole('option')).toHaveText(['Compras', 'Recursos Humanos']);
  await edit.getByText('Matrícula 1008').click(); // closes the open option list
  await expect(edit.getByRole('switch', { name: 'Suporte' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByLabel('Buscar usuário').fill('1004');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Redefinir senha de Rafael Lima Barbosa' })).toHaveCount(0);

  await signIn(page, '1008', '/setusers');
  await expect(toasts(page)).toContainText('Você não tem autorização de acesso a essa página');
  await expect(page).toHaveURL(/\/$/);
});

test('the user list searches on the server, edits, resets a password and deletes', async ({ page }) => {
  await signIn(page, '1001', '/setusers');
  const search = page.getByLabel('Buscar usuário');
  await search.fill('Sabrina');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('4321');

  await page.getByRole('button', { name: 'Editar Sabrina Alves Rocha' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Sabrina Alves Rocha' });
  await edit.getByRole('textbox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: 'QSSMA' }).click();
  await edit.getByText('Matrícula 4321').click(); // closes the open option list
  await edit.getByRole('textbox', { name: 'Privilégio' }).click();
  await page.getByRole('option', { name: 'Gestor' }).click();
  await expect(edit.getByRole('switch', { name: 'Suporte' })).toBeChecked();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Dados atualizados com sucesso');
  await expectToastOnScreen(page);
  await expect(rows.first()).toContainText('Recursos Humanos, QSSMA');
  await expect(rows.first()).toContainText('Gestor');

  await page.getByRole('button', { name: 'Redefinir senha de Sabrina Alves Rocha' }).click();
  const reset = page.getByRole('dialog', { name: 'Redefinir senha' });
  await reset.getByLabel('Nova senha').fill('novasenha9');
  await reset.getByLabel('Confirmar senha').fill('novasenha9');
  await reset.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(toasts(page)).toContainText('senha alterada com sucesso!');

  await page.getByRole('button', { name: 'Excluir Sabrina Alves Rocha' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir usuário' });
  await expect(confirm).toContainText('Você confirma a exclusão do usuário?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Usuário excluído com sucesso');
  await expect(page.getByText('Nenhum usuário encontrado.')).toBeVisible();

  const login = await page.request.post('/api/login', { data: { username: '4321', password: 'novasenha9' } });
  expect(login.status()).toBe(401);
});

test('RH support inserts a notice with an image, edits it, and everyone sees it on the home page', async ({
  page,
}) => {
  const text = `Treinamento de empilhadeira na quinta-feira ${Date.now()}`;
  await signIn(page, '1005', '/InserirInformativos');
  await expect(page.getByRole('tab', { name: 'Inserir Aviso' })).toHaveAttribute('aria-selected', 'true');

  await pickImage(page, 'programa.png', EXE);
  await expect(page.getByText('Formato inválido. Use JPEG, PNG ou WEBP.')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
  });
  await expect(page.getByText('A imagem excede o tamanho máximo de 3MB.')).toBeVisible();

  await page.getByLabel('Texto do aviso').fill(text);
  await pickImage(page, 'treinamento.png', PNG);
  await expect(page.getByAltText('Pré-visualização')).toBeVisible();
  await page.getByRole('radio', { name: 'Retrato' }).check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toasts(page)).toContainText('Aviso inserido com sucesso!');
  const card = page.getByTestId('notice-card').filter({ hasText: text });
  await expect(card).toContainText('Retrato');

  await card.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar aviso' });
  await dialog.getByLabel('Texto do aviso').fill(`${text} (sala 2)`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Aviso atualizado com sucesso!');
  await expect(page.getByTestId('notice-card').filter({ hasText: `${text} (sala 2)` })).toBeVisible();

  await signIn(page, '1008', '/');
  await expect(page.getByText(`${text} (sala 2)`)).toBeVisible();

  await signIn(page, '1005', '/InserirInformativos');
  await page
    .getByTestId('notice-card')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await page.getByRole('dialog', { name: 'Excluir aviso' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Aviso excluído com sucesso!');
  await expect(page.getByTestId('notice-card').filter({ hasText: text })).toHaveCount(0);
});

test('an administrator sends and deletes a banner', async ({ page }) => {
  await signIn(page, '1001', '/InserirInformativos');
  await page.getByRole('tab', { name: 'Inserir Banner' }).click();
  const cards = page.getByTestId('banner-card');
  // Count only once the list has arrived (the demo company has banners).
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  await expect(page.getByRole('button', { name: 'Salvar Banner' })).toBeDisabled();
  await pickImage(page, 'festa-junina.png', PNG);
  await page.getByRole('button', { name: 'Salvar Banner' }).click();
  await expect(toasts(page)).toContainText('Banner enviado com sucesso!');
  await expect(cards).toHaveCount(before + 1);
  const card = cards.filter({ hasText: 'festa junina' });
  await card.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog', { name: 'Excluir banner' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Banner excluído com sucesso!');
  await expect(cards).toHaveCount(before);
});

test('an administrator adds an app for Compras: Compras sees it, RH does not', async ({ page }) => {
  const name = `Cotações Online ${Date.now() % 100000}`;
  await signIn(page, '1001', '/apps');
  await page.getByRole('button', { name: 'Adicionar aplicativo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar aplicativo' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Endereço (link)').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe um endereço começando com http:// ou https://')).toBeVisible();
  await dialog.getByLabel('Endereço (link)').fill('https://cotacoes.rotasul.com.br');
  await pickImage(page, 'icone.png', PNG, dialog);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Aplicativo adicionado com sucesso!');

  await page.getByPlaceholder('Buscar aplicativo').fill(name);
  const card = page.getByTestId('app-card').filter({ hasText: name });
  await expect(card).toContainText('Sem setores');
  await card.getByRole('button', { name: `Opções de ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Setores' }).click();
  const sectors = page.getByRole('dialog', { name: `Setores de ${name}` });
  await sectors.getByRole('textbox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: 'Compras' }).click();
  await sectors.getByRole('heading', { name: `Setores de ${name}` }).click(); // closes the option list
  await sectors.getByRole('button', { name: 'Salvar setores' }).click();
  await expect(toasts(page)).toContainText('Setores do aplicativo atualizados!');
  await expect(card).toContainText('Compras');

  await signIn(page, '1002', '/apps');
  const mine = page.getByTestId('app-card').filter({ hasText: name });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Abrir' })).toHaveAttribute(
    'href',
    'https://cotacoes.rotasul.com.br',
  );
  await expect(page.getByRole('button', { name: 'Adicionar aplicativo' })).toHaveCount(0);

  await signIn(page, '1008', '/apps');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  await expect(page.getByTestId('app-card').filter({ hasText: name })).toHaveCount(0);
});

test('the user list works on a phone: search, edit dialog inside the screen', { tag: '@phone-only' }, async ({
  page,
}) => {
  const width = page.viewportSize()?.width ?? 0;
  expect(width).toBe(390);
  await signIn(page, '1001', '/setusers');
  await page.getByLabel('Buscar usuário').fill('Fernanda');
  // On a phone each user is a card: name, matrícula and the actions, with no table to scroll.
  await expect(page.getByText('Fernanda Oliveira Costa')).toBeVisible();
  await expect(page.getByText('Matrícula 1005', { exact: false })).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);

  const editButton = page.getByRole('button', { name: 'Editar Fernanda Oliveira Costa' });
  await expect(editButton).toBeInViewport();
  await editButton.tap();
  const edit = page.getByRole('dialog', { name: 'Editar Fernanda Oliveira Costa' });
  await expect(edit.getByRole('button', { name: 'Salvar' })).toBeVisible();
  const dialogBox = await edit.boundingBox();
  expect(dialogBox, 'the edit dialog is on screen').not.toBeNull();
  expect((dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? 0) <= width).toBe(true);
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
});
