import { menuPolicy } from '@intranet/contracts';
import type { MenuEntry } from '../../platform/module-manifest.ts';

/** The hr module's menu entries (its manifest's second half: drawn only inside the signed-in frame). */
export const hrMenu: MenuEntry[] = [
  {
    place: 'gerenciar',
    order: 30,
    label: 'Gerenciar Funcionários',
    to: '/setEmployees',
    newTab: true,
    icon: 'users-group',
    testId: 'gerenciar-link',
    show: menuPolicy.showGerenciarFuncionarios,
  },
  {
    place: 'suporte',
    order: 40,
    label: 'Recursos Humanos',
    description: 'Solicitações ao RH',
    to: '/RhHomeRequest',
    icon: 'heart-handshake',
    testId: 'suporte-rh',
    show: menuPolicy.showRh,
  },
];
