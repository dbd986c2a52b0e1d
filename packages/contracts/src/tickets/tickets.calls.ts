import { z } from 'zod';
import { endpoint, type FileRule } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { MSG } from '../messages.ts';
import {
  answerBody,
  attachmentParams,
  callDetail,
  callIdParams,
  callListQuery,
  callListReply,
  insertCallBody,
  insertCallReply,
  material,
  materialsBody,
  materialsQuery,
  setCallBody,
  singleCallQuery,
  TICKET_ATTACHMENT,
} from './tickets.schemas.ts';

export const okMessageReply = okReply;

/** Files a call or an answer may carry: images and PDF by their bytes, 10 MB each, 5 at most. */
const ticketFiles: FileRule = {
  field: 'files',
  maxFiles: TICKET_ATTACHMENT.maxFiles,
  maxBytes: TICKET_ATTACHMENT.maxBytes,
  mimes: TICKET_ATTACHMENT.mimes,
  invalidTypeMessage: MSG.ticketAttachmentType,
  tooLargeMessage: MSG.ticketAttachmentTooLarge,
};

export const ticketsCalls = {
  openCall: endpoint({
    method: 'POST',
    path: '/api/insertCall',
    summary: 'Opens a call (spec §7): JSON, or multipart with the same fields plus files.',
    body: insertCallBody,
    multipart: { fields: insertCallBody, files: ticketFiles },
    reply: insertCallReply,
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/api/setCall',
    summary: 'Moves a call to the target status (the workflow finds the transition).',
    body: setCallBody,
    reply: okMessageReply,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/calls',
    summary: 'My calls (scope mine) or the support queue (scope open), filtered and paged in SQL.',
    query: callListQuery,
    reply: callListReply,
  }),
  exportList: endpoint({
    method: 'GET',
    path: '/api/calls/export',
    summary: 'The filtered list as chamados.xlsx (mine) or dados.xlsx (open), streamed.',
    cookieAuth: true,
    query: callListQuery,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/getSingleCall',
    query: singleCallQuery,
    reply: callDetail,
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/calls/:id/answers',
    summary: 'Answers a call: JSON { msg }, or multipart with msg plus files.',
    params: callIdParams,
    body: answerBody,
    multipart: { fields: answerBody, files: ticketFiles },
    reply: okMessageReply,
  }),
  insertMaterials: endpoint({
    method: 'POST',
    path: '/api/calls/:id/materials',
    params: callIdParams,
    body: materialsBody,
    reply: okMessageReply,
  }),
  listMaterials: endpoint({
    method: 'GET',
    path: '/api/getListMaterials',
    query: materialsQuery,
    reply: z.array(material),
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/calls/:id/attachments/:attachmentId',
    summary: 'A call attachment, only to who sees the call (cookie session allowed).',
    cookieAuth: true,
    params: attachmentParams,
  }),
};
