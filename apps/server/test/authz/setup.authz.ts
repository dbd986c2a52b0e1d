import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

const TOKEN = 'a'.repeat(43);
const FIRST = {
  matricula: '1',
  nome: 'Helena Prado Ribeiro',
  cpf: '529.982.247-25',
  email: 'helena.ribeiro@empresa.com.br',
  senha: 'primeira-senha',
};

/**
 * The set-up link (issue 34) is public: its token is the key. With the demo data an administrator
 * exists, so every link answers 404 to anyone, signed in or not (setup.routes.test.ts makes one).
 */
const setup: AuthzModule = {
  module: 'setup',
  entries: [
    { method: 'GET', url: `/api/setup/${TOKEN}`, as: null, expect: 404 },
    { method: 'GET', url: `/api/setup/${TOKEN}`, as: DEMO.admin, expect: 404, proves: 'refused' },
    { method: 'POST', url: `/api/setup/${TOKEN}`, as: null, payload: FIRST, expect: 404 },
    {
      method: 'POST',
      url: `/api/setup/${TOKEN}`,
      as: DEMO.colaborador,
      payload: FIRST,
      expect: 404,
      proves: 'refused',
    },
  ],
};

export default setup;
