import { DEMO } from '../harness.ts';
import { multipart, TINY_PNG } from '../images.ts';
import type { AuthzModule } from './index.ts';

const MISSING = 999_999;
const noticeForm = () =>
  multipart({ text: 'Aviso do teste de autorização', position: 0 }, { bytes: TINY_PNG, name: 'a.png' });
const bannerForm = () => multipart({}, { bytes: TINY_PNG, name: 'banner.png' });

const notices: AuthzModule = {
  module: 'notices',
  entries: [
    // Home page content: every member who accepted the policy reads it.
    { method: 'GET', url: '/api/get-infoText', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/get-infoText',
      as: DEMO.colaborador,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'GET', url: '/api/get-infoText', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/get-infoText', as: DEMO.admin, expect: 200 },
    // Avisos (/avisos): every notice, paged, to every member who accepted the policy.
    { method: 'GET', url: '/api/notices', as: null, expect: 401 },
    { method: 'GET', url: '/api/notices', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/notices?pageSize=5', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/notices', as: DEMO.admin, expect: 200 },
    { method: 'GET', url: '/api/attach-banner', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/attach-banner',
      as: DEMO.colaborador,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'GET', url: '/api/attach-banner', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/attach-banner', as: DEMO.admin, expect: 200 },

    // Inserir Avisos (spec §6): support in Recursos Humanos or QSSMA, or admin.
    { method: 'POST', url: '/api/insert-Text', as: null, expect: 401 },
    {
      method: 'POST',
      url: '/api/insert-Text',
      as: DEMO.juridico,
      payload: noticeForm,
      expect: 403,
      note: 'RH without support',
    },
    {
      method: 'POST',
      url: '/api/insert-Text',
      as: DEMO.suporteTi,
      payload: noticeForm,
      expect: 403,
      note: 'support outside RH/QSSMA',
    },
    { method: 'POST', url: '/api/insert-Text', as: DEMO.analistaRh, payload: noticeForm, expect: 201 },
    { method: 'PUT', url: `/api/notices/${MISSING}`, as: null, expect: 401 },
    {
      method: 'PUT',
      url: `/api/notices/${MISSING}`,
      as: DEMO.gestorCompras,
      payload: noticeForm,
      expect: 403,
    },
    {
      method: 'PUT',
      url: `/api/notices/${MISSING}`,
      as: DEMO.admin,
      payload: noticeForm,
      expect: 404,
      proves: 'allowed',
    },
    { method: 'DELETE', url: '/api/deleteInfo', as: null, expect: 401 },
    {
      method: 'DELETE',
      url: '/api/deleteInfo',
      as: DEMO.juridico,
      payload: { itemId: MISSING },
      expect: 403,
    },
    {
      method: 'DELETE',
      url: '/api/deleteInfo',
      as: DEMO.analistaRh,
      payload: { itemId: MISSING },
      expect: 404,
      proves: 'allowed',
    },
    { method: 'POST', url: '/api/attach-banner', as: null, expect: 401 },
    { method: 'POST', url: '/api/attach-banner', as: DEMO.suporteTi, payload: bannerForm, expect: 403 },
    { method: 'POST', url: '/api/attach-banner', as: DEMO.admin, payload: bannerForm, expect: 201 },
    { method: 'DELETE', url: '/api/attach-banner', as: null, expect: 401 },
    {
      method: 'DELETE',
      url: '/api/attach-banner',
      as: DEMO.gestorCompras,
      payload: { id: MISSING },
      expect: 403,
    },
    {
      method: 'DELETE',
      url: '/api/attach-banner',
      as: DEMO.admin,
      payload: { id: MISSING },
      expect: 404,
      proves: 'allowed',
    },
  ],
};

export default notices;
