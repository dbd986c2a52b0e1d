import type { Page } from '@playwright/test';
import { type ConsoleGuard, expect, test } from './support/fixtures.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * Setores e filiais (issue 34, decision 0116): the administrator adds a sector, renames it, gives it
 * to a person in the user edit dialog, and deactivates it: the forms stop offering it, the person
 * keeps it. A Gestor is sent away from the screen. Each run uses its own names and its own person
 * (made through the API), and puts the sectors back afterwards: other journeys share this server.
 */

test.describe.configure({ mode: 'serial' });

const PERSON = {
  desktop: { matricula: '7411', nome: 'Otávio Setores Desktop' },
  phone: { matricula: '7412', nome: 'Otávio Setores Celular' },
} as const;
type Shot = keyof typeof PERSON;
const added = (shot: Shot) => `Armazém ${shot}`;
const renamed = (shot: Shot) => `Logística ${shot}`;

async function adminHeaders(page: Page) {
  return { authorization: `Bearer ${await apiToken(page.request, '1001')}` };
}

async function journey(page: Page, shot: Shot, consoleGuard: ConsoleGuard) {
  const person = PERSON[shot];
  // Deleting Compras is refused on purpose (409): people belong to it.
  consoleGuard.allowResourceError(409, /\/api\/org\/sectors\/\d+$/);
  const created = await page.request.post('/api/users', {
    headers: await adminHeaders(page),
    data: { nome: person.nome, matricula: person.matricula, cpf: '', senha: 'senhaNova1', setor: 'Compras' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, '1001', '/');
  await page.getByRole('tab', { name: 'Gerenciar' }).click();
  await page.getByTestId('org-settings-link').click();
  await expect(page.getByRole('heading', { name: 'Setores e filiais', level: 1 })).toBeVisible();
  const sectors = page.getByRole('region', { name: 'Setores', exact: true });
  await expect(sectors.getByText('Compras', { exact: true }).first()).toBeVisible();

  // Add, then rename: the name is checked by the contracts schema the server applies.
  await sectors.getByRole('button', { name: 'Adicionar setor' }).click();
  await expect(sectors.getByText('Informe o nome do setor.')).toBeVisible();
  await sectors.getByRole('textbox', { name: 'Novo setor' }).fill(added(shot));
  await sectors.getByRole('button', { name: 'Adicionar setor' }).click();
  await expect(toasts(page)).toContainText('Setor salvo.');
  await sectors.getByRole('button', { name: `Editar ${added(shot)}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar setor ${added(shot)}` });
  await edit.getByRole('textbox', { name: 'Nome' }).fill(renamed(shot));
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toHaveCount(0);
  await expect(sectors.getByRole('button', { name: `Editar ${renamed(shot)}` })).toBeVisible();
  await expect(sectors.getByRole('button', { name: `Editar ${added(shot)}` })).toHaveCount(0);
  // Deleting what people point to is refused with the server's message (Compras has members).
  await sectors.getByRole('button', { name: 'Excluir Compras' }).click();
  await page.getByRole('dialog', { name: 'Excluir setor' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toasts(page)).toContainText('Este setor não pode ser excluído');
  await page.screenshot({ path: `/tmp/helperA-org-${shot}-setores.png`, fullPage: true });

  // The person gets the new sector in the user edit dialog.
  await page.goto('/setusers');
  await page.getByLabel('Buscar usuário').fill(person.matricula);
  await page.getByRole('button', { name: `Editar ${person.nome}` }).click();
  const dialog = page.getByRole('dialog', { name: `Editar ${person.nome}` });
  await dialog.getByRole('textbox', { name: 'Setores' }).click();
  await page.getByRole('option', { name: renamed(shot) }).click();
  await dialog.getByText(`Matrícula ${person.matricula}`).click(); // closes the option list
  await page.screenshot({ path: `/tmp/helperA-org-${shot}-edit-user.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toasts(page)).toContainText('Dados atualizados com sucesso');
  await expect(page.getByText(`Compras, ${renamed(shot)}`)).toBeVisible();

  // Deactivated: no form offers it any more; the person keeps it.
  await page.goto('/setores');
  await page
    .getByRole('region', { name: 'Setores', exact: true })
    .getByRole('button', { name: `Desativar ${renamed(shot)}` })
    .click();
  await expect(toasts(page)).toContainText('Setor salvo.');
  await expect(
    page
      .getByRole('region', { name: 'Setores', exact: true })
      .getByRole('button', { name: `Reativar ${renamed(shot)}` }),
  ).toBeVisible();
  await page.goto('/CadastrarUsuario');
  await page.getByRole('textbox', { name: 'Setor', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Compras', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: renamed(shot) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/setusers');
  await page.getByLabel('Buscar usuário').fill(person.matricula);
  await expect(page.getByText(`Compras, ${renamed(shot)}`)).toBeVisible();
  await page.getByRole('button', { name: `Editar ${person.nome}` }).click();
  await expect(dialog.getByText(renamed(shot))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByLabel('Buscar usuário').fill('1008');
  await page.getByRole('button', { name: 'Editar Luiz Fernando Teixeira' }).click();
  const other = page.getByRole('dialog', { name: 'Editar Luiz Fernando Teixeira' });
  await other.getByRole('textbox', { name: 'Setores' }).click();
  await expect(page.getByRole('option', { name: 'QSSMA' })).toBeVisible();
  await expect(page.getByRole('option', { name: renamed(shot) })).toHaveCount(0);
  await other.getByText('Matrícula 1008').click();
  await other.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto('/setores');
  await expect(page.getByRole('heading', { name: 'Filiais', level: 2 })).toBeVisible();
  await page.screenshot({ path: `/tmp/helperA-org-${shot}-desativado.png`, fullPage: true });
}

test('the administrator adds, renames, gives and deactivates a sector (desktop)', async ({
  page,
  consoleGuard,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await journey(page, 'desktop', consoleGuard);
});

test('the same on a phone (390×844)', async ({ page, consoleGuard }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await journey(page, 'phone', consoleGuard);
});

test('a Gestor has no Setores e filiais tile and is sent away from the screen', async ({ page }) => {
  await signIn(page, '1002', '/');
  await page.getByRole('tab', { name: 'Gerenciar' }).click();
  await expect(page.getByTestId('org-settings-link')).toHaveCount(0);
  await page.goto('/setores');
  await expect(toasts(page)).toContainText('Você não tem autorização de acesso a essa página');
  await expect(page).toHaveURL(/\/$/);
});

// The journeys' people leave the sectors they got, and the sectors go: later journeys list the demo's.
test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, '1001')}` };
  const org = (await (await request.get('/api/org', { headers })).json()) as {
    sectors: { id: number; name: string }[];
  };
  for (const shot of Object.keys(PERSON) as Shot[]) {
    const users = (await (
      await request.get(`/api/users?isAlter=1&data=${PERSON[shot].matricula}`, { headers })
    ).json()) as { users: { id: number }[] };
    const userId = users.users[0]?.id;
    if (userId) {
      const data = { userId, setores: ['Compras'], filiais: ['Matriz'], privilegio: 3, suport: 0 };
      expect((await request.put('/api/users', { headers, data })).status()).toBe(200);
    }
    for (const name of [added(shot), renamed(shot)]) {
      const sector = org.sectors.find((s) => s.name === name);
      if (sector) await request.delete(`/api/org/sectors/${sector.id}`, { headers });
    }
  }
});
