import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a balancer or proxy may have given the request: letters, digits and `._:-`, at most 128
 * (a UUID, a trace id). Anything else (spaces, quotes, line breaks: text that would forge log
 * lines) is ignored and a new id is made.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the incoming x-request-id when it is well formed, else a random UUID (the
 * default counter "req-1" repeats on every server and restart). Fastify binds it to the request's
 * logger as `reqId`, so every line the request logs carries it.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/** Echoes the request's id in the reply, so that a client can quote it and it can be found in the logs. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
