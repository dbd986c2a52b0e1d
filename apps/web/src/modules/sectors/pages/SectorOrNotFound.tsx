import { sectorForPath } from '@intranet/contracts';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../../../ui/NotFoundPage.tsx';
import { SectorPage } from './SectorPage.tsx';

export function SectorOrNotFound() {
  const { pathname } = useLocation();
  const sector = sectorForPath(pathname);
  return sector ? <SectorPage sector={sector} /> : <NotFoundPage />;
}
