import type { RouteObject } from 'react-router';
import { RegisterUserPage } from './pages/RegisterUserPage.tsx';
import { UsersPage } from './pages/UsersPage.tsx';

export const usersRoutes: RouteObject[] = [
  { path: '/setusers', element: <UsersPage /> },
  { path: '/CadastrarUsuario', element: <RegisterUserPage /> },
];
