import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const AppsPage = lazyPage(() => import('./pages/AppsPage.tsx'), 'AppsPage');

const routes: RouteObject[] = [{ path: '/apps', element: <AppsPage /> }];

export const appsModule: ModuleManifest = { routes };
