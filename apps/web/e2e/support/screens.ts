import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { NEWCOMER, PAGE_LIST } from './screen-list.ts';
import { apiToken, DEMO_PASSWORD, signIn } from './session.ts';
import { openInApp } from './settled.ts';

/**
 * Every screen of the web app, as the journeys that walk all of them see it (accessibility,
 * slow answers): each page of the router, and the detail dialogs and panels opened over pages,
 * each with a person who reaches it and what shows that it is drawn.
 */
export interface Screen {
  /** What the test names it by (the address when it is a page). */
  name: string;
  /** The address opened (a route of the web router, with its query when it chooses a view). */
  url: string;
  /** A person who reaches it. */
  user: string;
  /** Brings the screen up once the page is open, and waits until it is drawn. */
  ready: (page: Page) => Promise<void>;
  /** Makes what the screen needs before anyone signs in for it. */
  prepare?: (page: Page) => Promise<void>;
}

export { NEWCOMER };

async function registerNewcomer(p: Page) {
  const token = await apiToken(p.request, '1001');
  const res = await p.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...NEWCOMER, senha: DEMO_PASSWORD, setor: 'Operação', filial: 'Matriz' },
  });
  expect([201, 409], await res.text()).toContain(res.status());
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

/** Every route of the web router (screen-list.ts), the newcomer registered before his page. */
export const PAGES: Screen[] = PAGE_LIST.map(({ url, user, title }) => ({
  name: url,
  url,
  user,
  ready: heading(title),
  ...(user === NEWCOMER.matricula ? { prepare: registerNewcomer } : {}),
}));

const firstRow = (p: Page) => p.getByTestId('virtual-table').locator('tbody tr[data-index]').first();

const dialog = (name: string | RegExp) => async (p: Page) => {
  await expect(p.getByRole('dialog', { name })).toBeVisible();
};

const opensDialog =
  (button: string | RegExp, name: string | RegExp = button) =>
  async (p: Page) => {
    await p.getByRole('button', { name: button }).first().click();
    await dialog(name)(p);
  };

/** A list's first row opens its detail panel (`testId` marks the panel's drawn content). */
const firstRowOpens = (testId: string) => async (p: Page) => {
  await firstRow(p).click();
  await expect(p.getByTestId(testId)).toBeVisible();
};

/** The detail dialogs and panels of every module, opened over their pages. */
export const DETAILS: Screen[] = [
  {
    name: 'purchase detail (Compras)',
    url: '/requestopened?ticket=12',
    user: '1002',
    ready: dialog('Ticket de Número 12'),
  },
  {
    name: 'purchase detail (requester)',
    url: '/requestopened?functionType=consultar&typeRequest=compras',
    user: '1003',
    ready: async (p) => {
      await firstRow(p).click();
      await dialog(/^Ticket de Número \d+$/)(p);
    },
  },
  {
    name: 'ticket detail (support)',
    url: '/ChamadosAbertos',
    user: '1004',
    ready: firstRowOpens('call-panel'),
  },
  {
    name: 'ticket detail (requester)',
    url: '/Calls?typeRequest=chamado',
    user: '1003',
    ready: firstRowOpens('call-panel'),
  },
  { name: 'HR request', url: '/mainScreamRh', user: '1005', ready: firstRowOpens('hr-request-panel') },
  { name: 'employee', url: '/setEmployees', user: '1005', ready: firstRowOpens('employee-details') },
  { name: 'Inserir Multa', url: '/managerFines', user: '1009', ready: opensDialog('Inserir Multa') },
  { name: 'Relatório BM', url: '/managerFines', user: '1009', ready: opensDialog('Relatório BM') },
  {
    name: 'fine editor',
    url: '/managerFines?view=5',
    user: '1009',
    ready: async (p) => {
      await firstRow(p).click();
      await expect(p.getByRole('button', { name: 'Salvar' })).toBeVisible();
    },
  },
  {
    name: 'notice',
    url: '/avisos',
    user: '1003',
    ready: async (p) => {
      await p.getByTestId('notice-summary').first().click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'calendar entry',
    url: '/agendevents',
    user: '1005',
    ready: async (p) => {
      await p
        .getByRole('button', { name: /Adicionar em/ })
        .nth(10)
        .click();
      await dialog(/Adicionar em/)(p);
    },
  },
  { name: 'new folder', url: '/FoldersFiles', user: '1001', ready: opensDialog('Nova pasta') },
  { name: 'user', url: '/setusers', user: '1001', ready: opensDialog(/^Editar /) },
  {
    name: 'application',
    url: '/apps',
    user: '1001',
    ready: opensDialog('Adicionar aplicativo', /aplicativo/i),
  },
  {
    // The header's one search, with what it finds (an administrator finds people by name).
    name: 'search',
    url: '/',
    user: '1001',
    ready: async (p) => {
      await p.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
      await dialog('Buscar na intranet')(p);
      await p.getByRole('combobox', { name: 'Nome, matrícula, número, placa ou OT' }).fill('Silva');
      await expect(p.getByRole('option').first()).toBeVisible();
    },
  },
  {
    name: 'user menu',
    url: '/',
    user: '1003',
    ready: async (p) => {
      await p.getByRole('banner').getByRole('button').last().click();
      await expect(p.getByRole('menu')).toBeVisible();
    },
  },
];

const here = path.dirname(fileURLToPath(import.meta.url));

/** The paths the web router declares (its files read as text), sector pages and 404 aside. */
export function routerPaths(): string[] {
  const src = path.join(here, '../../src');
  const files = [
    path.join(src, 'app/router.tsx'),
    ...fs
      .readdirSync(path.join(src, 'modules'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.routes.tsx'))
      .map((f) => path.join(src, 'modules', f)),
  ];
  return files
    .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? ''))
    .filter((p) => p !== '*' && p !== '/login');
}

/**
 * Opens each screen as its user (signing in again only when the user changes) and runs `check`
 * on it once drawn. With `inApp`, a screen of the same user is opened as a click on a link does.
 */
export async function visitAll(
  p: Page,
  screens: Screen[],
  check: (screen: Screen) => Promise<void>,
  { inApp = false } = {},
) {
  let signedIn = '';
  for (const screen of screens) {
    await screen.prepare?.(p);
    if (screen.user !== signedIn) {
      await signIn(p, screen.user, screen.url);
      signedIn = screen.user;
    } else if (inApp) {
      await openInApp(p, screen.url);
    } else {
      await p.goto(screen.url);
    }
    await screen.ready(p);
    expect(new URL(p.url()).pathname.toLowerCase(), `${screen.url} stays open for ${screen.user}`).toBe(
      new URL(screen.url, 'http://x').pathname.toLowerCase(),
    );
    await check(screen);
  }
}
