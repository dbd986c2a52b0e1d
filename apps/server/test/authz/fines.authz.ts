import { DEMO } from '../harness.ts';
import { fileForm, xlsxBuffer } from '../xlsx-buffer.ts';
import type { AuthzEntry, AuthzModule } from './index.ts';

/**
 * Fines are Gestão de Multas' and the administrators' (fines.policy.ts): 1009 (Gestão de Multas)
 * and 1001 (admin) are let in, 1002 (Gestor de Compras) and 1004 (support of TI) are refused on
 * every route. Demo fine 1 is S000000001 (seed/demo-fines.ts).
 */
const NEW_FINE = {
  NUMERO_AUTO: 'AUTHZ-0001',
  DATA_INFRACAO: '2024-05-10',
  ORGAO_AUTUADOR: 'PRF',
  UNIDADE: 'Camaçari',
  PLACA: 'ABC1D23',
  TRANSP: 'Translog Transportes Ltda',
  STATUS_MULTA: 'Penalidade',
  VALOR_TOTAL_MULTA: 195.23,
};

/** A one-fine spreadsheet for the import preview (it writes nothing). */
const SHEET = await xlsxBuffer([Object.keys(NEW_FINE), Object.values(NEW_FINE)]);
const sheetForm = () => fileForm(SHEET, 'multas.xlsx');
/** An import id nobody previewed: the allowed caller is let through to "not found". */
const NO_IMPORT = '00000000-0000-4000-8000-000000000000';

const reads: [string, string][] = [
  ['GET', '/api/managerFines?id=1'],
  ['GET', '/api/fines?pageSize=5'],
  ['GET', '/api/fines/options'],
  ['GET', '/api/fines/aggregates?responsible=braskem'],
  ['GET', '/api/fines/export?responsible=braskem'],
  ['HEAD', '/api/fines/export?responsible=braskem'],
  ['GET', '/api/fines/bm?year=2024&month=3'],
  ['GET', '/api/fines/bm/export?year=2024&month=3'],
  ['HEAD', '/api/fines/bm/export?year=2024&month=3'],
];

const readEntries: AuthzEntry[] = reads.flatMap(([method, url]) => [
  { method: method as AuthzEntry['method'], url, as: null, expect: 401 },
  { method: method as AuthzEntry['method'], url, as: DEMO.gestorMultas, expect: 200 },
  { method: method as AuthzEntry['method'], url, as: DEMO.gestorCompras, expect: 403 },
]);

const fines: AuthzModule = {
  module: 'fines',
  entries: [
    ...readEntries,
    { method: 'GET', url: '/api/fines/aggregates', as: DEMO.admin, expect: 200 },
    { method: 'GET', url: '/api/fines?pageSize=5', as: DEMO.suporteTi, expect: 403 },

    {
      method: 'PUT',
      url: '/api/managerFines',
      as: null,
      payload: { id: 1, SENTIDO: 'Crescente' },
      expect: 401,
    },
    {
      method: 'PUT',
      url: '/api/managerFines',
      as: DEMO.gestorCompras,
      payload: { id: 1, SENTIDO: 'Crescente' },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/managerFines',
      as: DEMO.gestorMultas,
      payload: { id: 1, OT: '3000001' },
      expect: 200,
    },
    {
      method: 'PUT',
      url: '/api/managerFines',
      as: DEMO.admin,
      payload: { id: 999999, OT: '1' },
      expect: 404,
      proves: 'allowed',
      note: 'let through; no such fine',
    },

    { method: 'POST', url: '/api/fines', as: null, payload: NEW_FINE, expect: 401 },
    { method: 'POST', url: '/api/fines', as: DEMO.gestorCompras, payload: NEW_FINE, expect: 403 },
    { method: 'POST', url: '/api/fines', as: DEMO.gestorMultas, payload: NEW_FINE, expect: 201 },

    { method: 'POST', url: '/api/fines/import', as: null, payload: sheetForm, expect: 401 },
    { method: 'POST', url: '/api/fines/import', as: DEMO.gestorCompras, payload: sheetForm, expect: 403 },
    { method: 'POST', url: '/api/fines/import', as: DEMO.suporteTi, payload: sheetForm, expect: 403 },
    { method: 'POST', url: '/api/fines/import', as: DEMO.gestorMultas, payload: sheetForm, expect: 200 },
    // The reading of an upload (/preview) as well. Its uploader only: another member of the
    // audience, even an admin, finds nothing (fines.import.test.ts, 'only its uploader follows it').
    ...(['POST', 'GET', 'DELETE', 'GET preview'] as const).flatMap((kind): AuthzEntry[] => {
      const method = kind === 'GET preview' ? 'GET' : kind;
      const url =
        kind === 'POST'
          ? `/api/fines/import/${NO_IMPORT}/commit`
          : kind === 'GET preview'
            ? `/api/fines/import/${NO_IMPORT}/preview`
            : `/api/fines/import/${NO_IMPORT}`;
      return [
        { method, url, as: null, expect: 401 },
        { method, url, as: DEMO.gestorCompras, expect: 403 },
        {
          method,
          url,
          as: DEMO.gestorMultas,
          expect: 404,
          proves: 'allowed',
          note: 'let through; no such import',
        },
      ];
    }),
  ],
};

export default fines;
