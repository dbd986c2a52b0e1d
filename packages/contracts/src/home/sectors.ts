import { SECTOR, type SectorKey, type SectorName } from '../roles.ts';

export interface SectorRoute {
  key: SectorKey;
  /** The stored sector name (what user_sectors holds). */
  sector: SectorName;
  /** The label on the home grid (spec §2 spells TI without the accent). */
  label: string;
  /** The route of spec §2 (matched case-insensitively, URL-decoded). */
  path: string;
}

/** The home grid, in the order spec §2 lists it. */
export const SECTOR_ROUTES: readonly SectorRoute[] = [
  { key: 'estoque', sector: SECTOR.estoque, label: 'Estoque', path: '/Estoque' },
  { key: 'compras', sector: SECTOR.compras, label: 'Compras', path: '/Compras' },
  { key: 'infra', sector: SECTOR.infra, label: 'Infraestrutura', path: '/infraestrutura' },
  { key: 'faturamento', sector: SECTOR.faturamento, label: 'Faturamento', path: '/faturamento' },
  { key: 'operacao', sector: SECTOR.operacao, label: 'Operação', path: '/operação' },
  { key: 'qssma', sector: SECTOR.qssma, label: 'QSSMA', path: '/qssma' },
  { key: 'ti', sector: SECTOR.ti, label: 'Tecnologia de Informacao', path: '/tecnologia de informacao' },
  { key: 'rh', sector: SECTOR.rh, label: 'Recursos Humanos', path: '/recursos humanos' },
  { key: 'multas', sector: SECTOR.multas, label: 'Gestão de Multas', path: '/gestão de multas' },
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
