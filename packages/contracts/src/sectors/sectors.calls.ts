import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import {
  branchSavedReply,
  createBranchBody,
  createSectorBody,
  orgIdParams,
  orgListReply,
  sectorSavedReply,
  updateBranchBody,
  updateSectorBody,
} from './sectors.schemas.ts';

/** Sectors and branches (issue 34, decision 0114): every member reads them, administrators change them. */
export const sectorsCalls = {
  list: endpoint({
    method: 'GET',
    path: '/api/org',
    summary: 'The sectors (with their workflow role) and branches, active or not, by name.',
    reply: orgListReply,
  }),
  createSector: endpoint({
    method: 'POST',
    path: '/api/org/sectors',
    status: 201,
    summary: 'Adds a sector, with an optional workflow role (audited).',
    body: createSectorBody,
    reply: sectorSavedReply,
  }),
  updateSector: endpoint({
    method: 'PUT',
    path: '/api/org/sectors/:id',
    summary: 'Renames a sector, sets its role, deactivates or reactivates it (audited).',
    params: orgIdParams,
    body: updateSectorBody,
    reply: sectorSavedReply,
  }),
  deleteSector: endpoint({
    method: 'DELETE',
    path: '/api/org/sectors/:id',
    summary: 'Deletes a sector nothing points to (409 otherwise: deactivate it).',
    params: orgIdParams,
    reply: okReply,
  }),
  createBranch: endpoint({
    method: 'POST',
    path: '/api/org/branches',
    status: 201,
    summary: 'Adds a branch (audited).',
    body: createBranchBody,
    reply: branchSavedReply,
  }),
  updateBranch: endpoint({
    method: 'PUT',
    path: '/api/org/branches/:id',
    summary: 'Renames a branch (its label), deactivates or reactivates it (audited).',
    params: orgIdParams,
    body: updateBranchBody,
    reply: branchSavedReply,
  }),
  deleteBranch: endpoint({
    method: 'DELETE',
    path: '/api/org/branches/:id',
    summary: 'Deletes a branch nothing points to (409 otherwise: deactivate it).',
    params: orgIdParams,
    reply: okReply,
  }),
};
