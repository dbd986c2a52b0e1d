import type { RouteObject } from 'react-router';
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
export const purchasesRoutes: RouteObject[] = [
  { path: '/openpurchrequest', element: <OpenPurchaseRequestPage /> },
  { path: '/requestopened', element: <PurchaseRequestsPage /> },
];
