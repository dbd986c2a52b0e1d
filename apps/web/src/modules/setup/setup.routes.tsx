import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const FirstAdminPage = lazyPage(() => import('./pages/FirstAdminPage.tsx'), 'FirstAdminPage');

/** Public pages: opened without a session (the set-up link the server prints at its first start). */
export const setupRoutes: RouteObject[] = [
  { path: '/configuracao-inicial/:token', element: <FirstAdminPage /> },
];
