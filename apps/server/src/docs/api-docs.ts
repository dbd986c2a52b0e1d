import { DIGITS } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';

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
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
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

function fields(schema: JsonSchema | undefined): string {
  if (!schema) return '—';
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  if (!target.properties) return `\`${typeOf(schema)}\``;
  const required = new Set(target.required ?? []);
  const list = Object.entries(target.properties)
    .map(([name, s]) => `\`${name}${required.has(name) ? '' : '?'}\`: ${typeOf(s)}`)
    .join('<br>');
  return schema.type === 'array' ? `list of:<br>${list}` : list;
}

/** docs/api.md, generated from the routes' zod schemas so that it cannot drift from the code. */
export function renderApiDocs(app: FastifyInstance): string {
  const doc = app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  const lines = [
    '# Intranet API',
    '',
    'Generated from the route schemas by `npm run docs:api`; a test fails when this file is stale.',
    'Every call is under `/api`, sends `Authorization: Bearer <token>` (files also accept the session',
    'cookie on GET), and answers errors as `{ "error": "<Portuguese message>" }` with a 4xx status',
    '(401 without a valid session, 403 when the role may not, 404 unknown, 413/415 for bad uploads,',
    '429 when rate limited). GET calls take their payload as the query string.',
    '',
    '| method | path | access | request | response 200 |',
    '|---|---|---|---|---|',
  ];
  const routes = [...app.registeredRoutes].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
  for (const route of routes) {
    const openPath = route.url.replace(/\*$/, '{*}').replace(/:(\w+)/g, '{$1}');
    const op = doc.paths?.[openPath]?.[route.method.toLowerCase()];
    const query = op?.parameters?.filter((p) => p.in === 'query') ?? [];
    const body = op?.requestBody?.content?.['application/json']?.schema;
    const request = body
      ? fields(body)
      : query.length
        ? query.map((p) => `\`${p.name}${p.required ? '' : '?'}\`: ${typeOf(p.schema)}`).join('<br>')
        : '—';
    const response = op?.responses?.['200']?.content?.['application/json']?.schema;
    lines.push(
      `| ${route.method} | \`${route.url}\` | ${ACCESS_TEXT[route.access]} | ${request} | ${fields(response)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
