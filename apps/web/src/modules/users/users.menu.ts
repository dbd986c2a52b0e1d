import { menuPolicy } from '@intranet/contracts';
import type { MenuEntry } from '../../platform/module-manifest.ts';

/** The users module's menu entries (its manifest's second half: drawn only inside the signed-in frame). */
export const usersMenu: MenuEntry[] = [
  {
    place: 'gerenciar',
    order: 10,
    label: 'Usuários',
    to: '/setusers',
    icon: 'user-cog',
    testId: 'gerenciar-link',
    show: menuPolicy.showUsuarios,
  },
];
