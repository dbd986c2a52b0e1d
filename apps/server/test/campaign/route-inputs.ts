import { z } from 'zod';
import type { RegisteredRoute } from '../../src/app.ts';

/** The part of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the campaign reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** What a multipart call takes: its text fields and the rule of its files, when declared. */
export interface MultipartInputs {
  fields?: JsonSchema;
  /** Absent when the route reads a form without declaring it (before endpoint descriptors). */
  files?: { field: string; maxFiles: number; maxBytes: number; mimes: readonly string[] | 'any' };
}

/** Every input of one route, as JSON Schema, from its endpoint descriptor or its Fastify schema. */
export interface RouteInputs {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The route reads multipart forms (declared, or found by the probe in the campaign). */
  multipart?: MultipartInputs;
}

/**
 * The endpoint descriptor of `packages/contracts` (http/endpoint.ts), read structurally: routes
 * registered from one carry it in `config.endpoint`; older routes only have Fastify schemas.
 */
interface EndpointLike {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  multipart?: {
    fields?: unknown;
    files?: { field: string; maxFiles: number; maxBytes: number; mimes: readonly string[] | 'any' };
  };
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** A zod schema as the JSON Schema of what a client sends (io: input); undefined for anything else. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!isZod(schema)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function routeInputs(route: RegisteredRoute): RouteInputs {
  const endpoint = (route.config as { endpoint?: EndpointLike } | undefined)?.endpoint;
  if (endpoint) {
    return {
      params: toJsonSchema(endpoint.params),
      query: toJsonSchema(endpoint.query),
      body: toJsonSchema(endpoint.body),
      multipart: endpoint.multipart
        ? { fields: toJsonSchema(endpoint.multipart.fields), files: endpoint.multipart.files }
        : undefined,
    };
  }
  const schema = route.schema ?? {};
  const body = toJsonSchema(schema.body);
  return {
    params: toJsonSchema(schema.params),
    query: toJsonSchema(schema.querystring),
    body,
    // A body that may be absent is read another way: as a form with the same fields (JSON or multipart).
    multipart: body && acceptsNull(body) ? { fields: objectBranch(body) } : undefined,
  };
}

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : [s.type].flat());

export function acceptsNull(s: JsonSchema): boolean {
  return typesOf(s).includes('null') || (s.anyOf ?? s.oneOf ?? []).some(acceptsNull);
}

/** The object a body describes (the object branch of `x.nullish()`), or undefined. */
export function objectBranch(s: JsonSchema | undefined): JsonSchema | undefined {
  if (!s) return undefined;
  if (s.properties) return s;
  for (const branch of s.anyOf ?? s.oneOf ?? []) {
    const found = objectBranch(branch);
    if (found) return found;
  }
  return undefined;
}

/** The main type of a schema: its first type that is not null (string, integer, number, array…). */
export function mainType(s: JsonSchema): string | undefined {
  const own = typesOf(s).find((t) => t !== 'null');
  if (own) return own;
  if (s.const !== undefined) return typeof s.const;
  if (s.enum?.length) return typeof s.enum[0];
  for (const branch of s.anyOf ?? s.oneOf ?? []) {
    const found = mainType(branch);
    if (found) return found;
  }
  return undefined;
}

/** An id no record has: a "valid" base that reaches the service without touching real records. */
export const MISSING_ID = 999_999;

const PATTERN_CANDIDATES = ['999999', '9999', '123456', 'Campanha', '2024-01-01', '12345678909', 'a'];

/**
 * A value the schema accepts, chosen so that a call built from it changes as little as possible:
 * numbers point at no record, strings are plain text.
 */
export function sample(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return sample(branches.find((b) => mainType(b) !== undefined) ?? branches[0]!);
  switch (mainType(s)) {
    case 'string': {
      if (s.format === 'email') return 'campanha@rotasul.com.br';
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        return PATTERN_CANDIDATES.find((c) => re.test(c)) ?? 'Campanha';
      }
      const text = 'Campanha'.padEnd(s.minLength ?? 0, 'a');
      return s.maxLength !== undefined ? text.slice(0, s.maxLength) : text;
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity);
      if (min <= MISSING_ID && MISSING_ID <= max) return MISSING_ID;
      return Number.isFinite(min) ? min : Math.min(max, 0);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        s.items ? sample(s.items) : 'Campanha',
      );
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return 'Campanha';
  }
}
