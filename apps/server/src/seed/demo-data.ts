import { NOTICE_POSITION, SECTOR_ROLE_LABEL } from '@intranet/contracts';

/** The demo company's sectors and branches: the names a fresh install starts with (decision 0114). */
const SECTOR = SECTOR_ROLE_LABEL;
type SectorName = string;
type BranchName = 'Matriz' | 'Maua';

export const DEMO_PASSWORD = 'intranet123';

export interface DemoUser {
  matricula: string;
  nome: string;
  cpf: string;
  email: string;
  tell: string;
  filial: BranchName;
  privilegio: 1 | 2 | 3;
  suport: 0 | 1;
  admin: 0 | 1;
  /** The first sector is the main one. */
  sectors: SectorName[];
  branches: BranchName[];
  policyAccepted: boolean;
  approverRole?: 'diretor' | 'presidente' | 'juridico';
}

/** The demo company of the README; a privilege below 3 always carries suport 1 (spec §5). */
export const DEMO_USERS: DemoUser[] = [
  {
    matricula: '1001',
    nome: 'Carlos Eduardo Mendes',
    cpf: '52998224725',
    email: 'carlos.mendes@rotasul.com.br',
    tell: '11987654321',
    filial: 'Matriz',
    privilegio: 1,
    suport: 1,
    admin: 1,
    sectors: [SECTOR.ti],
    branches: ['Matriz', 'Maua'],
    policyAccepted: true,
  },
  {
    matricula: '1002',
    nome: 'Patrícia Souza Ramos',
    cpf: '11144477735',
    email: 'patricia.ramos@rotasul.com.br',
    tell: '11976543210',
    filial: 'Matriz',
    privilegio: 2,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.compras],
    branches: ['Matriz'],
    policyAccepted: true,
  },
  {
    matricula: '1003',
    nome: 'João Pedro da Silva',
    cpf: '93541134780',
    email: 'joao.silva@rotasul.com.br',
    tell: '11965432109',
    filial: 'Maua',
    privilegio: 3,
    suport: 0,
    admin: 0,
    sectors: [SECTOR.operacao],
    branches: ['Maua'],
    policyAccepted: false,
  },
  {
    matricula: '1004',
    nome: 'Rafael Lima Barbosa',
    cpf: '28675512341',
    email: 'rafael.barbosa@rotasul.com.br',
    tell: '11954321098',
    filial: 'Matriz',
    privilegio: 3,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.ti],
    branches: ['Matriz', 'Maua'],
    policyAccepted: true,
  },
  {
    matricula: '1005',
    nome: 'Fernanda Oliveira Costa',
    cpf: '45317828791',
    email: 'fernanda.costa@rotasul.com.br',
    tell: '11943210987',
    filial: 'Matriz',
    privilegio: 3,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.rh],
    branches: ['Matriz'],
    policyAccepted: true,
  },
  {
    matricula: '1006',
    nome: 'Roberto Almeida Nogueira',
    cpf: '76843259146',
    email: 'roberto.nogueira@rotasul.com.br',
    tell: '11932109876',
    filial: 'Matriz',
    privilegio: 2,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.operacao, SECTOR.estoque],
    branches: ['Matriz', 'Maua'],
    policyAccepted: true,
    approverRole: 'diretor',
  },
  {
    matricula: '1007',
    nome: 'Helena Martins Figueiredo',
    cpf: '39053344705',
    email: 'helena.figueiredo@rotasul.com.br',
    tell: '11921098765',
    filial: 'Matriz',
    privilegio: 2,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.faturamento],
    branches: ['Matriz', 'Maua'],
    policyAccepted: true,
    approverRole: 'presidente',
  },
  {
    matricula: '1008',
    nome: 'Luiz Fernando Teixeira',
    cpf: '61400987342',
    email: 'luiz.teixeira@rotasul.com.br',
    tell: '11910987654',
    filial: 'Matriz',
    privilegio: 3,
    suport: 0,
    admin: 0,
    sectors: [SECTOR.rh],
    branches: ['Matriz'],
    policyAccepted: true,
    approverRole: 'juridico',
  },
  {
    matricula: '1009',
    nome: 'Marcos Vinícius Pereira',
    cpf: '85214672063',
    email: 'marcos.pereira@rotasul.com.br',
    tell: '11909876543',
    filial: 'Maua',
    privilegio: 2,
    suport: 1,
    admin: 0,
    sectors: [SECTOR.multas],
    branches: ['Maua'],
    policyAccepted: true,
  },
];

export interface DemoNotice {
  text: string;
  image: string | null;
  position: number;
  setor: SectorName;
}

