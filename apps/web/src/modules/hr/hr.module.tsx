import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { useUser } from '../../platform/session.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RequireAccess } from '../../ui/RequireAccess.tsx';

const RhHomePage = lazyPage(() => import('./pages/RhHomePage.tsx'), 'RhHomePage');
const HiringFormPage = lazyPage(() => import('./pages/HiringFormPage.tsx'), 'HiringFormPage');
const DismissalFormPage = lazyPage(() => import('./pages/DismissalFormPage.tsx'), 'DismissalFormPage');
const MainScreamRhPage = lazyPage(() => import('./pages/HrRequestsPage.tsx'), 'MainScreamRhPage');
const RequesterScreamRhPage = lazyPage(() => import('./pages/HrRequestsPage.tsx'), 'RequesterScreamRhPage');
const EmployeesPage = lazyPage(() => import('./pages/EmployeesPage.tsx'), 'EmployeesPage');
const InsertEmployeePage = lazyPage(() => import('./pages/InsertEmployeePage.tsx'), 'InsertEmployeePage');

/** The hiring and dismissal forms: for who may send them (hr.policy.ts#canRequestHr, via the session). */
function RequireHrRequester({ children }: { children: ReactNode }) {
  return <RequireAccess allowed={useUser().screens.solicitarRh}>{children}</RequireAccess>;
}

/** Paths match case-insensitively: /rhHomeRequest also serves /RhHomeRequest, /setEmployees /setemployees. */
const routes: RouteObject[] = [
  { path: '/rhHomeRequest', element: <RhHomePage /> },
  {
    path: '/formHiring',
    element: (
      <RequireHrRequester>
        <HiringFormPage />
      </RequireHrRequester>
    ),
  },
  {
    path: '/formDismissal',
    element: (
      <RequireHrRequester>
        <DismissalFormPage />
      </RequireHrRequester>
    ),
  },
  { path: '/mainScreamRh', element: <MainScreamRhPage /> },
  { path: '/requesterScreamRh', element: <RequesterScreamRhPage /> },
  { path: '/setEmployees', element: <EmployeesPage /> },
  { path: '/forminsertemployee', element: <InsertEmployeePage /> },
];

export const hrModule: ModuleManifest = { routes };
