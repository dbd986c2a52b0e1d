import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { administratorBody, setupParams } from './setup.schemas.ts';

/**
 * The first start without the demo (issue 34): while no administrator exists the server prints a
 * one-time link; its page makes the first administrator. Public: the token is the key, and it
 * answers 404 once used, expired, or once an administrator exists.
 */
export const setupCalls = {
  checkSetup: endpoint({
    method: 'GET',
    path: '/api/setup/:token',
    access: 'public',
    summary: 'Whether a set-up link still makes the first administrator (404 when not).',
    params: setupParams,
    reply: okReply,
  }),
  finishSetup: endpoint({
    method: 'POST',
    path: '/api/setup/:token',
    access: 'public',
    status: 201,
    summary: 'Makes the first administrator with the one-time set-up link, which dies with it.',
    params: setupParams,
    body: administratorBody,
    reply: okReply,
  }),
};
