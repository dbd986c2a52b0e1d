import { canManageFines } from '@intranet/contracts';
import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { useSession } from '../../platform/session.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RequireAccess } from '../../ui/RequireAccess.tsx';

const ManagerFinesPage = lazyPage(() => import('./pages/ManagerFinesPage.tsx'), 'ManagerFinesPage');

/** Gestão de Multas members and administrators (fines.policy.ts); others get the spec §2 alert. */
function FinesGate() {
  const { user } = useSession();
  return (
    <RequireAccess allowed={user ? canManageFines(user) : false}>
      <ManagerFinesPage />
    </RequireAccess>
  );
}

const routes: RouteObject[] = [{ path: '/managerFines', element: <FinesGate /> }];

export const finesModule: ModuleManifest = { routes };
