import { DEMO } from '../harness.ts';
import { multipart, TINY_PNG } from '../images.ts';
import type { AuthzModule } from './index.ts';

const MISSING = 999_999;
const appForm = () =>
  multipart(
    { name: 'Portal RH', address: 'https://rh.rotasul.com.br', setores: '["Recursos Humanos"]' },
    { bytes: TINY_PNG, name: 'rh.png' },
  );

/** Applications: every member lists the apps of its sectors; only administrators change them. */
const apps: AuthzModule = {
  module: 'apps',
  entries: [
    { method: 'GET', url: '/api/apps', as: null, expect: 401 },
    { method: 'GET', url: '/api/apps', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/apps', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/apps', as: DEMO.admin, expect: 200 },

    { method: 'POST', url: '/api/apps', as: null, expect: 401 },
    { method: 'POST', url: '/api/apps', as: DEMO.gestorCompras, payload: appForm, expect: 403 },
    { method: 'POST', url: '/api/apps', as: DEMO.juridico, payload: appForm, expect: 403 },
    { method: 'POST', url: '/api/apps', as: DEMO.admin, payload: appForm, expect: 201 },

    { method: 'PUT', url: `/api/apps/${MISSING}`, as: null, expect: 401 },
    { method: 'PUT', url: `/api/apps/${MISSING}`, as: DEMO.gestorCompras, payload: appForm, expect: 403 },
    {
      method: 'PUT',
      url: `/api/apps/${MISSING}`,
      as: DEMO.admin,
      payload: appForm,
      expect: 404,
      proves: 'allowed',
    },

    { method: 'PUT', url: `/api/apps/${MISSING}/sectors`, as: null, expect: 401 },
    {
      method: 'PUT',
      url: `/api/apps/${MISSING}/sectors`,
      as: DEMO.analistaRh,
      payload: { setores: [] },
      expect: 403,
    },
    {
      method: 'PUT',
      url: `/api/apps/${MISSING}/sectors`,
      as: DEMO.admin,
      payload: { setores: [] },
      expect: 404,
      proves: 'allowed',
    },

    { method: 'DELETE', url: `/api/apps/${MISSING}`, as: null, expect: 401 },
    { method: 'DELETE', url: `/api/apps/${MISSING}`, as: DEMO.juridico, expect: 403 },
    { method: 'DELETE', url: `/api/apps/${MISSING}`, as: DEMO.admin, expect: 404, proves: 'allowed' },
  ],
};

export default apps;
