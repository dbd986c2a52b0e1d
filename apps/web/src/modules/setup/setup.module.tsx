import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const FirstAdminPage = lazyPage(() => import('./pages/FirstAdminPage.tsx'), 'FirstAdminPage');

/** Public pages: opened without a session (the set-up link the server prints at its first start). */
const publicRoutes: RouteObject[] = [{ path: '/configuracao-inicial/:token', element: <FirstAdminPage /> }];

export const setupModule: ModuleManifest = { publicRoutes };
