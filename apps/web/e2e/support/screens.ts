import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECTOR_ROUTES } from '@intranet/contracts';
import { expect, type Page } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, signIn } from './session.ts';

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

/**
 * Someone registered who has not accepted the usage policy yet: his every page is the acceptance
 * screen. Registered once per run by the administrator (again is a 409, kept as it is).
 */
export const NEWCOMER = { matricula: '7321', nome: 'Vitória Newcomer Dias', cpf: '32065498765' };

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

const page = (url: string, user: string, title: string | RegExp): Screen => ({
  name: url,
  url,
  user,
  ready: heading(title),
});

/** Every route of the web router (apps/web/src/app/router.tsx and the modules' *.routes.tsx). */
export const PAGES: Screen[] = [
  page('/', '1003', /^Olá, /),
  page('/perfil', '1003', 'Meu perfil'),
  page('/ChangePass', '1003', 'Alterar senha'),
  { ...page('/politica-uso', NEWCOMER.matricula, 'Política de Uso'), prepare: registerNewcomer },
  page('/politica-uso-documento', '1003', 'Política de Uso'),
  page('/privacy-policy', '1003', 'Política de Privacidade'),
  page('/pagina-que-nao-existe', '1003', /página que você está procurando não foi encontrada/),
  ...SECTOR_ROUTES.map((s) => page(s.path, '1001', s.label)),
  page('/apps', '1001', 'Aplicativos'),
  page('/agendevents', '1005', 'Eventos'),
  page('/eventos', '1003', 'Eventos'),
  ...[1, 2, 3, 4, 5, 6, 7].map((view) => page(`/managerFines?view=${view}`, '1009', 'Gestão de Multas')),
  page('/FoldersFiles', '1001', 'Pastas e Arquivos'),
  page('/rhHomeRequest', '1005', 'Recursos Humanos'),
  page('/formHiring', '1005', 'Solicitação de Admissão'),
  page('/formDismissal', '1005', 'Solicitação de Demissão'),
  page('/mainScreamRh', '1005', 'Atendimento RH'),
  page('/requesterScreamRh', '1005', 'Minhas Solicitações'),
  page('/setEmployees', '1005', 'Gerenciar Funcionários'),
  page('/setEmployees?view=reports', '1005', 'Gerenciar Funcionários'),
  page('/setEmployees?view=help', '1005', 'Gerenciar Funcionários'),
  page('/forminsertemployee', '1005', 'Inserir Funcionário'),
  page('/InserirInformativos', '1001', 'Inserir Avisos'),
  page('/avisos', '1003', 'Avisos'),
  page('/homeAnexoOperacao', '1006', 'Escolha uma Opção'),
  page('/homeAnexoOperacao/anexosOperacao', '1006', 'Inserir Anexos'),
  page('/homeAnexoOperacao/listanexosoperacao', '1006', 'Gerenciar Anexos'),
  page('/openpurchrequest?typeRequest=compra', '1003', 'Solicitar uma Compra'),
  page('/openpurchrequest?typeRequest=servico&isService=1', '1003', 'Serviço de Terceiros'),
  page('/requestopened', '1002', 'SOLICITAÇÕES DE COMPRAS'),
  page('/requestopened?functionType=consultar&typeRequest=compras', '1003', 'Minhas Solicitações de Compra'),
  page('/AbrirChamado', '1003', 'Abrir Chamado'),
  page('/chooserequest', '1003', 'Escolha uma Opção'),
  page('/Calls?typeRequest=chamado', '1003', 'Meus Chamados'),
  page('/ChamadosAbertos', '1004', 'Chamados Abertos'),
  page('/setusers', '1001', 'Usuários'),
  page('/CadastrarUsuario', '1001', 'Cadastrar Usuário'),
];

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
 * on it once drawn.
 */
export async function visitAll(p: Page, screens: Screen[], check: (screen: Screen) => Promise<void>) {
  let signedIn = '';
  for (const screen of screens) {
    await screen.prepare?.(p);
    if (screen.user !== signedIn) {
      await signIn(p, screen.user, screen.url);
      signedIn = screen.user;
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
