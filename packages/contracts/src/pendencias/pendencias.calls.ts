import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import {
  invitationParams,
  pendenciasCountReply,
  pendenciasListQuery,
  pendenciasListReply,
} from './pendencias.schemas.ts';

/** Minhas pendências (issue 35, decision 0118): what waits for the caller, its count, and the live stream. */
export const pendenciasCalls = {
  list: endpoint({
    method: 'GET',
    path: '/api/pendencias',
    summary:
      'Minhas pendências: calls, purchase requests, HR requests, fines and invitations waiting for the caller, newest first, paged.',
    query: pendenciasListQuery,
    reply: pendenciasListReply,
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/pendencias/count',
    summary: 'How many pendências wait for the caller (capped), for the header bell and the home.',
    reply: pendenciasCountReply,
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/pendencias/stream',
    summary:
      "Server-Sent Events: `event: pendencias` whenever a write moves a record into or out of the caller's queue; a comment every 25 s. Session cookie accepted (EventSource).",
    cookieAuth: true,
    eventStream: true,
  }),
  seeInvitation: endpoint({
    method: 'POST',
    path: '/api/pendencias/convites/:id/visto',
    summary: "Marks the caller's invitation to an event as seen (it leaves his pendências).",
    params: invitationParams,
    reply: okReply,
  }),
};
