import { describe, expect, it } from 'vitest';
import type { SectorRole as SectorKey } from '../roles.ts';
import { actor } from '../testing/actor.ts';
import { menuUser } from '../testing/menu-user.ts';
import { specOrg } from '../testing/org.ts';
import { landingCards, menuPolicy, sectorGrid } from './home.policy.ts';
import { SECTOR_ROUTES, sectorForPath } from './sectors.ts';

/** The demo company (README) plus the combinations the rules of spec §6 turn on. */
const P = {
  administrador: actor({
    userId: 1,
    privilegio: 1,
    admin: 1,
    suport: 1,
    sectors: ['Tecnologia de Informação'],
  }),
  gestorCompras: actor({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] }),
  colaboradorOperacao: actor({ userId: 3, privilegio: 3, suport: 0, sectors: ['Operação'] }),
  suporteTi: actor({ userId: 4, privilegio: 3, suport: 1, sectors: ['Tecnologia de Informação'] }),
  analistaRh: actor({ userId: 5, privilegio: 3, suport: 1, sectors: ['Recursos Humanos'] }),
  diretor: actor({ userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] }),
  presidente: actor({ userId: 7, privilegio: 2, suport: 1, sectors: ['Faturamento'] }),
  juridico: actor({ userId: 8, privilegio: 3, suport: 0, sectors: ['Recursos Humanos'] }),
  gestorMultas: actor({ userId: 9, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] }),
  suporteQssma: actor({ userId: 12, privilegio: 3, suport: 1, sectors: ['QSSMA'] }),
  colaboradorQssma: actor({ userId: 13, privilegio: 3, suport: 0, sectors: ['QSSMA'] }),
  suporteComprasERh: actor({
    userId: 14,
    privilegio: 3,
    suport: 1,
    sectors: ['Compras', 'Recursos Humanos'],
  }),
  suporteRhGrafiaAntiga: actor({ userId: 15, privilegio: 3, suport: 1, sectors: ['recursos humanos'] }),
  colaboradorComFlagAdmin: actor({ userId: 16, privilegio: 3, suport: 0, admin: 1, sectors: ['Operação'] }),
  administradorSemFlag: actor({ userId: 17, privilegio: 1, admin: 0, suport: 1, sectors: ['Compras'] }),
  semSetor: actor({ userId: 18, privilegio: 3, suport: 0, sectors: [] }),
};
type Person = keyof typeof P;
/** The same people as the menus get them, with their screens (the demo's approvers: 6, 7, 8, 9). */
const M = Object.fromEntries(Object.entries(P).map(([k, a]) => [k, menuUser(a)])) as Record<
  Person,
  ReturnType<typeof menuUser>
>;

/**
 * Spec §6, worked out by hand for each person:
 * tab = role < 3 or support in RH/QSSMA; panel = support or admin; usuarios = admin or role < 3;
 * avisos = support in RH/QSSMA or admin; funcionarios = sector RH or admin;
 * solicitar = role < 3 or support; consultar and RH = everyone.
 */
const MENU: [
  Person,
  {
    tab: boolean;
    panel: boolean;
    usuarios: boolean;
    avisos: boolean;
    funcionarios: boolean;
    solicitar: boolean;
  },
][] = [
  [
    'administrador',
    { tab: true, panel: true, usuarios: true, avisos: true, funcionarios: true, solicitar: true },
  ],
  [
    'gestorCompras',
    { tab: true, panel: true, usuarios: true, avisos: false, funcionarios: false, solicitar: true },
  ],
  [
    'colaboradorOperacao',
    { tab: false, panel: false, usuarios: false, avisos: false, funcionarios: false, solicitar: false },
  ],
  [
    'suporteTi',
    { tab: false, panel: true, usuarios: false, avisos: false, funcionarios: false, solicitar: true },
  ],
  [
    'analistaRh',
    { tab: true, panel: true, usuarios: false, avisos: true, funcionarios: true, solicitar: true },
  ],
  [
    'diretor',
    { tab: true, panel: true, usuarios: true, avisos: false, funcionarios: false, solicitar: true },
  ],
  [
    'presidente',
    { tab: true, panel: true, usuarios: true, avisos: false, funcionarios: false, solicitar: true },
  ],
  [
    'juridico',
    { tab: false, panel: false, usuarios: false, avisos: false, funcionarios: true, solicitar: false },
  ],
  [
    'gestorMultas',
    { tab: true, panel: true, usuarios: true, avisos: false, funcionarios: false, solicitar: true },
  ],
  [
    'suporteQssma',
    { tab: true, panel: true, usuarios: false, avisos: true, funcionarios: false, solicitar: true },
  ],
  [
    'colaboradorQssma',
    { tab: false, panel: false, usuarios: false, avisos: false, funcionarios: false, solicitar: false },
  ],
  [
    'suporteComprasERh',
    { tab: true, panel: true, usuarios: false, avisos: true, funcionarios: true, solicitar: true },
  ],
  [
    'suporteRhGrafiaAntiga',
    { tab: true, panel: true, usuarios: false, avisos: true, funcionarios: true, solicitar: true },
  ],
  [
    'colaboradorComFlagAdmin',
    { tab: false, panel: true, usuarios: true, avisos: true, funcionarios: true, solicitar: false },
  ],
  [
    'semSetor',
    { tab: false, panel: false, usuarios: false, avisos: false, funcionarios: false, solicitar: false },
  ],
];

