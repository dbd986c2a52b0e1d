import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const ApproversPage = lazyPage(() => import('./pages/ApproversPage.tsx'), 'ApproversPage');
const MailSettingsPage = lazyPage(() => import('./pages/MailSettingsPage.tsx'), 'MailSettingsPage');

/** The company's setup on screens (issue 34, decision 0115). */
const routes: RouteObject[] = [
  { path: '/aprovadores', element: <ApproversPage /> },
  { path: '/email', element: <MailSettingsPage /> },
];

export const settingsModule: ModuleManifest = { routes };
