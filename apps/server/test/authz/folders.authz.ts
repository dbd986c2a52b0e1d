import { DEMO } from '../harness.ts';
import { multipart } from '../images.ts';
import type { AuthzModule } from './index.ts';

const UNKNOWN_FILE = '00000000-0000-0000-0000-000000000000.txt';
/** A demo file in "Servidores e Acessos" (private to 1001, shared with 1004): stored names are random. */
const PRIVATE_FILE = '/api/download/{file:Inventário de servidores.csv}';
const textFile = (selectedFolderId: number) => () =>
  multipart({ selectedFolderId }, { bytes: Buffer.from('x'), name: 'a.txt', type: 'text/plain' });

/** Demo folders (same ids in every seeded database). */
const FOLDER = {
  root: 1,
  publica: 2,
  /** Procedimentos Operacionais: owner 1006 (Diretor), open to everyone. */
  procedimentos: 3,
  /** Servidores e Acessos: owner 1001, private, shared with 1004. */
  servidores: 5,
} as const;
/** Demo files: Checklist de doca.txt (folder 3, by 1006); Ramais internos.txt (folder 6, by 1001). */
const FILE = { checklist: 3, ramais: 8, inventario: 6 } as const;

/**
 * Folder visibility itself (owner, roles, shares, privileges) is covered by the matrix in
 * modules/folders/folders.routes.test.ts; these lines pin one decision per route on the system and
 * demo folders. A folder or file the caller may not reach answers 404. Allowed changes write back
 * what was there (a name, a privilege), or undo each other (share, then unshare).
 */
