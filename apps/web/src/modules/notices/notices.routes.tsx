import type { RouteObject } from 'react-router';
import { InsertNoticesPage } from './pages/InsertNoticesPage.tsx';

export const noticesRoutes: RouteObject[] = [
  { path: '/InserirInformativos', element: <InsertNoticesPage /> },
];
