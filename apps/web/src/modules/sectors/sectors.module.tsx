import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const SectorOrNotFound = lazyPage(() => import('./pages/SectorOrNotFound.tsx'), 'SectorOrNotFound');

// Sector pages have spaces and accents in their paths (spec §2); unknown paths get the 404 page.
const routes: RouteObject[] = [{ path: '*', element: <SectorOrNotFound /> }];

export const sectorsModule: ModuleManifest = { routes };
