import { successReply } from '../auth/auth.schemas.ts';
import { endpoint } from '../http/endpoint.ts';
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
