import type { RouteObject } from 'react-router';
import { FoldersPage } from './pages/FoldersPage.tsx';

export const foldersRoutes: RouteObject[] = [{ path: '/FoldersFiles', element: <FoldersPage /> }];
