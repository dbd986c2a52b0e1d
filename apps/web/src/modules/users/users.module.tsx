import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const RegisterUserPage = lazyPage(() => import('./pages/RegisterUserPage.tsx'), 'RegisterUserPage');
const UsersPage = lazyPage(() => import('./pages/UsersPage.tsx'), 'UsersPage');

const routes: RouteObject[] = [
  { path: '/setusers', element: <UsersPage /> },
  { path: '/CadastrarUsuario', element: <RegisterUserPage /> },
];

export const usersModule: ModuleManifest = { routes };
