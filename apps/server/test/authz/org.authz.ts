import { DEMO } from '../harness.ts';
import type { AuthzEntry, AuthzModule } from './index.ts';

const MISSING = 999_999;
/** Everyone but an administrator is refused, whatever his role or sector (RH, Compras, support…). */
const NOT_ADMINS = [DEMO.gestorCompras, DEMO.analistaRh, DEMO.diretor, DEMO.suporteTi, DEMO.juridico];

function adminOnly(
  method: AuthzEntry['method'],
  url: string,
  payload: unknown,
  adminExpect: number,
): AuthzEntry[] {
  return [
    { method, url, as: null, payload, expect: 401 },
    ...NOT_ADMINS.map((as) => ({ method, url, as, payload, expect: 403 })),
    { method, url, as: DEMO.admin, payload, expect: adminExpect, proves: 'allowed' as const },
  ];
}

/** Sectors and branches (issue 34, decision 0114): every member reads them, administrators change them. */
const org: AuthzModule = {
  module: 'org',
  entries: [
    { method: 'GET', url: '/api/org', as: null, expect: 401 },
    { method: 'GET', url: '/api/org', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/org', as: DEMO.juridico, expect: 200 },
    ...adminOnly('POST', '/api/org/sectors', { name: 'Setor da matriz de permissões' }, 201),
    ...adminOnly('PUT', `/api/org/sectors/${MISSING}`, { name: 'Outro' }, 404),
    ...adminOnly('DELETE', `/api/org/sectors/${MISSING}`, undefined, 404),
    ...adminOnly('POST', '/api/org/branches', { label: 'Filial da matriz' }, 201),
    ...adminOnly('PUT', `/api/org/branches/${MISSING}`, { label: 'Outra' }, 404),
    ...adminOnly('DELETE', `/api/org/branches/${MISSING}`, undefined, 404),
  ],
};

export default org;
