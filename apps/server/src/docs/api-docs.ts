import { type AnyEndpoint, DIGITS, type FileRule } from '@intranet/contracts';
import { z } from 'zod';
import type { RegisteredRoute } from '../app.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  nullable?: boolean;
}

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** The OpenAPI document @fastify/swagger builds from the routes' schemas (routes not described in contracts). */
export interface OpenApiDoc {
  paths?: Record<string, Record<string, Operation>>;
}

const ACCESS_TEXT = {
  public: 'public',
  session: 'signed in (policy not required)',
  member: 'signed in, policy accepted',
} as const;

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  const t = Array.isArray(s.type) ? s.type.join(' \\| ') : (s.type ?? 'any');
  if (t === 'array') return `${typeOf(s.items)}[]`;
  if (t === 'object' && s.properties) return `{ ${Object.keys(s.properties).join(', ')} }`;
  if (t === 'string' && s.pattern === DIGITS.source) return 'integer (digits)';
  const limits = [s.minLength && `min ${s.minLength}`, s.maxLength && `max ${s.maxLength}`].filter(Boolean);
  const base = limits.length ? `${t} (${limits.join(', ')})` : t;
  return s.nullable ? `${base} \\| null` : base;
}

/** One line per field: `name?`: type. */
function fieldList(target: JsonSchema): string[] {
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties ?? {}).map(
    ([name, s]) => `\`${name}${required.has(name) ? '' : '?'}\`: ${typeOf(s)}`,
  );
}

function fields(schema: JsonSchema | undefined): string {
  if (!schema) return '—';
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  if (!target.properties) return `\`${typeOf(schema)}\``;
  const list = fieldList(target).join('<br>');
  return schema.type === 'array' ? `list of:<br>${list}` : list;
}

/** A path parameter is shown as `:name` (the wildcard as `*`), so it reads apart from the payload. */
const pathParam = (name: string, s: JsonSchema | undefined) =>
  `\`${name === '*' ? '*' : `:${name}`}\`: ${typeOf(s)}`;

/** As the route's validator sees a request (io input) or its serializer an answer (io output). */
const toJson = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} kB`;
}

function filesText(rule: FileRule): string {
  const types = rule.mimes === 'any' ? 'any type' : rule.mimes.join(', ');
  const count =
    rule.maxFiles === 1
      ? `one file of ${megabytes(rule.maxBytes)} at most`
      : `up to ${rule.maxFiles} files of ${megabytes(rule.maxBytes)} each at most`;
  return `files in \`${rule.field}\`: ${count}, ${types}`;
}

/** Free text inside a table cell. */
const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|');

/** A success status other than 200 is shown before the answer. */
const withStatus = (status: number, reply: string) =>
  status === 200 || reply === '—' ? reply : `${status}:<br>${reply}`;

interface Row {
  summary: string;
  request: string;
  response: string;
}

/** A route registered from its contracts description: every part of the call, multipart included. */
function endpointRow(ep: AnyEndpoint, method: string): Row {
  const parts: string[] = [];
  if (ep.params) {
    const params = toJson(ep.params, 'input');
    for (const [name, s] of Object.entries(params.properties ?? {})) parts.push(pathParam(name, s));
  }
  if (ep.query) parts.push(...fieldList(toJson(ep.query, 'input')));
  if (ep.body) parts.push(fields(toJson(ep.body, 'input')));
  if (ep.multipart) {
    const form = fieldList(toJson(ep.multipart.fields, 'input'));
    const files = filesText(ep.multipart.files);
    parts.push(
      ep.body
        ? `or multipart/form-data with these fields and ${files}`
        : ['multipart/form-data:', ...form, files].join('<br>'),
    );
  }
  const reply = method === 'HEAD' ? '—' : ep.reply ? fields(toJson(ep.reply, 'output')) : 'a file (not JSON)';
  return {
    summary: cell(ep.summary),
    request: parts.length ? parts.join('<br>') : '—',
    response: withStatus(ep.status ?? 200, reply),
  };
}

/** A route not yet described in contracts: what @fastify/swagger read from its zod schemas. */
function swaggerRow(op: Operation | undefined): Row {
  const path = op?.parameters?.filter((p) => p.in === 'path') ?? [];
  const query = op?.parameters?.filter((p) => p.in === 'query') ?? [];
  const body = op?.requestBody?.content?.['application/json']?.schema;
  const parts = [
    ...path.map((p) => pathParam(p.name, p.schema)),
    ...(body
      ? [fields(body)]
      : query.map((p) => `\`${p.name}${p.required ? '' : '?'}\`: ${typeOf(p.schema)}`)),
  ];
  const status = Object.keys(op?.responses ?? {}).find((code) => /^2\d\d$/.test(code)) ?? '200';
  const response = op?.responses?.[status]?.content?.['application/json']?.schema;
  return {
    summary: cell(op?.summary),
    request: parts.length ? parts.join('<br>') : '—',
    response: withStatus(Number(status), fields(response)),
  };
}

/**
 * docs/api.md, generated from the calls described in contracts (and, for routes not described there
 * yet, from their zod schemas) so that it cannot drift from the code.
 */
export function renderApiDocs(registered: readonly RegisteredRoute[], openapi: OpenApiDoc): string {
  const lines = [
    '# Intranet API',
    '',
    'Generated from the calls described in `packages/contracts` (and the route schemas) by',
    '`npm run docs:api`; a test fails when this file is stale.',
    'Every call is under `/api`, sends `Authorization: Bearer <token>` (files also accept the session',
    'cookie on GET), and answers errors as `{ "error": "<Portuguese message>" }` with a 4xx status',
    '(401 without a valid session, 403 when the role may not, 404 unknown, 413/415 for bad uploads,',
    '429 when rate limited). GET calls take their payload as the query string; `:name` and `*` are',
    'parts of the path. A multipart call sends its text fields before its files. The response is the',
    'JSON of a 200 answer unless another status is shown.',
    '',
    '| method | path | access | about | request | response |',
    '|---|---|---|---|---|---|',
  ];
  const routes = [...registered].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
  for (const route of routes) {
    const openPath = route.url.replace(/\*$/, '{*}').replace(/:(\w+)/g, '{$1}');
    const row = route.endpoint
      ? endpointRow(route.endpoint, route.method)
      : swaggerRow(openapi.paths?.[openPath]?.[route.method.toLowerCase()]);
    lines.push(
      `| ${route.method} | \`${route.url}\` | ${ACCESS_TEXT[route.access]} | ${row.summary} | ${row.request} | ${row.response} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
