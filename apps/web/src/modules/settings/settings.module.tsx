import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const ApproversPage = lazyPage(() => import('./pages/ApproversPage.tsx'), 'ApproversPage');
const MailSettingsPage = lazyPage(() => import('./pages/MailSettingsPage.tsx'), 'MailSettingsPage');
const OrgPage = lazyPage(() => import('./pages/OrgPage.tsx'), 'OrgPage');

/** The company's setup on screens (issue 34, decisions 0115, 0116). */
const routes: RouteObject[] = [
  { path: '/aprovadores', element: <ApproversPage /> },
  { path: '/email', element: <MailSettingsPage /> },
  { path: '/setores', element: <OrgPage /> },
];

export const settingsModule: ModuleManifest = { routes };
