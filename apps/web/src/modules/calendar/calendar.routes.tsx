import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const CalendarPage = lazyPage(() => import('./pages/CalendarPage.tsx'), 'CalendarPage');

export const calendarRoutes: RouteObject[] = [{ path: '/agendevents', element: <CalendarPage /> }];
