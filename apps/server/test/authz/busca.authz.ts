import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

/**
 * One search: every member searches what his own lists show (the policy gate is the only refusal;
 * each kind's own refusal is that it never appears: busca.routes.test.ts, busca.scope.test.ts).
 */
const busca: AuthzModule = {
  module: 'busca',
  entries: [
    { method: 'GET', url: '/api/busca?q=pneu', as: null, expect: 401 },
    { method: 'GET', url: '/api/busca?q=pneu', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/busca?q=pneu', as: DEMO.gestorCompras, expect: 200 },
  ],
};

export default busca;
