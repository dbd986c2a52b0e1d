import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const InsertNoticesPage = lazyPage(() => import('./pages/InsertNoticesPage.tsx'), 'InsertNoticesPage');
const NoticesPage = lazyPage(() => import('./pages/NoticesPage.tsx'), 'NoticesPage');

const routes: RouteObject[] = [
  { path: '/InserirInformativos', element: <InsertNoticesPage /> },
  // Notificações › Avisos (spec §2): every member reads every notice.
  { path: '/avisos', element: <NoticesPage /> },
];

export const noticesModule: ModuleManifest = { routes };
