import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the generated tests read of an answer: its status, headers and (unless a stream) its body. */
export interface OpenedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = unknown>(): T;
}

/**
 * Calls a route that answers an event stream (endpoint `eventStream`): a refusal is read whole; an
 * open stream is closed as soon as its headers arrive (it would never end by itself).
 */
export async function injectEventStream(app: FastifyInstance, options: InjectOptions): Promise<OpenedAnswer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}
