import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { tokenStore } from '../api/client.ts';
import { afterLoginPath } from '../modules/auth/login-redirect.ts';
import { LoginPage } from '../modules/auth/pages/LoginPage.tsx';
import { useSession } from '../platform/session.tsx';
import { FullPageLoader, PageLoader, RequireSession } from './guards.tsx';
import { MODULES } from './modules.ts';
import { RouteError } from './RouteError.tsx';
import { preloadRoute } from './route-preload.ts';

// The entry chunk carries the sign-in page and what it needs, nothing more: every other screen, the
// signed-in frame included, is a chunk of its own (decision 0016).
const loadLayout = () => import('./layout/AppLayout.tsx');
const AppLayout = lazy(async () => ({ default: (await loadLayout()).AppLayout }));

function LoginRoute() {
  const { token } = useSession();
  const location = useLocation();
  return token ? (
    <Navigate to={afterLoginPath(location.state)} replace />
  ) : (
    <LoginPage onSending={(target) => preloadRoute(routes, target, loadLayout)} />
  );
}

/** The screens each module declares in its manifest (app/modules.ts). */
const protectedRoutes: RouteObject[] = MODULES.flatMap((m) => m.routes ?? []);
const publicRoutes: RouteObject[] = MODULES.flatMap((m) => m.publicRoutes ?? []);

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
    children: publicRoutes,
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
