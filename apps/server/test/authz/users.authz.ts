import { DEMO } from '../harness.ts';
import { csvText, USER_HEADER, userLine } from '../people-sheet.ts';
import { fileForm } from '../xlsx-buffer.ts';
import type { AuthzEntry, AuthzModule } from './index.ts';

const MISSING = 999_999;
/** Demo user ids follow DEMO_USERS: 1009 (Gestor Multas) is the ninth. */
const GESTOR_MULTAS_ID = 9;
const ADMIN_ID = 1;
/** A one-person sheet for the import's preview (it writes nothing). */
const sheetForm = () =>
  fileForm(Buffer.from(csvText([USER_HEADER, userLine(3901)])), 'usuarios.csv', 'text/csv');
/** An import id nobody previewed: the allowed caller is let through to "not found". */
const NO_IMPORT = '00000000-0000-4000-8000-000000000000';

/**
 * User administration (spec §6): the Usuarios permission (admin or role below 3) for the list,
 * creation, update, password reset and deletion; only an Administrador gives Administrador or
 * Gestor; a Gestor manages Usuário accounts only. Allowed calls target nothing another entry needs.
 */
const users: AuthzModule = {
  module: 'users',
  entries: [
    { method: 'GET', url: '/api/users', as: null, expect: 401 },
    { method: 'GET', url: '/api/users', query: { isAlter: '1' }, as: DEMO.juridico, expect: 403 },
    { method: 'GET', url: '/api/users', query: { isAlter: '1' }, as: DEMO.analistaRh, expect: 403 },
    { method: 'GET', url: '/api/users', query: { isAlter: '1' }, as: DEMO.gestorCompras, expect: 200 },
    { method: 'GET', url: '/api/users', query: { isAlter: '1' }, as: DEMO.admin, expect: 200 },
    {
      method: 'GET',
      url: '/api/users',
      query: { data: 'a' },
      as: DEMO.juridico,
      expect: 200,
      note: 'name directory for pickers',
    },

    { method: 'POST', url: '/api/users', as: null, expect: 401 },
    {
      method: 'POST',
      url: '/api/users',
      as: DEMO.juridico,
      payload: { nome: 'Teste', matricula: '3001', senha: 'senha123' },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/users',
      as: DEMO.gestorCompras,
      payload: { nome: 'Teste', matricula: '3001', senha: 'senha123', privilegio: 1 },
      expect: 403,
      note: 'a Gestor creating an Administrador',
    },
    {
      method: 'POST',
      url: '/api/users',
      as: DEMO.admin,
      payload: { nome: 'Teste Matriz', matricula: '3001', senha: 'senha123' },
      expect: 201,
    },

    { method: 'PUT', url: '/api/users', as: null, expect: 401 },
    {
      method: 'PUT',
      url: '/api/users',
      as: DEMO.analistaRh,
      payload: {
        userId: GESTOR_MULTAS_ID,
        setores: ['Gestão de Multas'],
        filiais: ['Maua'],
        privilegio: 2,
        suport: 1,
      },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/users',
      as: DEMO.gestorCompras,
      payload: {
        userId: ADMIN_ID,
        setores: ['Tecnologia de Informação'],
        filiais: ['Matriz', 'Maua'],
        privilegio: 1,
        suport: 1,
      },
      expect: 403,
      note: 'a Gestor does not manage an Administrador',
    },
    {
      method: 'PUT',
      url: '/api/users',
      as: DEMO.admin,
      payload: {
        userId: GESTOR_MULTAS_ID,
        setores: ['Gestão de Multas'],
        filiais: ['Maua'],
        privilegio: 2,
        suport: 1,
      },
      expect: 200,
      note: 'writes back the demo values',
    },

    { method: 'PUT', url: '/api/users/password', as: null, expect: 401 },
    {
      method: 'PUT',
      url: '/api/users/password',
      as: DEMO.juridico,
      payload: { userId: ADMIN_ID, senha: 'outra123' },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/users/password',
      as: DEMO.gestorCompras,
      payload: { userId: ADMIN_ID, senha: 'outra123' },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/users/password',
      as: DEMO.admin,
      payload: { userId: MISSING, senha: 'outra123' },
      expect: 404,
      proves: 'allowed',
    },

    { method: 'POST', url: '/api/dropUser', as: null, expect: 401 },
    {
      method: 'POST',
      url: '/api/dropUser',
      as: DEMO.juridico,
      payload: { userId: GESTOR_MULTAS_ID },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/dropUser',
      as: DEMO.gestorCompras,
      payload: { userId: ADMIN_ID },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/dropUser',
      as: DEMO.admin,
      payload: { userId: MISSING },
      expect: 404,
      proves: 'allowed',
    },

    // The users import is an Administrador's (canImportUsers); the export, whoever reads the list.
    { method: 'POST', url: '/api/users/import', as: null, payload: sheetForm, expect: 401 },
    { method: 'POST', url: '/api/users/import', as: DEMO.gestorCompras, payload: sheetForm, expect: 403 },
    { method: 'POST', url: '/api/users/import', as: DEMO.juridico, payload: sheetForm, expect: 403 },
    { method: 'POST', url: '/api/users/import', as: DEMO.admin, payload: sheetForm, expect: 200 },
    ...(
      [
        ['POST', `/api/users/import/${NO_IMPORT}/commit`],
        ['DELETE', `/api/users/import/${NO_IMPORT}`],
      ] as const
    ).flatMap(([method, url]): AuthzEntry[] => [
      { method, url, as: null, expect: 401 },
      { method, url, as: DEMO.gestorCompras, expect: 403 },
      { method, url, as: DEMO.admin, expect: 404, proves: 'allowed', note: 'let through; no such import' },
    ]),
    ...(['GET', 'HEAD'] as const).flatMap((method): AuthzEntry[] => [
      { method, url: '/api/users/export', as: null, expect: 401 },
      { method, url: '/api/users/export', as: DEMO.juridico, expect: 403 },
      { method, url: '/api/users/export', query: { data: 'Carlos' }, as: DEMO.gestorCompras, expect: 200 },
    ]),

    { method: 'GET', url: '/api/sectors', as: null, expect: 401 },
    { method: 'GET', url: '/api/sectors', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/sectors', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/branches', as: null, expect: 401 },
    { method: 'GET', url: '/api/branches', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/branches', as: DEMO.juridico, expect: 200 },
  ],
};

export default users;
