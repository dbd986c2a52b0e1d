import { endpoint } from '../http/endpoint.ts';
import {
  operationFileParams,
  operationQuery,
  operationReply,
  otListQuery,
  otListReply,
} from './operations.schemas.ts';

/**
 * The resumable upload endpoint (tus 1.0.0: POST creates, HEAD reads the offset, PATCH appends,
 * DELETE drops). Its routes speak the tus protocol, not JSON, so they are registered by the server's
 * operations module itself (access 'member', as every route) rather than from an endpoint here.
 */
export const OPERATION_UPLOAD_PATH = '/api/operation/uploads';

export const operationsCalls = {
  byOt: endpoint({
    method: 'GET',
    path: '/api/operation',
    summary: "One OT's attachments (spec §7 GET operation {ot}): ot and filepath, newest per slot last.",
    query: operationQuery,
    reply: operationReply,
  }),
  listOts: endpoint({
    method: 'GET',
    path: '/api/operation/ots',
    summary: 'Gerenciar Anexos: one folder per OT, filtered by a part of its number, paged by OT.',
    query: otListQuery,
    reply: otListReply,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/operation/files/:name',
    cookieAuth: true,
    summary: 'An attachment (image or video) with byte ranges (cookie session allowed).',
    params: operationFileParams,
  }),
};
