import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const HomePage = lazyPage(() => import('./pages/HomePage.tsx'), 'HomePage');

const routes: RouteObject[] = [{ index: true, element: <HomePage /> }];

export const homeModule: ModuleManifest = { routes };
