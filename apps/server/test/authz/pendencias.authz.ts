import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

/** Demo event 1 (seed/demo-calendar.ts): a meeting of the Compras manager, the fines manager invited. */
const SEEN = '/api/pendencias/convites/1/visto';

/**
 * Minhas pendências: every member reads his own (the policy gate is the only refusal); an
 * invitation is marked seen only by the person invited (404 to anyone else: not his to see).
 */
const pendencias: AuthzModule = {
  module: 'pendencias',
  entries: [
    { method: 'GET', url: '/api/pendencias', as: null, expect: 401 },
    { method: 'GET', url: '/api/pendencias', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/pendencias', as: DEMO.gestorCompras, expect: 200 },

    { method: 'GET', url: '/api/pendencias/count', as: null, expect: 401 },
    { method: 'GET', url: '/api/pendencias/count', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/pendencias/count', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/pendencias/stream', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/pendencias/stream',
      as: DEMO.colaborador,
      expect: 403,
      proves: 'policy-gate',
    },
    {
      method: 'GET',
      url: '/api/pendencias/stream',
      as: DEMO.suporteTi,
      expect: 200,
      note: 'an event stream (test/event-stream.ts): its headers answer, then the test closes it',
    },
    { method: 'HEAD', url: '/api/pendencias/stream', as: null, expect: 401 },
    {
      method: 'HEAD',
      url: '/api/pendencias/stream',
      as: DEMO.colaborador,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'HEAD', url: '/api/pendencias/stream', as: DEMO.suporteTi, expect: 200 },

    { method: 'POST', url: SEEN, as: null, expect: 401 },
    { method: 'POST', url: SEEN, as: DEMO.gestorMultas, expect: 200 },
    {
      method: 'POST',
      url: SEEN,
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'refused',
      note: 'not invited: no invitation of his to mark',
    },
  ],
};

export default pendencias;