export const DEMO_NOTICES: DemoNotice[] = [
  {
    text: 'Campanha de vacinação contra a gripe: de 24 a 28 de novembro, das 8h às 16h, no ambulatório da Matriz. Leve seu documento com foto.',
    image: 'notice-vacina.jpg',
    position: NOTICE_POSITION.paisagem,
    setor: SECTOR.rh,
  },
  {
    text: 'Semana Interna de Prevenção de Acidentes (SIPAT): palestras diárias sobre segurança na operação com empilhadeiras. Participe!',
    image: 'notice-sipat.jpg',
    position: NOTICE_POSITION.retrato,
    setor: SECTOR.qssma,
  },
  {
    text: 'Lembrete: o ponto eletrônico passa a ser registrado também pelo aplicativo a partir de 1º de dezembro. Dúvidas, procure o RH.',
    image: null,
    position: NOTICE_POSITION.paisagem,
    setor: SECTOR.rh,
  },
];

export const DEMO_BANNERS = [
  { image: 'banner-boas-vindas.jpg', alt: 'Bem-vindo à intranet da Rota Sul Logística' },
  { image: 'banner-seguranca.jpg', alt: 'Segurança em primeiro lugar: use sempre seus EPIs' },
  { image: 'banner-resultados.jpg', alt: 'Obrigado a todos pelos resultados do trimestre' },
];

export interface DemoCall {
  requester: string;
  dep: 'Recursos Humanos' | 'Tecnologia de Informacao' | 'QSSMA' | 'Infraestrutura';
  problem: string;
  descript: string;
  filial: BranchName;
  status: number;
  attendant?: string;
  daysAgo: number;
  answers?: { by: string; msg: string }[];
  materials?: { item_name: string; measure: string; qnt: number }[];
}

/** Support calls of the demo, oldest first (ids follow this order). */
export const DEMO_CALLS: DemoCall[] = [
  {
    requester: '1003',
    dep: 'Tecnologia de Informacao',
    problem: 'Coletores',
    descript: 'O coletor da doca 3 não conecta ao Wi-Fi desde a troca de turno.',
    filial: 'Maua',
    status: 0,
    daysAgo: 9,
  },
  {
    requester: '1008',
    dep: 'Recursos Humanos',
    problem: 'Salário',
    descript: 'O adicional noturno de outubro não apareceu no holerite.',
    filial: 'Matriz',
    status: 1,
    attendant: '1005',
    daysAgo: 8,
    answers: [
      { by: '1005', msg: 'Recebido. Estou conferindo com a folha e retorno até amanhã.' },
      { by: '1008', msg: 'Obrigado! Fico no aguardo.' },
    ],
  },
  {
    requester: '1006',
    dep: 'Infraestrutura',
    problem: 'Ar-condicionado',
    descript: 'O ar-condicionado da sala de reuniões do 2º andar está pingando.',
    filial: 'Matriz',
    status: 2,
    attendant: '1001',
    daysAgo: 7,
    answers: [{ by: '1001', msg: 'Peça solicitada ao setor de Compras.' }],
  },
  {
    requester: '1002',
    dep: 'Tecnologia de Informacao',
    problem: 'Impressora',
    descript: 'A impressora do Compras imprime com manchas.',
    filial: 'Matriz',
    status: 3,
    attendant: '1004',
    daysAgo: 6,
    answers: [{ by: '1004', msg: 'Toner substituído e cabeçote limpo. Pode testar?' }],
  },
  {
    requester: '1007',
    dep: 'QSSMA',
    problem: 'EPI',
    descript: 'Precisamos de luvas de vaqueta tamanho G para a equipe do faturamento que apoia a expedição.',
    filial: 'Matriz',
    status: 0,
    daysAgo: 5,
  },
  {
    requester: '1009',
    dep: 'Infraestrutura',
    problem: 'Nova Estrutura',
    descript: 'Instalar prateleiras no arquivo de multas da unidade Mauá.',
    filial: 'Maua',
    status: 20,
    attendant: '1001',
    daysAgo: 4,
  },
  {
    requester: '1003',
    dep: 'Recursos Humanos',
    problem: 'Horas Extras',
    descript: 'Minhas horas extras do sábado (8h) não constam no banco de horas.',
    filial: 'Maua',
    status: 1,
    attendant: '1005',
    daysAgo: 3,
  },
  {
    requester: '1008',
    dep: 'Tecnologia de Informacao',
    problem: 'Intranet',
    descript: 'Não consigo abrir a pasta de contratos pela intranet.',
    filial: 'Matriz',
    status: 0,
    daysAgo: 1,
  },
];

export interface DemoApp {
  name: string;
  address: string;
  sectors: SectorName[];
}

/** The applications list of the demo company (no icons: the list shows a placeholder). */
export const DEMO_APPS: DemoApp[] = [
  { name: 'Webmail', address: 'https://mail.rotasul.com.br', sectors: [...Object.values(SECTOR)] },
  {
    name: 'TMS Rota Sul',
    address: 'https://tms.rotasul.com.br',
    sectors: [SECTOR.operacao, SECTOR.estoque, SECTOR.faturamento],
  },
  {
    name: 'Portal de Compras',
    address: 'https://compras.rotasul.com.br',
    sectors: [SECTOR.compras, SECTOR.estoque],
  },
  { name: 'Sistema de Folha', address: 'https://folha.rotasul.com.br', sectors: [SECTOR.rh] },
  {
    name: 'Service Desk TI',
    address: 'https://servicedesk.rotasul.com.br',
    sectors: [SECTOR.ti, SECTOR.infra],
  },
];

