import type { RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';

const CalendarPage = lazyPage(() => import('./pages/CalendarPage.tsx'), 'CalendarPage');
const UpcomingEventsPage = lazyPage(() => import('./pages/UpcomingEventsPage.tsx'), 'UpcomingEventsPage');

export const calendarRoutes: RouteObject[] = [
  { path: '/agendevents', element: <CalendarPage /> },
  // Notificações › Eventos (spec §2): the next events, read-only, for every member.
  { path: '/eventos', element: <UpcomingEventsPage /> },
];
