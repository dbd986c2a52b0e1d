import { appsModule } from '../modules/apps/apps.module.tsx';
import { calendarModule } from '../modules/calendar/calendar.module.tsx';
import { finesModule } from '../modules/fines/fines.module.tsx';
import { foldersModule } from '../modules/folders/folders.module.tsx';
import { homeModule } from '../modules/home/home.module.tsx';
import { hrModule } from '../modules/hr/hr.module.tsx';
import { noticesModule } from '../modules/notices/notices.module.tsx';
import { operationsModule } from '../modules/operations/operations.module.tsx';
import { pendenciasModule } from '../modules/pendencias/pendencias.module.tsx';
import { policyModule } from '../modules/policy/policy.module.tsx';
import { profileModule } from '../modules/profile/profile.module.tsx';
import { purchasesModule } from '../modules/purchases/purchases.module.tsx';
import { sectorsModule } from '../modules/sectors/sectors.module.tsx';
import { settingsModule } from '../modules/settings/settings.module.tsx';
import { setupModule } from '../modules/setup/setup.module.tsx';
import { ticketsModule } from '../modules/tickets/tickets.module.tsx';
import { usersModule } from '../modules/users/users.module.tsx';
import type { ModuleManifest } from '../platform/module-manifest.ts';

/**
 * Every module of the web, each declaring its screens in `<module>.module.tsx` (decision 0110); its
 * menu entries are listed in app/menus.ts. The sign-in page is the app's own (router.tsx).
 */
export const MODULES: readonly ModuleManifest[] = [
  homeModule,
  pendenciasModule,
  ticketsModule,
  usersModule,
  noticesModule,
  appsModule,
  foldersModule,
  calendarModule,
  operationsModule,
  purchasesModule,
  finesModule,
  hrModule,
  profileModule,
  policyModule,
  settingsModule,
  sectorsModule,
  setupModule,
];
