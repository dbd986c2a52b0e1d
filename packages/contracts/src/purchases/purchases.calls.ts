import { z } from 'zod';
import { endpoint, type FileRule } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { MSG } from '../messages.ts';
import { commentBody, commentFields, commentQuery } from './purchases.comments.ts';
import {
  comment,
  dropQuoteBody,
  dropRequestBody,
  getQuoteQuery,
  inQuoteBody,
  insertQuoteFields,
  materialsRequestBody,
  openRequestBody,
  openRequestReply,
  PURCHASE_FILE,
  pickerQuery,
  pickerUser,
  pickupCandidate,
  purchaseDetail,
  purchaseFileParams,
  purchaseIdParams,
  purchaseListQuery,
  purchaseListReply,
  quote,
  selectQuoteBody,
  transitionBody,
  transitionFields,
  updateQuoteFields,
  waitingCountReply,
} from './purchases.schemas.ts';

const purchaseFiles = (maxFiles: number): FileRule => ({
  field: 'file',
  maxFiles,
  maxBytes: PURCHASE_FILE.maxBytes,
  mimes: PURCHASE_FILE.mimes,
  invalidTypeMessage: MSG.ticketAttachmentType,
  tooLargeMessage: MSG.ticketAttachmentTooLarge,
});

/**
 * Purchase requests (spec §2 Purchases, §7 Tickets and purchases). The spec's documented names keep
 * their paths (getQuote, insertCotacao, updateCotac, dropCotac, comment_request, dropRequest); the
 * rest are REST names under /api/purchases. getSingleCall and getListMaterials are the tickets
 * module's calls (a purchase's materials list is a call), and `users` lives at /api/purchases/users
 * because /api/users is the user administration's.
 */
export const purchasesCalls = {
  open: endpoint({
    method: 'POST',
    path: '/api/purchases',
    summary: 'Opens a purchase or service request: multipart fields of spec §3 plus files `file`.',
    multipart: { fields: openRequestBody, files: purchaseFiles(PURCHASE_FILE.maxFiles) },
    reply: openRequestReply,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/purchases',
    summary: 'Received requests (scope received) or my requests (scope mine), filtered and paged in SQL.',
    query: purchaseListQuery,
    reply: purchaseListReply,
  }),
  exportList: endpoint({
    method: 'GET',
    path: '/api/purchases/export',
    summary: 'The filtered list as solicitacoes.xlsx, streamed.',
    cookieAuth: true,
    query: purchaseListQuery,
  }),
  waitingCount: endpoint({
    method: 'GET',
    path: '/api/purchases/waiting',
    summary:
      '"Aguardando minha aprovação": how many requests await the caller (capped), for the home\'s Suporte tab.',
    reply: waitingCountReply,
  }),
  users: endpoint({
    method: 'GET',
    path: '/api/purchases/users',
    summary: 'The buyer/picker picker (spec "users"): users of Compras, searchable by name or matrícula.',
    query: pickerQuery,
    reply: z.array(pickerUser),
  }),
  pickupCandidates: endpoint({
    method: 'GET',
    path: '/api/purchases/:id/pickers',
    summary:
      '"Quem retirou" of Registrar Retirada: the requester first, then the users of Compras, searchable by name or matrícula.',
    params: purchaseIdParams,
    query: pickerQuery,
    reply: z.array(pickupCandidate),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/purchases/:id',
    summary: 'One request (Ticket de Número N) with its flow names, timeline, history and abilities.',
    params: purchaseIdParams,
    reply: purchaseDetail,
  }),
  transition: endpoint({
    method: 'POST',
    path: '/api/purchases/:id/transition',
    summary:
      'Fires a workflow transition from the status the caller saw (409 if it moved): JSON, or multipart with the same fields plus the pickup evidence `file` (Registrar Retirada only).',
    params: purchaseIdParams,
    body: transitionBody,
    multipart: {
      fields: transitionFields,
      // Evidence goes only with Registrar Retirada: the action travels before the files.
      early: transitionFields.pick({ action: true }),
      files: purchaseFiles(PURCHASE_FILE.maxFiles),
    },
    reply: okReply,
  }),
  selectQuote: endpoint({
    method: 'POST',
    path: '/api/purchases/:id/quote',
    summary: 'Selects the quote of a request at stage 3 (the reason goes to the history).',
    params: purchaseIdParams,
    body: selectQuoteBody,
    reply: okReply,
  }),
  setInQuote: endpoint({
    method: 'POST',
    path: '/api/purchases/:id/in-quote',
    summary: 'Colocar em cotação / Retirar de cotação.',
    params: purchaseIdParams,
    body: inQuoteBody,
    reply: okReply,
  }),
  requestMaterials: endpoint({
    method: 'POST',
    path: '/api/purchases/:id/materials',
    summary: 'Asks Infraestrutura for a materials list: a call at status 20 tied to the request.',
    params: purchaseIdParams,
    body: materialsRequestBody,
    reply: okReply,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/purchases/:id/files/:fileId',
    summary: 'A file of a request, its quotes or comments, only to who sees it (cookie session allowed).',
    cookieAuth: true,
    params: purchaseFileParams,
  }),
  dropRequest: endpoint({
    method: 'POST',
    path: '/api/dropRequest',
    summary: 'Cancelar: the requester deletes his request while it is at status 0.',
    body: dropRequestBody,
    reply: okReply,
  }),
  getQuote: endpoint({
    method: 'GET',
    path: '/api/getQuote',
    query: getQuoteQuery,
    reply: z.array(quote),
  }),
  insertCotacao: endpoint({
    method: 'POST',
    path: '/api/insertCotacao',
    summary:
      'Inserts one quote (multipart ticket, fornecedor, prazoEntrega, valor, canalType, contato, file).',
    multipart: {
      fields: insertQuoteFields,
      early: insertQuoteFields.pick({ ticket: true }),
      files: purchaseFiles(1),
    },
    reply: z.object({ success: z.literal(true), id: z.number() }),
  }),
  updateCotac: endpoint({
    method: 'POST',
    path: '/api/updateCotac',
    summary:
      'Edits a quote (multipart quote_id, fornecedor, valor, contato, prazo, canalType, file, req_id).',
    multipart: {
      fields: updateQuoteFields,
      early: updateQuoteFields.pick({ req_id: true }),
      files: purchaseFiles(1),
    },
    reply: okReply,
  }),
  dropCotac: endpoint({
    method: 'POST',
    path: '/api/dropCotac',
    body: dropQuoteBody,
    reply: okReply,
  }),
  comments: endpoint({
    method: 'GET',
    path: '/api/comment_request',
    summary: 'The stage comments of a request.',
    query: commentQuery,
    reply: z.array(comment),
  }),
  addComment: endpoint({
    method: 'POST',
    path: '/api/purchases/:id/comments',
    summary:
      'Adds a rich-text comment to a stage: JSON, or multipart with the same fields plus files `file`; @mentioned users get an e-mail.',
    params: purchaseIdParams,
    body: commentBody,
    multipart: { fields: commentFields, files: purchaseFiles(PURCHASE_FILE.maxFiles) },
    reply: okReply,
  }),
};
