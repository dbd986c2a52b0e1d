import { menuPolicy } from '@intranet/contracts';
import type { MenuEntry } from '../../platform/module-manifest.ts';
import { DAY_SECONDS, FUNCTION_TYPE_COOKIE, type FunctionType, writeCookie } from '../../ui/cookies.ts';

/** Suporte › Solicitar / Consultar: remembers the choice for /chooserequest (spec §2). */
const remember = (type: FunctionType) => () => writeCookie(FUNCTION_TYPE_COOKIE, type, DAY_SECONDS);

/** The tickets module's menu entries (its manifest's second half: drawn only inside the signed-in frame). */
export const ticketsMenu: MenuEntry[] = [
  {
    place: 'suporte',
    order: 10,
    label: 'Solicitar',
    description: 'Chamados, compras e serviços',
    to: '/chooserequest',
    beforeOpen: remember('solicitar'),
    icon: 'send',
    testId: 'suporte-solicitar',
    show: menuPolicy.showSolicitar,
  },
  {
    place: 'suporte',
    order: 20,
    label: 'Consultar',
    description: 'Acompanhe suas solicitações',
    to: '/chooserequest',
    beforeOpen: remember('consultar'),
    icon: 'search',
    testId: 'suporte-consultar',
    show: menuPolicy.showConsultar,
  },
];
