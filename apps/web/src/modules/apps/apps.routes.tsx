import type { RouteObject } from 'react-router';
import { AppsPage } from './pages/AppsPage.tsx';

export const appsRoutes: RouteObject[] = [{ path: '/apps', element: <AppsPage /> }];
