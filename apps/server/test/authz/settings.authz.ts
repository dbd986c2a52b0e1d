import { DEMO } from '../harness.ts';
import type { AuthzEntry, AuthzModule } from './index.ts';

/** The demo's own director stage (user ids follow the matrículas: 1006 → 6, 1009 → 9). */
const STAGE = { approverId: 6, substituteId: 9, from: null, to: null };
const MAIL = { itEmail: 'ti@rotasul.com.br', mailFrom: 'Intranet <intranet@rotasul.com.br>' };

/** Everyone but an administrator is refused, whatever his role (Gestor, RH, the director himself, support). */
const NOT_ADMINS = [DEMO.gestorCompras, DEMO.analistaRh, DEMO.diretor, DEMO.suporteTi, DEMO.juridico];

function adminOnly(method: AuthzEntry['method'], url: string, payload?: unknown): AuthzEntry[] {
  return [
    { method, url, as: null, payload, expect: 401 },
    ...NOT_ADMINS.map((as) => ({ method, url, as, payload, expect: 403 })),
    { method, url, as: DEMO.admin, payload, expect: 200 },
  ];
}

/** Aprovadores and E-mail (issue 34, decision 0115): administrators only. */
const settings: AuthzModule = {
  module: 'settings',
  entries: [
    ...adminOnly('GET', '/api/settings/approvers'),
    ...adminOnly('PUT', '/api/settings/approvers/diretor', STAGE),
    ...adminOnly('GET', '/api/settings/mail'),
    ...adminOnly('PUT', '/api/settings/mail', MAIL),
    ...adminOnly('POST', '/api/settings/mail/test'),
  ],
};

export default settings;
