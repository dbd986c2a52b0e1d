import { SECTOR_ROLE_LABEL, SECTOR_ROUTES } from '@intranet/contracts';

/**
 * Every page of the web router as plain data — its address, a person who reaches it, its heading
 * and, when it shows a list, what one of the list's rows is — read by the journeys that walk every
 * page (screens.ts#PAGES) and by `npm run bench:web`, which times each page until its heading and
 * first rows show.
 */
export interface PageEntry {
  url: string;
  user: string;
  title: string | RegExp;
  /** A CSS selector of one row of the page's list, for pages that show one. */
  rows?: string;
}

/** Someone registered who has not accepted the usage policy yet: his every page is the acceptance screen. */
export const NEWCOMER = { matricula: '7321', nome: 'Vitória Newcomer Dias', cpf: '32065498765' };

const TABLE_ROW = '[data-testid="virtual-table"] tbody tr[data-index]';

const entry = (url: string, user: string, title: string | RegExp, rows?: string): PageEntry => ({
  url,
  user,
  title,
  ...(rows ? { rows } : {}),
});

/** Every route of the web router (apps/web/src/app/router.tsx and the modules' *.routes.tsx). */
export const PAGE_LIST: PageEntry[] = [
  entry('/', '1003', /^Olá, /),
  entry('/perfil', '1003', 'Meu perfil'),
  entry('/ChangePass', '1003', 'Alterar senha'),
  entry('/politica-uso', NEWCOMER.matricula, 'Política de Uso'),
  entry('/politica-uso-documento', '1003', 'Política de Uso'),
  entry('/privacy-policy', '1003', 'Política de Privacidade'),
  entry('/pagina-que-nao-existe', '1003', /página que você está procurando não foi encontrada/),
  // With the demo an administrator exists: every set-up link says it no longer holds.
  entry('/configuracao-inicial/link-usado', '1003', 'Configuração inicial'),
  // The demo's sectors keep the spec's names.
  ...SECTOR_ROUTES.map((s) => entry(s.path, '1001', SECTOR_ROLE_LABEL[s.key])),
  entry('/apps', '1001', 'Aplicativos', '[data-testid="app-card"]'),
  entry('/aprovadores', '1001', 'Aprovadores'),
  entry('/email', '1001', 'E-mail'),
  entry('/setores', '1001', 'Setores e filiais'),
  entry('/pendencias', '1002', 'Minhas pendências', '[data-testid="pendencia"]'),
  entry('/agendevents', '1005', 'Eventos'),
  entry('/eventos', '1003', 'Eventos'),
  ...[1, 2, 3, 4, 5, 6, 7].map((view) =>
    entry(
      `/managerFines?view=${view}`,
      '1009',
      'Gestão de Multas',
      view === 2 || view === 5 ? TABLE_ROW : undefined,
    ),
  ),
  entry('/FoldersFiles', '1001', 'Pastas e Arquivos', 'main li'),
  entry('/rhHomeRequest', '1005', 'Recursos Humanos'),
  entry('/formHiring', '1005', 'Solicitação de Admissão'),
  entry('/formDismissal', '1005', 'Solicitação de Demissão'),
  entry('/mainScreamRh', '1005', 'Atendimento RH', TABLE_ROW),
  entry('/requesterScreamRh', '1005', 'Minhas Solicitações'),
  entry('/setEmployees', '1005', 'Gerenciar Funcionários', TABLE_ROW),
  entry('/setEmployees?view=reports', '1005', 'Gerenciar Funcionários'),
  entry('/setEmployees?view=help', '1005', 'Gerenciar Funcionários'),
  entry('/forminsertemployee', '1005', 'Inserir Funcionário'),
  entry('/InserirInformativos', '1001', 'Inserir Avisos'),
  entry('/avisos', '1003', 'Avisos', '[data-testid="notice-summary"]'),
  entry('/homeAnexoOperacao', '1006', 'Escolha uma Opção'),
  entry('/homeAnexoOperacao/anexosOperacao', '1006', 'Inserir Anexos'),
  entry('/homeAnexoOperacao/listanexosoperacao', '1006', 'Gerenciar Anexos'),
  entry('/openpurchrequest?typeRequest=compra', '1003', 'Solicitar uma Compra'),
  entry('/openpurchrequest?typeRequest=servico&isService=1', '1003', 'Serviço de Terceiros'),
  entry('/requestopened', '1002', 'SOLICITAÇÕES DE COMPRAS', TABLE_ROW),
  entry(
    '/requestopened?functionType=consultar&typeRequest=compras',
    '1003',
    'Minhas Solicitações de Compra',
    TABLE_ROW,
  ),
  entry('/AbrirChamado', '1003', 'Abrir Chamado'),
  entry('/chooserequest', '1003', 'Escolha uma Opção'),
  entry('/Calls?typeRequest=chamado', '1003', 'Meus Chamados', TABLE_ROW),
  entry('/ChamadosAbertos', '1004', 'Chamados Abertos', TABLE_ROW),
  entry('/setusers', '1001', 'Usuários', 'main tbody tr, [data-testid="user-card"]'),
  entry('/CadastrarUsuario', '1001', 'Cadastrar Usuário'),
];
