import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { tokenStore } from '../api/client.ts';
import { appsRoutes } from '../modules/apps/apps.routes.tsx';
import { afterLoginPath } from '../modules/auth/login-redirect.ts';
import { LoginPage } from '../modules/auth/pages/LoginPage.tsx';
import { calendarRoutes } from '../modules/calendar/calendar.routes.tsx';
import { finesRoutes } from '../modules/fines/fines.routes.tsx';
import { foldersRoutes } from '../modules/folders/folders.routes.tsx';
import { hrRoutes } from '../modules/hr/hr.routes.tsx';
import { noticesRoutes } from '../modules/notices/notices.routes.tsx';
import { operationsRoutes } from '../modules/operations/operations.routes.tsx';
import { purchasesRoutes } from '../modules/purchases/purchases.routes.tsx';
import { setupRoutes } from '../modules/setup/setup.routes.tsx';
import { ticketsRoutes } from '../modules/tickets/tickets.routes.tsx';
import { usersRoutes } from '../modules/users/users.routes.tsx';
import { useSession } from '../platform/session.tsx';
import { lazyPage } from '../ui/lazy-page.ts';
import { FullPageLoader, PageLoader, RequireSession } from './guards.tsx';
import { RouteError } from './RouteError.tsx';
import { preloadRoute } from './route-preload.ts';

// The entry chunk carries the sign-in page and what it needs, nothing more: every other screen, the
// signed-in frame included, is a chunk of its own (decision 0016).
const loadLayout = () => import('./layout/AppLayout.tsx');
const AppLayout = lazy(async () => ({ default: (await loadLayout()).AppLayout }));
const HomePage = lazyPage(() => import('../modules/home/pages/HomePage.tsx'), 'HomePage');
const PolicyDocumentPage = lazyPage(
  () => import('../modules/policy/pages/PolicyDocumentPage.tsx'),
  'PolicyDocumentPage',
);
const PolicyPage = lazyPage(() => import('../modules/policy/pages/PolicyPage.tsx'), 'PolicyPage');
const ChangePasswordPage = lazyPage(
  () => import('../modules/profile/pages/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
const ProfilePage = lazyPage(() => import('../modules/profile/pages/ProfilePage.tsx'), 'ProfilePage');
const SectorOrNotFound = lazyPage(
  () => import('../modules/sectors/pages/SectorOrNotFound.tsx'),
  'SectorOrNotFound',
);
const PrivacyPolicyPage = lazyPage(
  () => import('../modules/policy/pages/PrivacyPolicyPage.tsx'),
  'PrivacyPolicyPage',
);

function LoginRoute() {
  const { token } = useSession();
  const location = useLocation();
  return token ? (
    <Navigate to={afterLoginPath(location.state)} replace />
  ) : (
    <LoginPage onSending={(target) => preloadRoute(routes, target, loadLayout)} />
  );
}

/** Each module exports its own routes (`modules/<module>/<module>.routes.tsx`) and is listed here. */
const moduleRoutes: RouteObject[] = [
  ...ticketsRoutes,
  ...usersRoutes,
  ...noticesRoutes,
  ...appsRoutes,
  ...foldersRoutes,
  ...calendarRoutes,
  ...operationsRoutes,
  ...purchasesRoutes,
  ...finesRoutes,
  ...hrRoutes,
];

const protectedRoutes: RouteObject[] = [
  ...moduleRoutes,
  { index: true, element: <HomePage /> },
  { path: '/perfil', element: <ProfilePage /> },
  { path: '/ChangePass', element: <ChangePasswordPage /> },
  { path: '/politica-uso', element: <PolicyPage /> },
  { path: '/politica-uso-documento', element: <PolicyDocumentPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  // Sector pages have spaces and accents in their paths (spec §2); unknown paths get the 404 page.
  { path: '*', element: <SectorOrNotFound /> },
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute />, errorElement: <RouteError fullPage /> },
  // Public pages, opened without a session: each waits for its code on the full-page loader.
  {
    element: (
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError fullPage />,
    children: setupRoutes,
  },
  {
    element: (
      <RequireSession>
        <Suspense fallback={<FullPageLoader />}>
          <AppLayout>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </AppLayout>
        </Suspense>
      </RequireSession>
    ),
    errorElement: <RouteError fullPage />,
    // A page that fails shows its error inside the frame; parts of pages have their own boundaries
    // (ui/PartErrorBoundary.tsx), so one failed dialog never takes the page with it.
    children: [{ errorElement: <RouteError />, children: protectedRoutes }],
  },
];

// A signed-in visit fetches the frame's and the page's code while the session is asked (route-preload.ts).
if (tokenStore.get()) preloadRoute(routes, window.location.pathname, loadLayout);

export const router = createBrowserRouter(routes);
