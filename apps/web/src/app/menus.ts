import { hrMenu } from '../modules/hr/hr.menu.ts';
import { noticesMenu } from '../modules/notices/notices.menu.ts';
import { settingsMenu } from '../modules/settings/settings.menu.ts';
import { ticketsMenu } from '../modules/tickets/tickets.menu.ts';
import { usersMenu } from '../modules/users/users.menu.ts';
import type { MenuEntry } from '../platform/module-manifest.ts';

/**
 * The menu entries each module declares in `<module>.menu.ts` (decision 0110). Only the signed-in
 * frame (layout/AppLayout.tsx) imports this list, so the entries travel with its code and not with
 * the sign-in page's, which app/modules.ts feeds.
 */
export const MODULE_MENU: readonly MenuEntry[] = [
  ...ticketsMenu,
  ...usersMenu,
  ...noticesMenu,
  ...hrMenu,
  ...settingsMenu,
];
