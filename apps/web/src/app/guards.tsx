import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../platform/session.tsx';
import { lazyPage } from '../ui/lazy-page.ts';

const PolicyAcceptPage = lazyPage(
  () => import('../modules/policy/pages/PolicyAcceptPage.tsx'),
  'PolicyAcceptPage',
);

export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader size="lg" role="status" aria-label="Carregando" />
    </Center>
  );
}

/** Inside the layout, while a page's code arrives. */
export function PageLoader() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader role="status" aria-label="Carregando" />
    </Center>
  );
}

/** Loader while the session loads; /login without one; the policy screen until it is accepted. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token, user, isLoading, signedOut } = useSession();
  const location = useLocation();
  // After Sair or an inactivity logout the next sign-in starts at the home, not at the last page.
  if (!token) return <Navigate to="/login" replace state={signedOut ? null : { from: location.pathname }} />;
  if (isLoading || !user) return <FullPageLoader />;
  if (user.policyAccepted !== 1) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <PolicyAcceptPage />
      </Suspense>
    );
  }
  return children;
}
