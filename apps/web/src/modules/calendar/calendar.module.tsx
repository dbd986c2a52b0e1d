import type { RouteObject } from 'react-router';
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

const CalendarPage = lazyPage(() => import('./pages/CalendarPage.tsx'), 'CalendarPage');
const UpcomingEventsPage = lazyPage(() => import('./pages/UpcomingEventsPage.tsx'), 'UpcomingEventsPage');

const routes: RouteObject[] = [
  { path: '/agendevents', element: <CalendarPage /> },
  // Notificações › Eventos (spec §2): the next events, read-only, for every member.
  { path: '/eventos', element: <UpcomingEventsPage /> },
];

export const calendarModule: ModuleManifest = { routes };
