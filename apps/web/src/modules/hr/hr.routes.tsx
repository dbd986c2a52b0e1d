import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const RhHomePage = lazyPage(() => import('./pages/RhHomePage.tsx'), 'RhHomePage');
const HiringFormPage = lazyPage(() => import('./pages/HiringFormPage.tsx'), 'HiringFormPage');
const DismissalFormPage = lazyPage(() => import('./pages/DismissalFormPage.tsx'), 'DismissalFormPage');
const MainScreamRhPage = lazyPage(() => import('./pages/HrRequestsPage.tsx'), 'MainScreamRhPage');
const RequesterScreamRhPage = lazyPage(() => import('./pages/HrRequestsPage.tsx'), 'RequesterScreamRhPage');
const EmployeesPage = lazyPage(() => import('./pages/EmployeesPage.tsx'), 'EmployeesPage');
const InsertEmployeePage = lazyPage(() => import('./pages/InsertEmployeePage.tsx'), 'InsertEmployeePage');

/** Paths match case-insensitively: /rhHomeRequest also serves /RhHomeRequest, /setEmployees /setemployees. */
export const hrRoutes: RouteObject[] = [
  { path: '/rhHomeRequest', element: <RhHomePage /> },
  { path: '/formHiring', element: <HiringFormPage /> },
  { path: '/formDismissal', element: <DismissalFormPage /> },
  { path: '/mainScreamRh', element: <MainScreamRhPage /> },
  { path: '/requesterScreamRh', element: <RequesterScreamRhPage /> },
  { path: '/setEmployees', element: <EmployeesPage /> },
  { path: '/forminsertemployee', element: <InsertEmployeePage /> },
];
