/**
 * Roles, flags and the sectors' workflow roles: the vocabulary every policy is written with. The
 * sectors' and branches' names are rows of the database (decisions 0114, 0116).
 */

export const ROLE = { Administrador: 1, Gestor: 2, Colaborador: 3 } as const;
export type Privilegio = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_LABEL: Record<Privilegio, string> = {
  1: 'Administrador',
  2: 'Gestor',
  3: 'Colaborador',
};

/**
 * The parts a sector plays in the workflows and the sector pages of spec §2 (decision 0114). A
 * sector row carries at most one role (sectors.role), and a role belongs to at most one active
 * sector: the policies ask for the role, so renaming a sector breaks nothing. The label is the
 * spec's name of the sector that plays it (the starting name on a fresh install).
 */
export const SECTOR_ROLE_LABEL = {
  rh: 'Recursos Humanos',
  ti: 'Tecnologia de Informação',
  qssma: 'QSSMA',
  compras: 'Compras',
  infra: 'Infraestrutura',
  operacao: 'Operação',
  estoque: 'Estoque',
  faturamento: 'Faturamento',
  multas: 'Gestão de Multas',
} as const;
export type SectorRole = keyof typeof SECTOR_ROLE_LABEL;
export const SECTOR_ROLES = Object.keys(SECTOR_ROLE_LABEL) as SectorRole[];
export const isSectorRole = (v: unknown): v is SectorRole =>
  typeof v === 'string' && Object.hasOwn(SECTOR_ROLE_LABEL, v);

/** The user facts every permission is decided from (a subset of the session user). */
export interface Actor {
  userId: number;
  privilegio: number;
  suport: number;
  admin: number;
  /** The user's sectors: the name, and the workflow role the sector plays (null: none). */
  setor: { sector: string; role?: SectorRole | null }[];
}

export const isAdministrador = (u: Actor) => u.privilegio === ROLE.Administrador;
/** The admin flag, or the Administrador role: both mean full administration in the spec. */
export const isAdmin = (u: Actor) => u.admin === 1 || isAdministrador(u);
export const isGestorOrAbove = (u: Actor) => u.privilegio < ROLE.Colaborador;
export const isSupport = (u: Actor) => u.suport === 1;
/** Whether one of the user's sectors plays the role (never by the sector's name: decision 0114). */
export const hasRole = (u: Actor, role: SectorRole) => u.setor.some((s) => s.role === role);
export const hasAnyRole = (u: Actor, roles: readonly SectorRole[]) => roles.some((r) => hasRole(u, r));
/** Whether the user is in the sector named so (a record's sector, such as an employee's). */
export const inSector = (u: Actor, sector: string) =>
  u.setor.some((s) => normalizeName(s.sector) === normalizeName(sector));

/**
 * Lower-case, accent-free form used to compare names typed with or without accents. The forms of
 * short names are kept (a few hundred at most): the policies compare the same sector and branch
 * names over and over (the users list's abilities did 3,000 comparisons a page, 1 ms of its CPU:
 * decision 0022).
 */
export function normalizeName(value: string): string {
  let form = normalizedNames.get(value);
  if (form === undefined) {
    form = value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
    if (value.length <= 64) {
      if (normalizedNames.size >= 500) normalizedNames.clear();
      normalizedNames.set(value, form);
    }
  }
  return form;
}
const normalizedNames = new Map<string, string>();
