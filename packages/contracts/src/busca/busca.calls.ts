import { endpoint } from '../http/endpoint.ts';
import { buscaQuery, buscaReply } from './busca.schemas.ts';

/** One search (issue 35): the header box's query across every kind the caller's lists show. */
export const buscaCalls = {
  search: endpoint({
    method: 'GET',
    path: '/api/busca',
    summary:
      "One search: people, calls, purchase and HR requests, employees, fines, folders and files, notices and operation attachments containing the text (accents and case ignored), each kind filtered by its own list's scope, a few per kind.",
    query: buscaQuery,
    reply: buscaReply,
  }),
};