const folders: AuthzModule = {
  module: 'folders',
  entries: [
    { method: 'GET', url: '/api/get-items', as: null, expect: 401 },
    { method: 'GET', url: '/api/get-items', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/get-items?selectID=2', as: DEMO.juridico, expect: 200 },
    {
      method: 'GET',
      url: `/api/get-items?selectID=${FOLDER.servidores}`,
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
    },
    { method: 'GET', url: '/api/get-items?selectID=999999', as: DEMO.admin, expect: 404, proves: 'allowed' },

    { method: 'POST', url: '/api/files', as: null, payload: textFile(FOLDER.procedimentos), expect: 401 },
    {
      method: 'POST',
      url: '/api/files',
      as: DEMO.admin,
      payload: textFile(FOLDER.publica),
      expect: 403,
      note: 'Pasta Pública',
    },
    {
      method: 'POST',
      url: '/api/files',
      as: DEMO.juridico,
      payload: textFile(FOLDER.root),
      expect: 400,
      proves: 'refused',
      note: 'never at the root',
    },
    {
      method: 'POST',
      url: '/api/files',
      as: DEMO.juridico,
      payload: textFile(FOLDER.servidores),
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/files',
      as: DEMO.juridico,
      payload: textFile(FOLDER.procedimentos),
      expect: 200,
    },

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
    {
      method: 'POST',
      url: '/api/renameFolder',
      as: DEMO.juridico,
      payload: { itemId: FOLDER.procedimentos, itemName: 'X' },
      expect: 403,
      note: 'not his folder',
    },
    {
      method: 'POST',
      url: '/api/renameFolder',
      as: DEMO.diretor,
      payload: { itemId: FOLDER.procedimentos, itemName: 'Procedimentos Operacionais' },
      expect: 200,
    },
    { method: 'POST', url: '/api/renameFile', as: null, payload: { itemId: 1, itemName: 'X' }, expect: 401 },
    {
      method: 'POST',
      url: '/api/renameFile',
      as: DEMO.juridico,
      payload: { itemId: FILE.checklist, itemName: 'X.txt' },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/renameFile',
      as: DEMO.juridico,
      payload: { itemId: FILE.inventario, itemName: 'X.csv' },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'POST',
      url: '/api/renameFile',
      as: DEMO.admin,
      payload: { itemId: 999999, itemName: 'X' },
      expect: 404,
      proves: 'allowed',
    },
    {
      method: 'POST',
      url: '/api/renameFile',
      as: DEMO.diretor,
      payload: { itemId: FILE.checklist, itemName: 'Checklist de doca.txt' },
      expect: 200,
    },

    { method: 'DELETE', url: '/api/dropItem', as: null, payload: { id: 2, tipo: 'folder' }, expect: 401 },
    {
      method: 'DELETE',
      url: '/api/dropItem',
      as: DEMO.admin,
      payload: { id: 1, tipo: 'folder' },
      expect: 403,
    },
    {
      method: 'DELETE',
      url: '/api/dropItem',
      as: DEMO.juridico,
      payload: { id: FILE.checklist, tipo: 'file' },
      expect: 403,
      note: 'deleting takes a role below 3',
    },
    {
      method: 'DELETE',
      url: '/api/dropItem',
      as: DEMO.gestorCompras,
      payload: { id: FOLDER.servidores, tipo: 'folder' },
      expect: 404,
      proves: 'refused',
    },
    {
      method: 'DELETE',
      url: '/api/dropItem',
      as: DEMO.admin,
      payload: { id: FILE.ramais, tipo: 'file' },
      expect: 200,
    },

    { method: 'GET', url: '/api/folders/2/summary', as: null, expect: 401 },
    { method: 'GET', url: '/api/folders/2/summary', as: DEMO.juridico, expect: 200 },
    {
      method: 'GET',
      url: `/api/folders/${FOLDER.servidores}/summary`,
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
    },

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
    {
      method: 'POST',
      url: '/api/check-folder-existence',
      as: DEMO.juridico,
      payload: { parentFolderId: FOLDER.servidores, folderName: 'X', type: 'file' },
      expect: 404,
      proves: 'refused',
    },

    { method: 'GET', url: '/api/get-accessFolder?folderId=2', as: null, expect: 401 },
    { method: 'GET', url: '/api/get-accessFolder?folderId=2', as: DEMO.juridico, expect: 200 },
    {
      method: 'GET',
      url: `/api/get-accessFolder?folderId=${FOLDER.servidores}`,
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
    },
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
    {
      method: 'POST',
      url: '/api/setPermitionFolder',
      as: DEMO.juridico,
      payload: { itemId: FOLDER.procedimentos, privilegio: 1 },
      expect: 403,
      note: 'not his folder',
    },
    {
      method: 'POST',
      url: '/api/setPermitionFolder',
      as: DEMO.diretor,
      payload: { itemId: FOLDER.procedimentos, privilegio: 3 },
      expect: 200,
      note: 'the privilege it has',
    },
    { method: 'GET', url: '/api/getUsers?folderId=2', as: null, expect: 401 },
    { method: 'GET', url: '/api/getUsers?folderId=2', as: DEMO.admin, expect: 403 },
    { method: 'GET', url: `/api/getUsers?folderId=${FOLDER.procedimentos}`, as: DEMO.diretor, expect: 200 },
    { method: 'POST', url: '/api/shareFolder', as: null, payload: { folderId: 2, userId: 1 }, expect: 401 },
    {
      method: 'POST',
      url: '/api/shareFolder',
      as: DEMO.admin,
      payload: { folderId: 2, userId: 1 },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/shareFolder',
      as: DEMO.diretor,
      payload: { folderId: FOLDER.procedimentos, userId: 8 },
      expect: 200,
    },
    { method: 'POST', url: '/api/noShareFolder', as: null, payload: { folderId: 2, userId: 1 }, expect: 401 },
    {
      method: 'POST',
      url: '/api/noShareFolder',
      as: DEMO.admin,
      payload: { folderId: 2, userId: 1 },
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/noShareFolder',
      as: DEMO.diretor,
      payload: { folderId: FOLDER.procedimentos, userId: 8 },
      expect: 200,
    },

    { method: 'GET', url: `/api/download/${UNKNOWN_FILE}`, as: null, expect: 401 },
    { method: 'GET', url: `/api/download/${UNKNOWN_FILE}`, as: DEMO.admin, expect: 404, proves: 'allowed' },
    { method: 'GET', url: PRIVATE_FILE, as: DEMO.juridico, expect: 404, proves: 'refused' },
    {
      method: 'GET',
      url: PRIVATE_FILE,
      as: DEMO.suporteTi,
      expect: 403,
      note: 'shared with him, but downloading takes a role below 3',
    },
    { method: 'GET', url: PRIVATE_FILE, as: DEMO.admin, expect: 200 },
    { method: 'HEAD', url: `/api/download/${UNKNOWN_FILE}`, as: null, expect: 401 },
    {
      method: 'HEAD',
      url: `/api/download/${UNKNOWN_FILE}`,
      as: DEMO.juridico,
      expect: 404,
      proves: 'allowed',
      note: 'no such file',
    },
    { method: 'HEAD', url: PRIVATE_FILE, as: DEMO.juridico, expect: 404, proves: 'refused' },
    { method: 'HEAD', url: PRIVATE_FILE, as: DEMO.admin, expect: 200 },
  ],
};

export default folders;