describe('menu rules (spec §6)', () => {
  describe.each(MENU)('%s', (person, expected) => {
    const u = P[person];
    it(`Gerenciar tab visible: ${expected.tab}`, () =>
      expect(menuPolicy.showGerenciarTab(u)).toBe(expected.tab));
    it(`Gerenciar panel shown: ${expected.panel}`, () =>
      expect(menuPolicy.showGerenciarPanel(u)).toBe(expected.panel));
    it(`Usuarios: ${expected.usuarios}`, () => expect(menuPolicy.showUsuarios(u)).toBe(expected.usuarios));
    it(`Inserir Avisos: ${expected.avisos}`, () =>
      expect(menuPolicy.showInserirAvisos(u)).toBe(expected.avisos));
    it(`Gerenciar Funcionários: ${expected.funcionarios}`, () =>
      expect(menuPolicy.showGerenciarFuncionarios(u)).toBe(expected.funcionarios));
    it(`Suporte › Solicitar: ${expected.solicitar}`, () =>
      expect(menuPolicy.showSolicitar(u)).toBe(expected.solicitar));
    it('Suporte › Consultar and Recursos Humanos: always', () => {
      expect(menuPolicy.showConsultar(u)).toBe(true);
      expect(menuPolicy.showRh(u)).toBe(true);
    });
  });
});

const GRID_LABELS = [
  'Estoque',
  'Compras',
  'Infraestrutura',
  'Faturamento',
  'Operação',
  'QSSMA',
  'Tecnologia de Informação',
  'Recursos Humanos',
  'Gestão de Multas',
];

describe('Acessar Ambiente grid (spec §2, §6)', () => {
  it('lists the nine sectors in spec order, accents kept, each linking to the route of spec §2', () => {
    const grid = sectorGrid(P.administrador, specOrg().sectors);
    expect(grid.map((s) => s.label)).toEqual(GRID_LABELS);
    expect(grid.map((s) => s.path.toLowerCase())).toEqual([
      '/estoque',
      '/compras',
      '/infraestrutura',
      '/faturamento',
      '/operação',
      '/qssma',
      '/tecnologia de informacao',
      '/recursos humanos',
      '/gestão de multas',
    ]);
  });

  it.each<[Person, string[]]>([
    ['administrador', GRID_LABELS],
    ['administradorSemFlag', GRID_LABELS],
    ['gestorCompras', ['Compras']],
    ['colaboradorOperacao', ['Operação']],
    ['suporteTi', ['Tecnologia de Informação']],
    ['analistaRh', ['Recursos Humanos']],
    ['diretor', ['Estoque', 'Operação']],
    ['presidente', ['Faturamento']],
    ['gestorMultas', ['Gestão de Multas']],
    ['suporteComprasERh', ['Compras', 'Recursos Humanos']],
    ['suporteRhGrafiaAntiga', ['Recursos Humanos']],
    ['semSetor', []],
  ])('%s: only these are enabled (the rest greyed)', (person, enabled) => {
    const grid = sectorGrid(P[person], specOrg().sectors);
    expect(grid).toHaveLength(9);
    expect(grid.filter((s) => s.enabled).map((s) => s.label)).toEqual(enabled);
  });
});

