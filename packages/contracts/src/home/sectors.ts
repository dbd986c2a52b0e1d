import { SECTOR_ROLE_LABEL, type SectorRole } from '../roles.ts';

export interface SectorRoute {
  key: SectorRole;
  /** The stored sector name (what user_sectors holds). */
  sector: string;
  /** The label on the home grid and the sector page: the sector's name, accents kept. */
  label: string;
  /** The route of spec §2 (matched case-insensitively, URL-decoded); TI's is spelt without the accent. */
  path: string;
}

const route = (key: SectorRole, path: string): SectorRoute => ({
  key,
  sector: SECTOR_ROLE_LABEL[key],
  label: SECTOR_ROLE_LABEL[key],
  path,
});

/** The home grid, in the order spec §2 lists it. */
export const SECTOR_ROUTES: readonly SectorRoute[] = [
  route('estoque', '/Estoque'),
  route('compras', '/Compras'),
  route('infra', '/infraestrutura'),
  route('faturamento', '/faturamento'),
  route('operacao', '/operação'),
  route('qssma', '/qssma'),
  route('ti', '/tecnologia de informacao'),
  route('rh', '/recursos humanos'),
  route('multas', '/gestão de multas'),
];

/** Finds the sector of a pathname such as "/tecnologia%20de%20informacao" or "/COMPRAS". */
export function sectorForPath(pathname: string): SectorRoute | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const wanted = decoded.replace(/\/+$/, '').toLowerCase();
  return SECTOR_ROUTES.find((s) => s.path.toLowerCase() === wanted);
}
