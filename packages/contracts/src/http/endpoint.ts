import type { z } from 'zod';

/**
 * Who may call a route (ARCHITECTURE.md rule 2; denied by default):
 * public:  anyone (login, recovery, health)
 * session: a signed-in user, even before accepting the usage policy (session, profile, policy calls)
 * member:  a signed-in user who accepted the current policy (the default)
 */
export type Access = 'public' | 'session' | 'member';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The files part of a multipart call: checked by the server by content, size and count. */
export interface FileRule {
  /** Form field the files travel in. */
  field: string;
  maxFiles: number;
  maxBytes: number;
  /** Accepted types by their first bytes; 'any' takes every document (the server may still refuse some). */
  mimes: readonly string[] | 'any';
  invalidTypeMessage: string;
  tooLargeMessage: string;
}

export interface MultipartSpec<F extends z.ZodType = z.ZodType> {
  /** The text fields, parsed by the server with this schema (the web sends them before the files). */
  fields: F;
  /**
   * The fields that say where the files go (e.g. the request id), parsed before each file is stored
   * so that a caller who may not upload there stores no byte.
   */
  early?: z.ZodType;
  files: FileRule;
}

/**
 * One call of the API, described once and used by both sides: the server registers its route
 * from it (platform/route.ts) and the web calls it through one typed function (api/call.ts).
 * A call without `reply` answers a file or a stream, not JSON.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  M extends MultipartSpec | undefined = MultipartSpec | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /**
   * Full path with `:param` placeholders, e.g. `/api/calls/:id/answers`; a last `*` takes the rest
   * of the path (params `{ '*': ... }`), e.g. `/api/files/*`.
   */
  path: `/api/${string}`;
  /** The status of a successful answer: 201 for calls that create a record (default 200). */
  status?: 200 | 201;
  /** Defaults to 'member'. */
  access?: Access;
  /** GET file reads that plain links and <img> open: the session cookie is accepted too. */
  cookieAuth?: boolean;
  /** One line for docs/api.md. */
  summary?: string;
  params?: P;
  query?: Q;
  /** JSON body. With `multipart` too, the call takes either: JSON fields, or a form with files. */
  body?: B;
  multipart?: M;
  reply?: R;
  /** Server-Sent Events: an answer that never ends (tests read its headers, then close it). */
  eventStream?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for constraints
export type AnyEndpoint = Endpoint<any, any, any, any, any>;

/** A declared call: each part's type is exactly what was declared (undefined when absent). */
export type Described<P, Q, B, M, R> = Endpoint<
  P & (z.ZodType | undefined),
  Q & (z.ZodType | undefined),
  B & (z.ZodType | undefined),
  M & (MultipartSpec | undefined),
  R & (z.ZodType | undefined)
> & { params: P; query: Q; body: B; multipart: M; reply: R };

/** Declares a call; returns it unchanged with its literal types kept. */
export function endpoint<
  const P extends z.ZodType | undefined = undefined,
  const Q extends z.ZodType | undefined = undefined,
  const B extends z.ZodType | undefined = undefined,
  const M extends MultipartSpec | undefined = undefined,
  const R extends z.ZodType | undefined = undefined,
>(def: Endpoint<P, Q, B, M, R>): Described<P, Q, B, M, R> {
  return def as Described<P, Q, B, M, R>;
}

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : never;

/** What the web passes to call an endpoint: only the parts the endpoint has (F: the browser's File). */
export type CallInput<E extends AnyEndpoint, F = never> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : unknown) &
  (E['query'] extends z.ZodType
    ? Partial<In<E['query']>> extends In<E['query']>
      ? { query?: In<E['query']> }
      : { query: In<E['query']> }
    : unknown) &
  (E['multipart'] extends MultipartSpec
    ? unknown
    : E['body'] extends z.ZodType
      ? { body: In<E['body']> }
      : unknown) &
  (E['multipart'] extends MultipartSpec
    ? { fields: In<E['multipart']['fields']>; files?: readonly F[] }
    : unknown);

/** The parsed request parts the server's handler receives. */
export interface ParsedRequest<E extends AnyEndpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

/** The JSON answer of an endpoint (undefined for file and stream answers). */
export type CallReply<E extends AnyEndpoint> = E['reply'] extends z.ZodType
  ? z.output<E['reply']>
  : undefined;
export type CallReplyInput<E extends AnyEndpoint> = E['reply'] extends z.ZodType
  ? z.input<E['reply']>
  : undefined;

/**
 * `/api/calls/:id` with `{ id: 7 }` → `/api/calls/7` (each value URI-encoded); a last `*` takes
 * `params['*']`, a path whose segments are each URI-encoded (`notices/a b.png` → `notices/a%20b.png`).
 */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)|\*$/g, (_, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined || value === null || value === '')
      throw new Error(`missing path parameter ${name ?? '*'}`);
    if (name) return encodeURIComponent(String(value));
    const segments = String(value).split('/');
    // The browser would resolve these against the path before sending it: never build such a URL.
    if (segments.some((s) => s === '' || s === '.' || s === '..'))
      throw new Error(`invalid path parameter *: ${String(value)}`);
    return segments.map(encodeURIComponent).join('/');
  });
}
