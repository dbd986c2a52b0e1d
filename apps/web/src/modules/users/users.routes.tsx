import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const RegisterUserPage = lazyPage(() => import('./pages/RegisterUserPage.tsx'), 'RegisterUserPage');
const UsersPage = lazyPage(() => import('./pages/UsersPage.tsx'), 'UsersPage');

export const usersRoutes: RouteObject[] = [
  { path: '/setusers', element: <UsersPage /> },
  { path: '/CadastrarUsuario', element: <RegisterUserPage /> },
];