describe("Acessar Ambiente with the company's names (decision 0114)", () => {
  it("a renamed sector shows its new name; one whose role nobody holds keeps the spec's", () => {
    const org = specOrg();
    const sectors = org.sectors.map((s) =>
      s.role === 'rh' ? { ...s, name: 'Gente e Gestão' } : s.role === 'ti' ? { ...s, active: 0 } : s,
    );
    const grid = sectorGrid(P.analistaRh, sectors);
    expect(grid.find((s) => s.key === 'rh')).toMatchObject({ label: 'Gente e Gestão', enabled: true });
    expect(grid.find((s) => s.key === 'ti')?.label).toBe('Tecnologia de Informação');
    expect(grid.filter((s) => s.enabled).map((s) => s.label)).toEqual(['Gente e Gestão']);
  });
});

const CARD_PATHS: Record<string, string> = {
  'Chamados Abertos': '/ChamadosAbertos',
  Compras: '/requestOpened',
  'Gerir Multas': '/managerFines',
  'Atendimento RH': '/mainScreamRh',
  'Gravação de Processos': '/homeAnexoOperacao',
  'Pastas e Arquivos': '/FoldersFiles',
  Aplicativos: '/apps',
  Eventos: '/agendevents',
};
const SUPPORT_CARDS = ['Pastas e Arquivos', 'Aplicativos', 'Eventos'];
const SECTOR_KEYS = SECTOR_ROUTES.map((s) => s.key);
const CARD_PEOPLE: [Person, boolean][] = [
  ['administrador', true],
  ['gestorCompras', true],
  ['suporteTi', true],
  ['colaboradorComFlagAdmin', true],
  ['colaboradorOperacao', false],
  ['juridico', false],
];

describe('sector landing cards (spec §2 "Sector landing cards", §6)', () => {
  const rows = SECTOR_KEYS.flatMap((sector) =>
    CARD_PEOPLE.map(
      ([person, supportOrAdmin]) => [sector, person, supportOrAdmin] as [SectorKey, Person, boolean],
    ),
  );

  it.each(rows)('%s as %s: every card is a spec card with its spec path, none twice', (sector, person) => {
    const cards = landingCards(M[person], sector);
    for (const card of cards) expect(card.path).toBe(CARD_PATHS[card.label]);
    expect(new Set(cards.map((c) => c.label)).size).toBe(cards.length);
  });

  it.each(rows)(
    '%s as %s: support cards only for support or admin (%s)',
    (sector, person, supportOrAdmin) => {
      const labels = landingCards(M[person], sector).map((c) => c.label);
      for (const label of SUPPORT_CARDS) expect(labels.includes(label)).toBe(supportOrAdmin);
    },
  );

  it.each(rows.filter(([sector]) => sector === 'estoque' || sector === 'faturamento'))(
    '%s as %s: the first card (Chamados Abertos) is hidden',
    (sector, person) => {
      expect(landingCards(M[person], sector).map((c) => c.label)).not.toContain('Chamados Abertos');
    },
  );

  it.each(
    rows.filter(
      ([sector, , supportOrAdmin]) => supportOrAdmin && sector !== 'estoque' && sector !== 'faturamento',
    ),
  )('%s as %s: Chamados Abertos is the first card', (sector, person) => {
    expect(landingCards(M[person], sector)[0]).toEqual({
      label: 'Chamados Abertos',
      path: '/ChamadosAbertos',
    });
  });
});

/**
 * Which service card each sector shows is not in the spec; decision 0039
 * settles it, and the card shows only to who may open its screen (the rule its server call applies).
 */
const SERVICE_CARD: Record<SectorKey, string[]> = {
  estoque: ['Compras'],
  compras: ['Compras'],
  infra: [],
  faturamento: ['Gerir Multas'],
  operacao: ['Gravação de Processos'],
  qssma: [],
  ti: [],
  rh: ['Atendimento RH'],
  multas: ['Gerir Multas'],
};

