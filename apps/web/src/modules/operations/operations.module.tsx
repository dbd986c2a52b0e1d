import { canManageAttachments } from '@intranet/contracts';
import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { useUser } from '../../platform/session.tsx';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RequireAccess } from '../../ui/RequireAccess.tsx';

const OperationsHomePage = lazyPage(() => import('./pages/OperationsHomePage.tsx'), 'OperationsHomePage');
const UploadAttachmentsPage = lazyPage(
  () => import('./pages/UploadAttachmentsPage.tsx'),
  'UploadAttachmentsPage',
);
const AttachmentsBrowserPage = lazyPage(
  () => import('./pages/AttachmentsBrowserPage.tsx'),
  'AttachmentsBrowserPage',
);

/** Gerenciar Anexos: Administrador or gestor; the route itself is guarded too (issue 13). */
function RequireManageAttachments() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageAttachments(user)}>
      <AttachmentsBrowserPage />
    </RequireAccess>
  );
}

const routes: RouteObject[] = [
  { path: '/homeAnexoOperacao', element: <OperationsHomePage /> },
  { path: '/homeAnexoOperacao/anexosOperacao', element: <UploadAttachmentsPage /> },
  { path: '/homeAnexoOperacao/listanexosoperacao', element: <RequireManageAttachments /> },
];

export const operationsModule: ModuleManifest = { routes };
