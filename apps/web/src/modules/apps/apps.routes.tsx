import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const AppsPage = lazyPage(() => import('./pages/AppsPage.tsx'), 'AppsPage');

export const appsRoutes: RouteObject[] = [{ path: '/apps', element: <AppsPage /> }];
