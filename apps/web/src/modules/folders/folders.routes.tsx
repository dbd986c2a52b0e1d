import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const FoldersPage = lazyPage(() => import('./pages/FoldersPage.tsx'), 'FoldersPage');

export const foldersRoutes: RouteObject[] = [{ path: '/FoldersFiles', element: <FoldersPage /> }];
