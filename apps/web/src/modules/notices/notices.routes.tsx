import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const InsertNoticesPage = lazyPage(() => import('./pages/InsertNoticesPage.tsx'), 'InsertNoticesPage');

export const noticesRoutes: RouteObject[] = [
  { path: '/InserirInformativos', element: <InsertNoticesPage /> },
];
