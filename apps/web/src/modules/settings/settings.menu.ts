import { canManageCompanySettings, canManageOrg } from '@intranet/contracts';
import type { MenuEntry } from '../../platform/module-manifest.ts';

/** The setup screens' tiles (administrators only, by the rule the server applies). */
export const settingsMenu: MenuEntry[] = [
  {
    place: 'gerenciar',
    order: 60,
    label: 'Aprovadores',
    description: 'Aprovadores de RH e Compras e seus substitutos',
    to: '/aprovadores',
    icon: 'users-group',
    testId: 'aprovadores-link',
    show: canManageCompanySettings,
  },
  {
    place: 'gerenciar',
    order: 61,
    label: 'E-mail',
    description: 'E-mail da TI, remetente e e-mail de teste',
    to: '/email',
    icon: 'send',
    testId: 'email-settings-link',
    show: canManageCompanySettings,
  },
  {
    place: 'gerenciar',
    order: 62,
    label: 'Setores e filiais',
    description: 'Setores, suas funções nos fluxos e filiais',
    to: '/setores',
    icon: 'building',
    testId: 'org-settings-link',
    show: canManageOrg,
  },
];
