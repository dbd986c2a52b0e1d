import type { SectorRole } from '../roles.ts';

/**
 * A sector page of spec §2, for the sector that plays `key`: its label is that sector's name in the
 * company's list (roleSectorName), so a renamed sector keeps its page and shows its new name.
 */
export interface SectorRoute {
  key: SectorRole;
  /** The route of spec §2 (matched case-insensitively, URL-decoded); TI's is spelt without the accent. */
  path: string;
}

const route = (key: SectorRole, path: string): SectorRoute => ({ key, path });

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
