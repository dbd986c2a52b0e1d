import type { AnyEndpoint, CallReplyInput, ParsedRequest } from '@intranet/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
// The `access` and `cookieAuth` route options are declared there (a program may include this file alone).
import type {} from './auth-guard.ts';

/** A request whose params, query and body were parsed by the endpoint's schemas. */
export type RouteRequest<E extends AnyEndpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  ParsedRequest<E>;

export interface RouteOptions<E extends AnyEndpoint> {
  /** Rate limits and other checks that run before the handler. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Parses nothing itself: returns the reply's data, or the reply after sending a file or stream. */
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Promise<CallReplyInput<E> | FastifyReply>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contracts description the route was registered from (docs/api.md, the authz tests). */
    endpoint?: AnyEndpoint;
  }
}

/**
 * Registers the route an endpoint of `packages/contracts` describes: its method, path, access
 * (denied by default: 'member' unless the endpoint says otherwise) and schemas.
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, ep: E, options: RouteOptions<E>): void {
  const status = ep.status ?? 200;
  const handler: RouteOptions<E>['handler'] =
    status === 200
      ? options.handler
      : (request, reply) => {
          reply.code(status);
          return options.handler(request, reply);
        };
  app.route({
    // A file answers HEAD with its size itself (serve-file.ts): Fastify's own HEAD route would send 0.
    method: ep.method === 'GET' && !ep.reply ? ['GET', 'HEAD'] : ep.method,
    url: ep.path,
    config: { access: ep.access ?? 'member', cookieAuth: ep.cookieAuth, endpoint: ep },
    schema: {
      ...(ep.summary ? { summary: ep.summary } : {}),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      // A call taking JSON or multipart validates the JSON here and the form in receiveBodyOrForm.
      ...(ep.body ? { body: ep.multipart ? ep.body.nullish() : ep.body } : {}),
      ...(ep.reply ? { response: { [status]: ep.reply } } : {}),
    },
    // A JSON reply is compressed for clients that accept it (compression.ts); files are sent as stored.
    ...(ep.reply ? { compress: {} } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    // The schemas above parse params, query and body into the endpoint's types before this runs.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
