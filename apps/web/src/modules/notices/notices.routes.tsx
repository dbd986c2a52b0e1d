import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const InsertNoticesPage = lazyPage(() => import('./pages/InsertNoticesPage.tsx'), 'InsertNoticesPage');
const NoticesPage = lazyPage(() => import('./pages/NoticesPage.tsx'), 'NoticesPage');

export const noticesRoutes: RouteObject[] = [
  { path: '/InserirInformativos', element: <InsertNoticesPage /> },
  // Notificações › Avisos (spec §2): every member reads every notice.
  { path: '/avisos', element: <NoticesPage /> },
];
