import { z } from 'zod';
import { successReply } from '../auth/auth.schemas.ts';
import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { importParams, importPreview, importResult, PEOPLE_IMPORT_FILE } from '../platform/sheet-import.ts';
import {
  branchesReply,
  createUserBody,
  createUserReply,
  dropUserBody,
  dropUserReply,
  resetUserPasswordBody,
  sectorsReply,
  updateUserBody,
  userListQuery,
  userListReply,
} from './users.schemas.ts';

/** The export's filters: the Usuários list's search and sector. */
export const userExportQuery = userListQuery.pick({ data: true, setor: true });

/** Users administration (spec §3) and the reference lists every form needs. */
export const usersCalls = {
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    summary:
      'isAlter=1: the administration list (Usuarios permission); otherwise a name/matrícula directory.',
    query: userListQuery,
    reply: userListReply,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    status: 201,
    summary: 'Registers a user.',
    body: createUserBody,
    reply: createUserReply,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users',
    summary: 'Changes a user’s data and permissions.',
    body: updateUserBody,
    reply: successReply,
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: '/api/users/password',
    summary: 'Sets another user’s password (administration).',
    body: resetUserPasswordBody,
    reply: successReply,
  }),
  drop: endpoint({
    method: 'POST',
    path: '/api/dropUser',
    summary: 'Deactivates a user.',
    body: dropUserBody,
    reply: dropUserReply,
  }),
  exportList: endpoint({
    method: 'GET',
    path: '/api/users/export',
    summary:
      'usuarios.xlsx: the administration list for its filters, streamed, in the import’s columns (export, edit, import).',
    cookieAuth: true,
    query: userExportQuery,
  }),
  importPreview: endpoint({
    method: 'POST',
    path: '/api/users/import',
    summary:
      'Reads an .xlsx or .csv of users (Administrador only) and answers what it would add, update and refuse, line by line; writes nothing.',
    multipart: { fields: z.object({}), files: PEOPLE_IMPORT_FILE },
    reply: importPreview,
  }),
  importCommit: endpoint({
    method: 'POST',
    path: '/api/users/import/:id/commit',
    summary:
      'Writes a previewed users import in one transaction (refused when any line is refused), audited; new users get the e-mail to create their password.',
    params: importParams,
    reply: importResult,
  }),
  importCancel: endpoint({
    method: 'DELETE',
    path: '/api/users/import/:id',
    summary: 'Drops a previewed users import without writing anything.',
    params: importParams,
    reply: okReply,
  }),
  sectors: endpoint({
    method: 'GET',
    path: '/api/sectors',
    summary: 'The sectors (spec §3), for every form.',
    reply: sectorsReply,
  }),
  branches: endpoint({
    method: 'GET',
    path: '/api/branches',
    summary: 'The branches (spec §3), for every form.',
    reply: branchesReply,
  }),
};
