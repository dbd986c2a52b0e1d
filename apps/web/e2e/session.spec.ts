import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { acceptCookies, DEMO_PASSWORD, restorePassword, signIn } from './support/session.ts';

/** A real JPEG of the demo seed (42 kB). */
const JPEG = readFileSync(new URL('../../server/src/seed/assets/notice-vacina.jpg', import.meta.url));

const LOGIN_FAILED = 'Erro ao fazer Login / Por favor, verifique login e senha.';
const NO_ANSWER = 'Não houve resposta do servidor';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Usuário' }).fill(username);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
}

async function submitLogin(page: Page, username: string, password: string) {
  await fillLogin(page, username, password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('intranet.token'));

test.describe('login', () => {
  test('a wrong password or an unknown user shows the failure message and stays on /login', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allowResourceError(401, '/api/login');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Intranet' })).toBeVisible();
    await submitLogin(page, '1001', 'senha-errada');
    await expect(page.getByTestId('login-error')).toHaveText(LOGIN_FAILED);
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, '99999', DEMO_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText(LOGIN_FAILED);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('empty fields are refused in the browser; the user field takes at most 11 characters', async ({
    page,
  }) => {
    const loginCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/login')) loginCalls.push(r.method());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe a matrícula ou o CPF.')).toBeVisible();
    await expect(page.getByText('Informe a senha.')).toBeVisible();

    // Only the password missing.
    await page.getByRole('textbox', { name: 'Usuário' }).fill('1001');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe a senha.')).toBeVisible();
    await expect(page.getByText('Informe a matrícula ou o CPF.')).toHaveCount(0);
    // Blank spaces are no user either.
    await fillLogin(page, '   ', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe a matrícula ou o CPF.')).toBeVisible();
    expect(loginCalls).toEqual([]);

    const user = page.getByRole('textbox', { name: 'Usuário' });
    await expect(user).toHaveAttribute('maxlength', '11');
    await user.fill('');
    await user.pressSequentially('529982247251234');
    await expect(user).toHaveValue('52998224725');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form still signs in through the server when the code of its checks cannot be fetched', async ({
    page,
    consoleGuard,
  }) => {
    // The sign-in page is one script; the form's checks come later, on the first keystroke.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    const scripts: string[] = [];
    consoleGuard.allowResourceError(404, '/assets/');
    await page.route(/\/assets\/.*\.js$/, (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    consoleGuard.allowResourceError(401, '/api/login');
    await submitLogin(page, '1001', 'senha-errada');
    await expect(page.getByTestId('login-error')).toHaveText(LOGIN_FAILED);
    expect(scripts.length, 'the checks were asked for after the page had loaded').toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a server that does not answer and one whose database is away are told apart', async ({
    page,
    consoleGuard,
  }) => {
    // The outages are played at the browser's door: the shared e2e server must stay up for the rest.
    consoleGuard.allowResourceError(502, '/api/login');
    consoleGuard.allowResourceError(503, '/api/login');
    consoleGuard.allowNetworkFailure('/api/login');
    await page.goto('/login');
    const answers = [
      {
        reply: () => ({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
        shown: NO_ANSWER,
      },
      {
        reply: () => ({
          status: 503,
          json: { error: 'O banco de dados não respondeu. Tente novamente em instantes.' },
        }),
        shown: 'O banco de dados não respondeu. Tente novamente em instantes.',
      },
    ];
    for (const { reply, shown } of answers) {
      await page.route('**/api/login', (route) => route.fulfill(reply()));
      await submitLogin(page, '1001', DEMO_PASSWORD);
      await expect(page.getByTestId('login-error')).toHaveText(shown);
      await page.unroute('**/api/login');
    }
    await page.route('**/api/login', (route) => route.abort('connectionrefused'));
    await submitLogin(page, '1001', DEMO_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText(NO_ANSWER);
    await page.unroute('**/api/login');
    await submitLogin(page, '1001', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('signs in by matrícula and by CPF', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, '1001', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-matricula')).toHaveText('1001');
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Carlos!' })).toBeVisible();
    expect(await storedToken(page)).toMatch(/^[\w-]{40,}$/);

    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, '52998224725', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-matricula')).toHaveText('1001');
    await expect(page.getByTestId('header-name')).toHaveText('Carlos Mendes');
  });
});

test.describe('access rules', () => {
  test('without a session, / and deep routes go to /login, which returns to the asked page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.goto('/tecnologia%20de%20informacao');
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, '1004', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();
  });

  test('an unknown path shows the 404 page with a link back to the start', async ({ page }) => {
    await signIn(page, '1003', '/pagina-que-nao-existe');
    await expect(page.getByText('Oops! A página que você está procurando não foi encontrada.')).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();
    const back = page.getByRole('link', { name: 'Voltar para o início' });
    await expect(back).toHaveAttribute('href', '/');
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sector-grid')).toBeVisible();
    await expect(page.getByText('Oops! A página que você está procurando não foi encontrada.')).toHaveCount(
      0,
    );
  });

  test('/ChamadosAbertos refuses 1003 with the alert and sends him to /', async ({ page }) => {
    await signIn(page, '1003', '/ChamadosAbertos');
    await expect(page.getByText('Você não tem autorização de acesso a essa página')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sector-grid')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Chamados Abertos' })).toHaveCount(0);
  });

  test('/ChamadosAbertos opens for 1004 (support)', async ({ page }) => {
    await signIn(page, '1004', '/ChamadosAbertos');
    await expect(page.getByRole('heading', { level: 1, name: 'Chamados Abertos' })).toBeVisible();
    await expect(page).toHaveURL(/\/ChamadosAbertos$/);
    await expect(page.getByText('Você não tem autorização de acesso a essa página')).toHaveCount(0);
  });
});

test.describe('logout and inactivity', () => {
  test('Sair in the user menu ends the session: /login, and the old token is refused', async ({ page }) => {
    await signIn(page, '1002', '/perfil');
    await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByTestId('header-matricula')).toHaveText('1002');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const before = await page.request.get('/api/get-sessionData', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(before.status()).toBe(200);

    await page.getByTestId('user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Alterar dados' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    const after = await page.request.get('/api/get-sessionData', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);

    // After a deliberate Sair the next sign-in starts at the home, not at the last page.
    await submitLogin(page, '1002', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sector-grid')).toBeVisible();
  });

  test('after 5 minutes without activity a 30 s countdown shows, then the session ends', async ({ page }) => {
    await page.clock.install();
    await signIn(page, '1001', '/');
    await expect(page.getByTestId('sector-grid')).toBeVisible();
    // From here on the page's clock moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const dialog = page.getByRole('dialog', { name: 'Sessão inativa' });
    const message = page.getByTestId('inactivity-message');

    // Nothing before five minutes.
    await page.clock.fastForward('04:50');
    await expect(page.getByTestId('sector-grid')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.clock.fastForward('00:11');
    await page.clock.runFor(100); // the dialog's opening transition
    await expect(dialog).toBeVisible();
    await expect(message).toHaveText('Você está inativo. Sua sessão será encerrada em 30 segundos.');
    await page.clock.runFor(10_000);
    await expect(message).toHaveText('Você está inativo. Sua sessão será encerrada em 20 segundos.');

    // Continuar conectado starts the five minutes again.
    await dialog.getByRole('button', { name: 'Continuar conectado' }).click();
    await page.clock.runFor(500);
    await expect(dialog).toBeHidden();
    await page.clock.fastForward('04:00');
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('01:00');
    await page.clock.runFor(100);
    await expect(dialog).toBeVisible();
    await expect(message).toHaveText('Você está inativo. Sua sessão será encerrada em 30 segundos.');
    const token = await storedToken(page);

    await page.clock.runFor(29_000);
    await expect(message).toHaveText('Você está inativo. Sua sessão será encerrada em 1 segundo.');
    await expect(page).toHaveURL(/\/$/);
    await page.clock.runFor(1_000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Sua sessão foi encerrada por inatividade. Entre novamente para continuar.'),
    ).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    const after = await page.request.get('/api/get-sessionData', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });
});

test.describe('profile', () => {
  test('/perfil shows the own data; a new photo updates the header avatar', async ({ page }) => {
    await signIn(page, '1009', '/');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Alterar dados' }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();

    const data = page.getByRole('region', { name: 'Dados pessoais' });
    const field = (label: string) => data.locator('dt', { hasText: label }).locator('+ dd');
    await expect(field('Nome')).toHaveText('Marcos Vinícius Pereira');
    await expect(field('Matrícula')).toHaveText('1009');
    await expect(data.locator('dt', { hasText: 'CPF' })).toHaveCount(0);
    await expect(field('Filial')).toHaveText('Mauá');
    await expect(field('Setor')).toHaveText('Gestão de Multas');
    await expect(field('Perfil')).toHaveText('Gestor');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('marcos.pereira@rotasul.com.br');

    const avatar = page.getByTestId('header-avatar');
    await expect(avatar).toHaveAttribute('data-has-photo', 'false');
    await expect(avatar).toHaveText('MP');

    const fileInput = page.getByLabel('Arquivo da foto de perfil');
    await fileInput.setInputFiles({ name: 'eu.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect(page.getByText('Pré-visualização', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/changePictureProfile'));
    await page.getByRole('button', { name: 'Salvar foto' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByText('Foto atualizada com sucesso!')).toBeVisible();

    await expect(avatar).toHaveAttribute('data-has-photo', 'true');
    const img = avatar.locator('img');
    await expect(img).toHaveAttribute('src', /^\/api\/files\/profile\/[\w-]+\.jpg$/);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByText('Pré-visualização', { exact: true })).toHaveCount(0);

    // It stays after a reload.
    await page.reload();
    await expect(page.getByTestId('header-avatar')).toHaveAttribute('data-has-photo', 'true');
  });

  test('Notificações por e-mail: the daily digest and a muted module stay after a reload', async ({
    page,
  }) => {
    await signIn(page, '1007', '/perfil');
    const section = page.getByRole('region', { name: 'Notificações por e-mail' });
    const digest = section.getByRole('switch', { name: 'Resumo diário das minhas pendências' });
    const compras = section.getByRole('checkbox', { name: 'Compras' });
    await expect(digest).not.toBeChecked();
    await expect(compras).toBeChecked();
    await expect(
      section.getByText(
        'E-mails de segurança (código de recuperação de senha, primeiro acesso) são sempre enviados.',
      ),
    ).toBeVisible();
    // Mantine draws the switch over a zero-size input: its label is what a person clicks.
    await section.getByText('Resumo diário das minhas pendências').click();
    await expect(digest).toBeChecked();
    await compras.uncheck();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/notificacoes') && r.request().method() === 'PUT',
    );
    await section.getByRole('button', { name: 'Salvar notificações' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Notificações por e-mail salvas.')).toBeVisible();

    await page.reload();
    await expect(digest).toBeChecked();
    await expect(compras).not.toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Chamados' })).toBeChecked();
    await expect(section.getByRole('button', { name: 'Salvar notificações' })).toBeDisabled();
  });

  test('a file that is not JPEG, PNG or WEBP is refused before any upload', async ({ page }) => {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/changePictureProfile')) uploads.push(r.url());
    });
    await signIn(page, '1002', '/perfil');
    await page.getByLabel('Arquivo da foto de perfil').setInputFiles({
      name: 'curriculo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Formato inválido. Use JPEG, PNG ou WEBP.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar foto' })).toHaveCount(0);
    await expect(page.getByTestId('header-avatar')).toHaveAttribute('data-has-photo', 'false');
    expect(uploads).toEqual([]);
  });

  test.describe('own password (/ChangePass, user 1007)', () => {
    const NEW_PASSWORD = 'Helena#2025';
    test.afterEach(async ({ page, request }) => {
      await restorePassword(page, request, '1007', [NEW_PASSWORD]);
    });

    test('wrong old password, mismatch, then a change that the next sign-in uses', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allowResourceError(403, '/api/me/password');
      await signIn(page, '1007', '/perfil');
      await page.getByRole('link', { name: 'Alterar senha' }).click();
      await expect(page).toHaveURL(/\/ChangePass$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();

      const oldPassword = page.getByRole('textbox', { name: 'Senha atual', exact: true });
      const newPassword = page.getByRole('textbox', { name: 'Nova senha', exact: true });
      const confirm = page.getByRole('textbox', { name: 'Confirmar nova senha', exact: true });
      const save = page.getByRole('button', { name: 'Salvar nova senha' });

      await oldPassword.fill('nao-e-a-senha');
      await newPassword.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await save.click();
      await expect(page.getByText('A senha antiga incorreta.')).toBeVisible();
      await expect(page).toHaveURL(/\/ChangePass$/);

      await oldPassword.fill(DEMO_PASSWORD);
      await confirm.fill(`${NEW_PASSWORD}x`);
      await save.click();
      await expect(page.getByText('As senhas não coincidem')).toBeVisible();
      await expect(page).toHaveURL(/\/ChangePass$/);

      await confirm.fill(NEW_PASSWORD);
      await save.click();
      await expect(page.getByText('senha alterada com sucesso!')).toBeVisible();
      await expect(page).toHaveURL(/\/perfil$/);

      // The old password no longer opens a session; the new one does, through the form.
      const old = await page.request.post('/api/login', {
        data: { username: '1007', password: DEMO_PASSWORD },
      });
      expect(old.status()).toBe(401);
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await submitLogin(page, '1007', NEW_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('header-matricula')).toHaveText('1007');
    });
  });
});
