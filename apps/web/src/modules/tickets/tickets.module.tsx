import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RequireChamadosAbertos } from './components/RequireChamadosAbertos.tsx';

const ChooseRequestPage = lazyPage(() => import('./pages/ChooseRequestPage.tsx'), 'ChooseRequestPage');
const MyCallsPage = lazyPage(() => import('./pages/MyCallsPage.tsx'), 'MyCallsPage');
const OpenCallPage = lazyPage(() => import('./pages/OpenCallPage.tsx'), 'OpenCallPage');
const OpenCallsPage = lazyPage(() => import('./pages/OpenCallsPage.tsx'), 'OpenCallsPage');

/** Paths match case-insensitively, so /AbrirChamado also serves /abrirchamado. */
const routes: RouteObject[] = [
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

export const ticketsModule: ModuleManifest = { routes };
