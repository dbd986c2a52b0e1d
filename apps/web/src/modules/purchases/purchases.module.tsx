import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const OpenPurchaseRequestPage = lazyPage(
  () => import('./pages/OpenPurchaseRequestPage.tsx'),
  'OpenPurchaseRequestPage',
);
const PurchaseRequestsPage = lazyPage(
  () => import('./pages/PurchaseRequestsPage.tsx'),
  'PurchaseRequestsPage',
);

/** Paths match case-insensitively, so /requestOpened (the Compras card) serves too. */
const routes: RouteObject[] = [
  { path: '/openpurchrequest', element: <OpenPurchaseRequestPage /> },
  { path: '/requestopened', element: <PurchaseRequestsPage /> },
];

export const purchasesModule: ModuleManifest = { routes };
