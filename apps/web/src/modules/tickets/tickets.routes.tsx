import type { RouteObject } from 'react-router';
import { RequireChamadosAbertos } from '../../app/guards.tsx';
import { ChooseRequestPage } from './pages/ChooseRequestPage.tsx';
import { MyCallsPage } from './pages/MyCallsPage.tsx';
import { OpenCallPage } from './pages/OpenCallPage.tsx';
import { OpenCallsPage } from './pages/OpenCallsPage.tsx';

/** Paths match case-insensitively, so /AbrirChamado also serves /abrirchamado. */
export const ticketsRoutes: RouteObject[] = [
  { path: '/AbrirChamado', element: <OpenCallPage /> },
  { path: '/chooserequest', element: <ChooseRequestPage /> },
  { path: '/Calls', element: <MyCallsPage /> },
  {
    path: '/ChamadosAbertos',
    element: (
      <RequireChamadosAbertos>
        <OpenCallsPage />
      </RequireChamadosAbertos>
    ),
  },
];
