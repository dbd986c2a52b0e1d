import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const FoldersPage = lazyPage(() => import('./pages/FoldersPage.tsx'), 'FoldersPage');

const routes: RouteObject[] = [{ path: '/FoldersFiles', element: <FoldersPage /> }];

export const foldersModule: ModuleManifest = { routes };
