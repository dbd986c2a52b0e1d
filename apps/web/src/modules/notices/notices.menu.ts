import { menuPolicy } from '@intranet/contracts';
import type { MenuEntry } from '../../platform/module-manifest.ts';

/** The notices module's menu entries (its manifest's second half: drawn only inside the signed-in frame). */
export const noticesMenu: MenuEntry[] = [
  {
    place: 'gerenciar',
    order: 20,
    label: 'Inserir Avisos',
    to: '/InserirInformativos',
    icon: 'speakerphone',
    testId: 'gerenciar-link',
    show: menuPolicy.showInserirAvisos,
  },
];