describe('sector landing cards as decision 0039 settles them', () => {
  it.each(SECTOR_KEYS)('%s for an administrator: every card', (sector) => {
    const hidden = sector === 'estoque' || sector === 'faturamento';
    expect(landingCards(M.administrador, sector).map((c) => c.label)).toEqual([
      ...(hidden ? [] : ['Chamados Abertos']),
      ...SERVICE_CARD[sector],
      ...SUPPORT_CARDS,
    ]);
  });

  // The service card of each sector, by person: only where the screen lets him in (issue 32).
  it.each<[Person, Partial<Record<SectorKey, string>>]>([
    ['gestorCompras', { estoque: 'Compras', compras: 'Compras', operacao: 'Gravação de Processos' }],
    // Roberto approves purchases (director) and HR hirings (diretor): Compras and Atendimento RH.
    [
      'diretor',
      { estoque: 'Compras', compras: 'Compras', operacao: 'Gravação de Processos', rh: 'Atendimento RH' },
    ],
    // Helena (presidente, Faturamento) has no fines: no Gerir Multas on Faturamento.
    [
      'presidente',
      { estoque: 'Compras', compras: 'Compras', operacao: 'Gravação de Processos', rh: 'Atendimento RH' },
    ],
    [
      'gestorMultas',
      {
        estoque: 'Compras',
        compras: 'Compras',
        operacao: 'Gravação de Processos',
        faturamento: 'Gerir Multas',
        multas: 'Gerir Multas',
        rh: 'Atendimento RH',
      },
    ],
    ['juridico', { operacao: 'Gravação de Processos', rh: 'Atendimento RH' }],
    ['analistaRh', { operacao: 'Gravação de Processos', rh: 'Atendimento RH' }],
    // Colaboradores, with or without support, outside Compras: no received purchases list.
    ['suporteTi', { operacao: 'Gravação de Processos' }],
    ['colaboradorOperacao', { operacao: 'Gravação de Processos' }],
    [
      'suporteComprasERh',
      { estoque: 'Compras', compras: 'Compras', operacao: 'Gravação de Processos', rh: 'Atendimento RH' },
    ],
  ])('%s', (person, expected) => {
    for (const sector of SECTOR_KEYS) {
      const service = landingCards(M[person], sector)
        .map((c) => c.label)
        .filter((l) => l !== 'Chamados Abertos' && !SUPPORT_CARDS.includes(l));
      expect(service, sector).toEqual(expected[sector] ? [expected[sector]] : []);
    }
  });
});

describe('sectorForPath: spec paths, URL-encoded by the browser, matched case-insensitively', () => {
  it.each<[string, SectorKey]>([
    ['/Estoque', 'estoque'],
    ['/estoque', 'estoque'],
    ['/ESTOQUE', 'estoque'],
    ['/Compras', 'compras'],
    ['/compras', 'compras'],
    ['/infraestrutura', 'infra'],
    ['/faturamento', 'faturamento'],
    ['/qssma', 'qssma'],
    ['/QSSMA', 'qssma'],
    ['/tecnologia de informacao', 'ti'],
    ['/tecnologia%20de%20informacao', 'ti'],
    ['/Tecnologia%20De%20Informacao', 'ti'],
    ['/recursos humanos', 'rh'],
    ['/recursos%20humanos', 'rh'],
    ['/Recursos%20Humanos', 'rh'],
    ['/operação', 'operacao'],
    ['/opera%C3%A7%C3%A3o', 'operacao'],
    ['/OPERAÇÃO', 'operacao'],
    ['/OPERA%C3%87%C3%83O', 'operacao'],
    ['/gestão de multas', 'multas'],
    ['/gest%C3%A3o%20de%20multas', 'multas'],
    ['/Gest%C3%A3o%20De%20Multas', 'multas'],
  ])('%s → %s', (pathname, key) => {
    expect(sectorForPath(pathname)?.key).toBe(key);
  });

  it.each(SECTOR_ROUTES.map((s) => [s.path, s.key] as const))(
    'the grid link %s, as a browser encodes it, leads back to %s',
    (path, key) => {
      expect(sectorForPath(encodeURI(path))?.key).toBe(key);
      expect(sectorForPath(encodeURI(path.toUpperCase()))?.key).toBe(key);
    },
  );

  it.each([
    '/',
    '/login',
    '/ChamadosAbertos',
    '/compras/extra',
    '/comprass',
    '/tecnologia',
    '/%E0%A4%A', // malformed escape
    '',
  ])('%j is not a sector', (pathname) => {
    expect(sectorForPath(pathname)).toBeUndefined();
  });
});
