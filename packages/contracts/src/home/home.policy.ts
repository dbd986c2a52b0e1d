import { canSeeSupportCards } from '../auth/auth.policy.ts';
import { canManageEmployees } from '../hr/hr.policy.ts';
import {
  type Actor,
  hasAnyRole,
  hasRole,
  isAdmin,
  isAdministrador,
  isGestorOrAbove,
  isSupport,
  type SectorRole,
} from '../roles.ts';
import { type OrgLists, roleSectorName } from '../sectors/sectors.names.ts';
import type { ScreenKey, Screens } from './screens.ts';
import { SECTOR_ROUTES, type SectorRoute } from './sectors.ts';

/**
 * The signed-in user as the menus see him: the session facts and the screens he may open (the
 * session carries them: home/screens.policy.ts). A link to a screen shows only when it is allowed.
 */
export interface MenuUser extends Actor {
  screens: Screens;
}

const supportsRhOrQssma = (u: Actor) => isSupport(u) && hasAnyRole(u, ['rh', 'qssma']);

/** Menu rules of spec §6, one function per rule. */
export const menuPolicy = {
  /** Gerenciar tab: role below 3, or support in Recursos Humanos or QSSMA. */
  showGerenciarTab: (u: Actor) => isGestorOrAbove(u) || supportsRhOrQssma(u),
  /** The Gerenciar panel's content shows only to support or admin users. */
  showGerenciarPanel: (u: Actor) => isSupport(u) || isAdmin(u),
  /** Usuarios (/setusers): admin or role below 3. */
  showUsuarios: (u: Actor) => isAdmin(u) || isGestorOrAbove(u),
  /** Inserir Avisos: support in Recursos Humanos or QSSMA, or admin. */
  showInserirAvisos: (u: Actor) => supportsRhOrQssma(u) || isAdmin(u),
  /** Gerenciar Funcionários: sector Recursos Humanos or admin (the HR team, who manage employees). */
  showGerenciarFuncionarios: (u: Actor) => canManageEmployees(u),
  /** Suporte › Solicitar: role below 3 or support users. */
  showSolicitar: (u: Actor) => isGestorOrAbove(u) || isSupport(u),
  /** Suporte › Consultar and Recursos Humanos: everyone. */
  showConsultar: (_u: Actor) => true,
  showRh: (_u: Actor) => true,
} as const;

/** Sector grid: only the user's sectors are enabled; an Administrador has all. */
export const canEnterSector = (u: Actor, sector: SectorRoute) =>
  isAdministrador(u) || isAdmin(u) || hasRole(u, sector.key);

/** Acessar Ambiente: every sector page, labelled with the company's names, enabled where he may enter. */
export const sectorGrid = (u: Actor, sectors: OrgLists['sectors']) =>
  SECTOR_ROUTES.map((s) => ({ ...s, label: roleSectorName(sectors, s.key), enabled: canEnterSector(u, s) }));

export interface LandingCard {
  label: string;
  path: string;
}

/**
 * The service card each sector page offers besides Chamados Abertos
 * (decision 0039), shown to who may open its screen.
 */
const SECTOR_SERVICE_CARDS: Partial<Record<SectorRole, LandingCard & { screen: ScreenKey }>> = {
  compras: { label: 'Compras', path: '/requestOpened', screen: 'comprasRecebidas' },
  estoque: { label: 'Compras', path: '/requestOpened', screen: 'comprasRecebidas' },
  multas: { label: 'Gerir Multas', path: '/managerFines', screen: 'multas' },
  faturamento: { label: 'Gerir Multas', path: '/managerFines', screen: 'multas' },
  rh: { label: 'Atendimento RH', path: '/mainScreamRh', screen: 'atendimentoRh' },
  operacao: { label: 'Gravação de Processos', path: '/homeAnexoOperacao', screen: 'anexosOperacao' },
};

const SUPPORT_CARDS: LandingCard[] = [
  { label: 'Pastas e Arquivos', path: '/FoldersFiles' },
  { label: 'Aplicativos', path: '/apps' },
  { label: 'Eventos', path: '/agendevents' },
];

/** Cards of a sector landing page (spec §2 "Sector landing cards"): only screens the user may open. */
export function landingCards(u: MenuUser, sector: SectorRole): LandingCard[] {
  const cards: LandingCard[] = [];
  const firstCardHidden = sector === 'estoque' || sector === 'faturamento';
  if (!firstCardHidden && u.screens.chamadosAbertos)
    cards.push({ label: 'Chamados Abertos', path: '/ChamadosAbertos' });
  const service = SECTOR_SERVICE_CARDS[sector];
  if (service && u.screens[service.screen]) cards.push({ label: service.label, path: service.path });
  if (canSeeSupportCards(u)) cards.push(...SUPPORT_CARDS);
  return cards;
}
