import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const PolicyDocumentPage = lazyPage(() => import('./pages/PolicyDocumentPage.tsx'), 'PolicyDocumentPage');
const PolicyPage = lazyPage(() => import('./pages/PolicyPage.tsx'), 'PolicyPage');
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage');

const routes: RouteObject[] = [
  { path: '/politica-uso', element: <PolicyPage /> },
  { path: '/politica-uso-documento', element: <PolicyDocumentPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
];

export const policyModule: ModuleManifest = { routes };
