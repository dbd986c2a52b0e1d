import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const ChangePasswordPage = lazyPage(() => import('./pages/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const ProfilePage = lazyPage(() => import('./pages/ProfilePage.tsx'), 'ProfilePage');

const routes: RouteObject[] = [
  { path: '/perfil', element: <ProfilePage /> },
  { path: '/ChangePass', element: <ChangePasswordPage /> },
];

export const profileModule: ModuleManifest = { routes };
