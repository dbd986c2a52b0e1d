import { DEMO } from '../harness.ts';
import { multipart } from '../images.ts';
import type { AuthzModule } from './index.ts';

const UNKNOWN_FILE = '00000000-0000-0000-0000-000000000000.txt';
const textFile = (selectedFolderId: number) => () =>
  multipart({ selectedFolderId }, { bytes: Buffer.from('x'), name: 'a.txt', type: 'text/plain' });

/**
 * Folder visibility itself (owner, roles, shares, privileges) is covered by the matrix in
 * modules/folders/folders.routes.test.ts; these lines pin one decision per route on the system
 * folders (1 root, 2 Pasta Pública), which every database has.
 */
const folders: AuthzModule = {
  module: 'folders',
  entries: [
    { method: 'GET', url: '/api/get-items', as: null, expect: 401 },
    { method: 'GET', url: '/api/get-items', as: DEMO.colaborador, expect: 403, note: 'policy not accepted' },
    { method: 'GET', url: '/api/get-items?selectID=2', as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: '/api/get-items?selectID=999999', as: DEMO.admin, expect: 404 },

    { method: 'POST', url: '/api/files', as: null, payload: textFile(3), expect: 401 },
    {
      method: 'POST',
      url: '/api/files',
      as: DEMO.admin,
      payload: textFile(2),
      expect: 403,
      note: 'Pasta Pública',
    },
    { method: 'POST', url: '/api/files', as: DEMO.juridico, payload: textFile(1), expect: 400, note: 'root' },

    {
      method: 'POST',
      url: '/api/create-folder',
      as: null,
      payload: { folderName: 'X', parentFolderId: 1 },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/create-folder',
      as: DEMO.juridico,
      payload: { folderName: 'X', parentFolderId: 2 },
      expect: 403,
      note: 'Pasta Pública takes folders from managers only',
    },
    {
      method: 'POST',
      url: '/api/create-folder',
      as: DEMO.diretor,
      payload: { folderName: 'Matriz de acesso', parentFolderId: 2 },
      expect: 200,
    },

    {
      method: 'POST',
      url: '/api/renameFolder',
      as: null,
      payload: { itemId: 2, itemName: 'X' },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/renameFolder',
      as: DEMO.admin,
      payload: { itemId: 2, itemName: 'X' },
      expect: 403,
    },
    { method: 'POST', url: '/api/renameFile', as: null, payload: { itemId: 1, itemName: 'X' }, expect: 401 },
    {
      method: 'POST',
      url: '/api/renameFile',
      as: DEMO.juridico,
      payload: { itemId: 999999, itemName: 'X' },
      expect: 404,
    },

    { method: 'DELETE', url: '/api/dropItem', as: null, payload: { id: 2, tipo: 'folder' }, expect: 401 },
    {
      method: 'DELETE',
      url: '/api/dropItem',
      as: DEMO.admin,
      payload: { id: 1, tipo: 'folder' },
      expect: 403,
    },

    { method: 'GET', url: '/api/folders/2/summary', as: null, expect: 401 },
    { method: 'GET', url: '/api/folders/2/summary', as: DEMO.juridico, expect: 200 },

    {
      method: 'POST',
      url: '/api/check-folder-existence',
      as: null,
      payload: { parentFolderId: 1, folderName: 'X' },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/check-folder-existence',
      as: DEMO.juridico,
      payload: { parentFolderId: 1, folderName: 'Pasta Pública', type: 'folder' },
      expect: 200,
    },

    { method: 'GET', url: '/api/get-accessFolder?folderId=2', as: null, expect: 401 },
    { method: 'GET', url: '/api/get-accessFolder?folderId=2', as: DEMO.juridico, expect: 200 },
    {
      method: 'POST',
      url: '/api/setPermitionFolder',
      as: null,
      payload: { itemId: 2, privilegio: 1 },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/setPermitionFolder',
      as: DEMO.admin,
      payload: { itemId: 2, privilegio: 1 },
      expect: 403,
    },
    { method: 'GET', url: '/api/getUsers?folderId=2', as: null, expect: 401 },
    { method: 'GET', url: '/api/getUsers?folderId=2', as: DEMO.admin, expect: 403 },
    { method: 'POST', url: '/api/shareFolder', as: null, payload: { folderId: 2, userId: 1 }, expect: 401 },
    {
      method: 'POST',
      url: '/api/shareFolder',
      as: DEMO.admin,
      payload: { folderId: 2, userId: 1 },
      expect: 403,
    },
    { method: 'POST', url: '/api/noShareFolder', as: null, payload: { folderId: 2, userId: 1 }, expect: 401 },
    {
      method: 'POST',
      url: '/api/noShareFolder',
      as: DEMO.admin,
      payload: { folderId: 2, userId: 1 },
      expect: 403,
    },

    { method: 'GET', url: `/api/download/${UNKNOWN_FILE}`, as: null, expect: 401 },
    { method: 'GET', url: `/api/download/${UNKNOWN_FILE}`, as: DEMO.admin, expect: 404 },
    { method: 'HEAD', url: `/api/download/${UNKNOWN_FILE}`, as: null, expect: 401 },
    { method: 'HEAD', url: `/api/download/${UNKNOWN_FILE}`, as: DEMO.juridico, expect: 404 },
  ],
};

export default folders;
