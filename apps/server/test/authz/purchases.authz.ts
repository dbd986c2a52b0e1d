import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

/*
 * Demo purchases (seed/demo-purchases.ts): request N is at status N-1 for N = 1..11; 1 and 2 are
 * Luiz's (1008, RH), 3, 4 and 11 João's (1003, Operação), 12 Marcos's (1009, Gestão de Multas, status 0).
 * Quotes 1–2 are on request 3 (status 2), 3–4 on request 4 (status 3).
 */
const openForm = () => {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    typerequest: 'compra',
    descript: 'Grampeador',
    qnt: '1',
    justify: 'Novo ativo',
    justifyDescript: 'Mesa nova',
    filial: 'Matriz',
    priority: '3',
    link: 'https://loja.example/grampeador',
  }))
    f.append(k, v);
  return f;
};
const quoteForm = (extra: Record<string, string>) => () => {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    fornecedor: 'Loja',
    valor: '10.00',
    contato: 'https://loja.example',
    canalType: 'Online',
    ...extra,
  }))
    f.append(k, v);
  return f;
};
const insertQuote = quoteForm({ ticket: '3', prazoEntrega: '2026-12-01' });
const updateQuote = quoteForm({ quote_id: '1', req_id: '3', prazo: '2026-12-02' });

const purchases: AuthzModule = {
  module: 'purchases',
  entries: [
    { method: 'POST', url: '/api/purchases', as: null, payload: openForm, expect: 401 },
    {
      method: 'POST',
      url: '/api/purchases',
      as: DEMO.colaborador,
      payload: openForm,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'POST', url: '/api/purchases', as: DEMO.juridico, payload: openForm, expect: 200 },

    { method: 'GET', url: '/api/purchases?scope=received', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/purchases?scope=received',
      as: DEMO.juridico,
      expect: 403,
      note: 'the received list is for Compras, managers and directors',
    },
    { method: 'GET', url: '/api/purchases?scope=received', as: DEMO.gestorCompras, expect: 200 },
    { method: 'GET', url: '/api/purchases?scope=mine', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/purchases/export', as: null, expect: 401 },
    { method: 'GET', url: '/api/purchases/export', as: DEMO.juridico, expect: 403 },
    { method: 'GET', url: '/api/purchases/export', as: DEMO.gestorCompras, expect: 200 },
    { method: 'HEAD', url: '/api/purchases/export', as: null, expect: 401 },
    { method: 'HEAD', url: '/api/purchases/export', as: DEMO.juridico, expect: 403 },
    { method: 'HEAD', url: '/api/purchases/export?scope=mine', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/purchases/waiting', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/purchases/waiting',
      as: DEMO.juridico,
      expect: 403,
      note: 'only who may open the received list has approvals waiting',
    },
    { method: 'GET', url: '/api/purchases/waiting', as: DEMO.diretor, expect: 200 },

    { method: 'GET', url: '/api/purchases/users', as: null, expect: 401 },
    { method: 'GET', url: '/api/purchases/users', as: DEMO.juridico, expect: 403 },
    { method: 'GET', url: '/api/purchases/users', as: DEMO.gestorCompras, expect: 200 },

    { method: 'GET', url: '/api/purchases/9/pickers', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/purchases/9/pickers',
      as: DEMO.juridico,
      expect: 403,
      note: 'Quem retirou is for who handles the received requests',
    },
    { method: 'GET', url: '/api/purchases/9/pickers', as: DEMO.gestorCompras, expect: 200 },

    { method: 'GET', url: '/api/purchases/2', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/purchases/2',
      as: DEMO.gestorMultas,
      expect: 404,
      proves: 'refused',
      note: 'a request of RH: not his sector, not Compras',
    },
    { method: 'GET', url: '/api/purchases/2', as: DEMO.juridico, expect: 200, note: 'his own' },

    {
      method: 'POST',
      url: '/api/purchases/12/transition',
      as: null,
      payload: { action: 'analisar', from: 0 },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/purchases/12/transition',
      as: DEMO.juridico,
      payload: { action: 'analisar', from: 0 },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/purchases/12/transition',
      as: DEMO.gestorMultas,
      payload: { action: 'analisar', from: 0 },
      expect: 403,
      note: 'his own request: he sees it, only Compras analyses it',
    },
    {
      method: 'POST',
      url: '/api/purchases/12/transition',
      as: DEMO.gestorCompras,
      payload: { action: 'analisar', from: 0 },
      expect: 200,
    },

    { method: 'POST', url: '/api/purchases/4/quote', as: null, payload: { cotac_id: 4 }, expect: 401 },
    {
      method: 'POST',
      url: '/api/purchases/4/quote',
      as: DEMO.juridico,
      payload: { cotac_id: 4 },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/purchases/4/quote',
      as: DEMO.gestorCompras,
      payload: { cotac_id: 4 },
      expect: 200,
    },

    { method: 'POST', url: '/api/purchases/3/in-quote', as: null, payload: { inQuote: true }, expect: 401 },
    {
      method: 'POST',
      url: '/api/purchases/3/in-quote',
      as: DEMO.diretor,
      payload: { inQuote: true },
      expect: 403,
      note: 'he sees it (Operação manager) but is not of Compras',
    },
    {
      method: 'POST',
      url: '/api/purchases/3/in-quote',
      as: DEMO.gestorCompras,
      payload: { inQuote: true },
      expect: 200,
    },

    { method: 'POST', url: '/api/purchases/1/materials', as: null, payload: { descript: 'x' }, expect: 401 },
    {
      method: 'POST',
      url: '/api/purchases/1/materials',
      as: DEMO.juridico,
      payload: { descript: 'Prateleiras' },
      expect: 403,
      note: 'his own request: only Compras asks for a materials list',
    },
    {
      method: 'POST',
      url: '/api/purchases/1/materials',
      as: DEMO.gestorMultas,
      payload: { descript: 'Prateleiras' },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/purchases/1/materials',
      as: DEMO.gestorCompras,
      payload: { descript: 'Prateleiras' },
      expect: 200,
    },

    { method: 'GET', url: '/api/purchases/2/files/1', as: null, expect: 401 },
    { method: 'GET', url: '/api/purchases/2/files/1', as: DEMO.gestorMultas, expect: 404, proves: 'refused' },
    {
      method: 'GET',
      url: '/api/purchases/2/files/1',
      as: DEMO.juridico,
      expect: 404,
      proves: 'allowed',
      note: 'his request, which has no such file',
    },
    { method: 'HEAD', url: '/api/purchases/2/files/1', as: null, expect: 401 },
    {
      method: 'HEAD',
      url: '/api/purchases/2/files/1',
      as: DEMO.gestorMultas,
      expect: 404,
      proves: 'refused',
    },
    { method: 'HEAD', url: '/api/purchases/2/files/1', as: DEMO.juridico, expect: 404, proves: 'allowed' },

    { method: 'POST', url: '/api/dropRequest', as: null, payload: { params: { id: 1 } }, expect: 401 },
    {
      method: 'POST',
      url: '/api/dropRequest',
      as: DEMO.gestorCompras,
      payload: { params: { id: 1 } },
      expect: 403,
      note: 'only the requester cancels',
    },
    {
      method: 'POST',
      url: '/api/dropRequest',
      as: DEMO.juridico,
      payload: { params: { id: 1 } },
      expect: 200,
    },

    { method: 'GET', url: '/api/getQuote?ticket=4', as: null, expect: 401 },
    { method: 'GET', url: '/api/getQuote?ticket=4', as: DEMO.juridico, expect: 404, proves: 'refused' },
    { method: 'GET', url: '/api/getQuote?ticket=4', as: DEMO.gestorCompras, expect: 200 },

    { method: 'POST', url: '/api/insertCotacao', as: null, payload: insertQuote, expect: 401 },
    {
      method: 'POST',
      url: '/api/insertCotacao',
      as: DEMO.diretor,
      payload: insertQuote,
      expect: 403,
      note: 'quotes are Compras work',
    },
    { method: 'POST', url: '/api/insertCotacao', as: DEMO.gestorCompras, payload: insertQuote, expect: 200 },

    { method: 'POST', url: '/api/updateCotac', as: null, payload: updateQuote, expect: 401 },
    { method: 'POST', url: '/api/updateCotac', as: DEMO.diretor, payload: updateQuote, expect: 403 },
    { method: 'POST', url: '/api/updateCotac', as: DEMO.gestorCompras, payload: updateQuote, expect: 200 },

    { method: 'POST', url: '/api/dropCotac', as: null, payload: { quote_id: 2 }, expect: 401 },
    { method: 'POST', url: '/api/dropCotac', as: DEMO.diretor, payload: { quote_id: 2 }, expect: 403 },
    { method: 'POST', url: '/api/dropCotac', as: DEMO.gestorCompras, payload: { quote_id: 2 }, expect: 200 },

    { method: 'GET', url: '/api/comment_request?request_id=2', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/comment_request?request_id=2',
      as: DEMO.gestorMultas,
      expect: 404,
      proves: 'refused',
    },
    { method: 'GET', url: '/api/comment_request?request_id=2', as: DEMO.juridico, expect: 200 },

    {
      method: 'POST',
      url: '/api/purchases/2/comments',
      as: null,
      payload: { stage: 1, text: '<p>oi</p>' },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/purchases/2/comments',
      as: DEMO.gestorMultas,
      payload: { stage: 1, text: '<p>oi</p>' },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/purchases/2/comments',
      as: DEMO.juridico,
      payload: { stage: 1, text: '<p>oi</p>' },
      expect: 200,
    },
  ],
};

export default purchases;