export interface DemoFolderFile {
  name: string;
  by: string;
  daysAgo: number;
  /** The text of the file; a .pdf gets it as a one-page PDF, anything else as UTF-8 text. */
  lines: string[];
}

export interface DemoFolder {
  name: string;
  /** 'Home' (id 1), 'Pasta Pública' (id 2) or the name of a demo folder listed before this one. */
  parent: string;
  owner: string;
  /** 1 owner/admins/shares, 2 + Gestores, 3 + Colaboradores. */
  privilegio: 1 | 2 | 3;
  isPrivate: 0 | 1;
  sharedWith: string[];
  daysAgo: number;
  files: DemoFolderFile[];
}

/**
 * Shared folders of the demo company. Nothing is ever uploaded into Pasta Pública itself (spec):
 * its documents live in a folder a manager created inside it.
 */
export const DEMO_FOLDERS: DemoFolder[] = [
  {
    name: 'Procedimentos Operacionais',
    parent: 'Home',
    owner: '1006',
    privilegio: 3,
    isPrivate: 0,
    sharedWith: [],
    daysAgo: 40,
    files: [
      {
        name: 'POP-001 Recebimento de carga.pdf',
        by: '1006',
        daysAgo: 40,
        lines: [
          'POP-001 - Recebimento de carga',
          '1. Conferir a nota fiscal com o pedido antes de abrir o caminhão.',
          '2. Registrar avarias com foto no coletor antes da descarga.',
          '3. Etiquetar os volumes e liberar a doca em até 30 minutos.',
        ],
      },
      {
        name: 'POP-002 Expedição e conferência.pdf',
        by: '1006',
        daysAgo: 35,
        lines: [
          'POP-002 - Expedição e conferência',
          '1. Separar por rota e conferir a quantidade de volumes.',
          '2. Lacrar o baú e anotar o número do lacre no manifesto.',
        ],
      },
      {
        name: 'Checklist de doca.txt',
        by: '1006',
        daysAgo: 12,
        lines: [
          'Checklist diário de doca',
          '[ ] Nivelador funcionando',
          '[ ] Calços de roda no lugar',
          '[ ] Área de circulação livre',
          '[ ] EPIs da equipe conferidos',
        ],
      },
    ],
  },
  {
    name: 'Compras 2026',
    parent: 'Home',
    owner: '1002',
    privilegio: 2,
    isPrivate: 0,
    sharedWith: [],
    daysAgo: 20,
    files: [
      {
        name: 'Cotações de paletes - janeiro.csv',
        by: '1002',
        daysAgo: 18,
        lines: [
          'fornecedor;item;quantidade;preco_unitario',
          'Madeireira Vale Sul;Palete PBR 1,00 x 1,20;500;38,90',
          'Paletes Mauá;Palete PBR 1,00 x 1,20;500;41,50',
          'EcoPallet;Palete plástico 1,00 x 1,20;200;189,00',
        ],
      },
      {
        name: 'Plano de compras 2026.pdf',
        by: '1002',
        daysAgo: 15,
        lines: [
          'Plano de compras 2026',
          'Prioridades: renovação de paleteiras, EPIs, toners e etiquetas térmicas.',
          'Aprovações acima de R$ 10.000,00 seguem para a diretoria.',
        ],
      },
    ],
  },
  {
    name: 'Servidores e Acessos',
    parent: 'Home',
    owner: '1001',
    privilegio: 1,
    isPrivate: 1,
    sharedWith: ['1004'],
    daysAgo: 60,
    files: [
      {
        name: 'Inventário de servidores.csv',
        by: '1001',
        daysAgo: 60,
        lines: [
          'servidor;funcao;local;sistema',
          'srv-tms01;TMS Rota Sul;Matriz;Linux',
          'srv-arq01;Arquivos e backup;Matriz;Linux',
          'srv-mau01;Coletores e impressoras;Maua;Windows Server',
        ],
      },
    ],
  },
  {
    name: 'Manuais e Formulários',
    parent: 'Pasta Pública',
    owner: '1001',
    privilegio: 3,
    isPrivate: 0,
    sharedWith: [],
    daysAgo: 90,
    files: [
      {
        name: 'Manual do Colaborador 2026.pdf',
        by: '1001',
        daysAgo: 90,
        lines: [
          'Manual do Colaborador - Rota Sul Logística',
          'Bem-vindo! Aqui estão as regras de convivência, segurança e benefícios.',
          'Horário de trabalho, uso de EPIs, uniforme e canais de atendimento do RH e da TI.',
        ],
      },
      {
        name: 'Ramais internos.txt',
        by: '1001',
        daysAgo: 30,
        lines: [
          'Ramais internos',
          'Recepção Matriz: 2000',
          'Tecnologia de Informação: 2100',
          'Recursos Humanos: 2200',
          'Expedição Mauá: 3100',
        ],
      },
    ],
  },
];
