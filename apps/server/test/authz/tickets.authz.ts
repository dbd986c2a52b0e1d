import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

// Demo call 1: João (1003, Operação) → Tecnologia de Informacao, status 0. Demo call 2: Luiz (1008) → RH.
const CALL_PAYLOAD = {
  problem: 'Internet',
  descript: 'Sem rede.',
  dep: 'Tecnologia de Informacao',
  filial: 'Matriz',
};

const tickets: AuthzModule = {
  module: 'tickets',
  entries: [
    { method: 'POST', url: '/api/insertCall', as: null, payload: CALL_PAYLOAD, expect: 401 },
    {
      method: 'POST',
      url: '/api/insertCall',
      as: DEMO.colaborador,
      payload: CALL_PAYLOAD,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'POST', url: '/api/insertCall', as: DEMO.juridico, payload: CALL_PAYLOAD, expect: 200 },

    { method: 'PUT', url: '/api/setCall', as: null, payload: { id: 1, status: 1 }, expect: 401 },
    {
      method: 'PUT',
      url: '/api/setCall',
      as: DEMO.juridico,
      payload: { id: 1, status: 1 },
      expect: 404,
      proves: 'refused',
      note: 'not his call: he may not see it',
    },
    {
      method: 'PUT',
      url: '/api/setCall',
      as: DEMO.analistaRh,
      payload: { id: 1, status: 1 },
      expect: 404,
      proves: 'refused',
      note: 'other department: she may not see it',
    },
    {
      method: 'PUT',
      url: '/api/setCall',
      as: DEMO.juridico,
      payload: { id: 8, status: 1 },
      expect: 403,
      note: 'his own call: he sees it but does not attend it',
    },
    { method: 'PUT', url: '/api/setCall', as: DEMO.suporteTi, payload: { id: 8, status: 1 }, expect: 200 },

    { method: 'GET', url: '/api/calls?scope=mine', as: null, expect: 401 },
    { method: 'GET', url: '/api/calls?scope=mine', as: DEMO.juridico, expect: 200 },
    {
      method: 'GET',
      url: '/api/calls?scope=open',
      as: DEMO.juridico,
      expect: 403,
      note: 'Chamados Abertos: admin or support',
    },
    { method: 'GET', url: '/api/calls?scope=open', as: DEMO.suporteTi, expect: 200 },

    { method: 'GET', url: '/api/calls/export?scope=mine', as: null, expect: 401 },
    { method: 'GET', url: '/api/calls/export?scope=open', as: DEMO.juridico, expect: 403 },
    { method: 'GET', url: '/api/calls/export?scope=open', as: DEMO.admin, expect: 200 },

    { method: 'HEAD', url: '/api/calls/export?scope=mine', as: null, expect: 401 },
    { method: 'HEAD', url: '/api/calls/export?scope=open', as: DEMO.juridico, expect: 403 },
    { method: 'HEAD', url: '/api/calls/export?scope=mine', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/getSingleCall?id=1', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/getSingleCall?id=1',
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
      note: 'not his call',
    },
    { method: 'GET', url: '/api/getSingleCall?id=1', as: DEMO.suporteTi, expect: 200 },

    { method: 'POST', url: '/api/calls/2/answers', as: null, payload: { msg: 'oi' }, expect: 401 },
    {
      method: 'POST',
      url: '/api/calls/2/answers',
      as: DEMO.suporteTi,
      payload: { msg: 'oi' },
      expect: 404,
      proves: 'refused',
      note: 'an RH call: TI support may not see it',
    },
    { method: 'POST', url: '/api/calls/2/answers', as: DEMO.juridico, payload: { msg: 'oi' }, expect: 200 },

    { method: 'POST', url: '/api/calls/6/materials', as: null, payload: { items: [] }, expect: 401 },
    {
      method: 'POST',
      url: '/api/calls/6/materials',
      as: DEMO.gestorMultas,
      payload: { items: [{ item_name: 'Prateleira', measure: 'unidades', qnt: 2 }] },
      expect: 403,
      note: 'the requester does not insert materials',
    },
    {
      method: 'POST',
      url: '/api/calls/6/materials',
      as: DEMO.admin,
      payload: { items: [{ item_name: 'Prateleira', measure: 'unidades', qnt: 2 }] },
      expect: 200,
      note: 'the attendant of call 6, at status 20',
    },

    { method: 'GET', url: '/api/getListMaterials?chamado_id=6', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/getListMaterials?chamado_id=6',
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
    },
    { method: 'GET', url: '/api/getListMaterials?chamado_id=6', as: DEMO.gestorMultas, expect: 200 },

    { method: 'HEAD', url: '/api/calls/1/attachments/1', as: null, expect: 401 },
    {
      method: 'HEAD',
      url: '/api/calls/1/attachments/1',
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
      note: 'not his call',
    },
    {
      method: 'HEAD',
      url: '/api/calls/1/attachments/1',
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'allowed',
      note: 'no such file',
    },
    { method: 'GET', url: '/api/calls/1/attachments/1', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/calls/1/attachments/1',
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
      note: 'not his call',
    },
    {
      method: 'GET',
      url: '/api/calls/1/attachments/1',
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'allowed',
      note: 'no such file',
    },
  ],
};

export default tickets;
