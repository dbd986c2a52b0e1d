import { OPERATION_UPLOAD_PATH } from '@intranet/contracts';
import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const CREATE = {
  ...TUS,
  'upload-length': '100',
  // ot 700100, slot 1
  'upload-metadata': `ot ${Buffer.from('700100').toString('base64')},slot ${Buffer.from('1').toString('base64')}`,
};
/** No such upload (ids are random): whose upload it is, and the refusal of another's, are in operations.routes.test.ts. */
const UNKNOWN_UPLOAD = `${OPERATION_UPLOAD_PATH}/${'0'.repeat(32)}`;
const UNKNOWN_FILE = '/api/operation/files/00000000-0000-0000-0000-000000000000.mp4';

/**
 * Inserir Anexos and one OT's files: every member (the policy gate is their only refusal);
 * Gerenciar Anexos (the OT list): Administrador or gestor.
 */
const operations: AuthzModule = {
  module: 'operations',
  entries: [
    { method: 'GET', url: '/api/operation?ot=123456', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/operation?ot=123456',
      as: DEMO.colaborador,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'GET', url: '/api/operation?ot=123456', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/operation/ots', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/operation/ots',
      as: DEMO.juridico,
      expect: 403,
      note: 'Gerenciar Anexos: Administrador or gestor',
    },
    { method: 'GET', url: '/api/operation/ots', as: DEMO.gestorCompras, expect: 200 },
    { method: 'GET', url: '/api/operation/ots', as: DEMO.admin, expect: 200 },

    { method: 'GET', url: UNKNOWN_FILE, as: null, expect: 401 },
    { method: 'GET', url: UNKNOWN_FILE, as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    {
      method: 'GET',
      url: UNKNOWN_FILE,
      as: DEMO.juridico,
      expect: 404,
      proves: 'allowed',
      note: 'no such file',
    },
    { method: 'HEAD', url: UNKNOWN_FILE, as: null, expect: 401 },
    { method: 'HEAD', url: UNKNOWN_FILE, as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    {
      method: 'HEAD',
      url: UNKNOWN_FILE,
      as: DEMO.juridico,
      expect: 404,
      proves: 'allowed',
      note: 'no such file',
    },

    { method: 'POST', url: OPERATION_UPLOAD_PATH, as: null, headers: CREATE, expect: 401 },
    {
      method: 'POST',
      url: OPERATION_UPLOAD_PATH,
      as: DEMO.colaborador,
      headers: CREATE,
      expect: 403,
      proves: 'policy-gate',
    },
    { method: 'POST', url: OPERATION_UPLOAD_PATH, as: DEMO.juridico, headers: CREATE, expect: 201 },

    ...(['PATCH', 'DELETE'] as const).flatMap((method) => [
      { method, url: UNKNOWN_UPLOAD, as: null, headers: TUS, expect: 401 },
      {
        method,
        url: UNKNOWN_UPLOAD,
        as: DEMO.colaborador,
        headers: TUS,
        expect: 403,
        proves: 'policy-gate' as const,
      },
      {
        method,
        url: UNKNOWN_UPLOAD,
        as: DEMO.juridico,
        headers: TUS,
        expect: 404,
        proves: 'allowed' as const,
        note: 'no such upload of his',
      },
    ]),
  ],
};

export default operations;
