import { type BranchName, NOTICE_POSITION, SECTOR, type SectorName } from '@intranet/contracts';

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
