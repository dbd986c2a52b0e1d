import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const PendenciasPage = lazyPage(() => import('./pages/PendenciasPage.tsx'), 'PendenciasPage');

const routes: RouteObject[] = [{ path: '/pendencias', element: <PendenciasPage /> }];

export const pendenciasModule: ModuleManifest = { routes };
