import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How replies are written (decision 0034).
 * - `compiled`: a reply schema that fast-json-stringify can write faithfully is compiled once, at
 *   registration; it writes only the declared properties (an extra column a query selected, a
 *   password hash or a CPF, never leaves) without parsing each row with zod. Schemas it cannot
 *   write faithfully (transforms, unions, dates...) keep zod's parse, decided per call.
 * - `checked` (the test harness): every reply is parsed by its zod schema, as before (a handler
 *   answering the wrong shape fails its test), and the compiled writer's output must equal
 *   zod's, so every route test also proves the production path.
 * - `parsed`: zod's parse + JSON.stringify for every call (how replies were written before; the
 *   benches compare the two).
 */
export type ReplyMode = 'compiled' | 'checked' | 'parsed';

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

/** What `compileReply` made of a reply schema: the writer, or why zod's parse is kept. */
export type CompiledReply =
  | { write: Serialize; fallback?: undefined }
  | { write?: undefined; fallback: string };

/**
 * Zod types whose output equals their input when they accept it, and which fast-json-stringify
 * writes the way `JSON.stringify(schema.parse(x))` would, and unions of such objects (below).
 * Anything else (transform, pipe, default, catch, date, lazy...) falls back to zod's parse.
 */
const PLAIN = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'object', 'array']);
const WRAPPERS = new Set(['nullable', 'optional', 'readonly']);

/** Why `schema` cannot be written by fast-json-stringify without changing the reply, if it cannot. */
export function unfaithful(schema: z.core.$ZodType, at = 'reply'): string | undefined {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  // .trim(), .toLowerCase() and the like rewrite the value inside zod's parse.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return `${at}: rewrites its value`;
  if (WRAPPERS.has(def.type)) return unfaithful((def as { innerType: z.core.$ZodType }).innerType, at);
  if (def.type === 'union') {
    if ('discriminator' in def && def.discriminator) return `${at}: discriminated union`;
    for (const option of def.options) {
      if (option._zod.def.type !== 'object') return `${at}: union of other than objects`;
      const reason = unfaithful(option, `${at}|`);
      if (reason) return reason;
    }
    return undefined;
  }
  if (!PLAIN.has(def.type)) {
    if (
      def.type === 'record' &&
      def.keyType._zod.def.type === 'string' &&
      !def.keyType._zod.def.checks?.length
    ) {
      return unfaithful(def.valueType, `${at}.*`);
    }
    return `${at}: ${def.type}`;
  }
  if (def.type === 'array') return unfaithful(def.element, `${at}[]`);
  if (def.type === 'object') {
    if (def.catchall && def.catchall._zod.def.type !== 'never') return `${at}: object with other keys`;
    for (const [key, value] of Object.entries(def.shape)) {
      const reason = unfaithful(value, `${at}.${key}`);
      if (reason) return reason;
    }
  }
  return undefined;
}

const RUNTIME_VALIDATION = ['anyOf', 'oneOf', 'allOf', 'not', '$ref'];

/** The test of an `if` written by firstObjectPresent: only which keys the value has. */
const isKeyTest = (test: unknown) => {
  const keys = test && typeof test === 'object' ? Object.keys(test) : [];
  return keys.length === 2 && keys.includes('type') && keys.includes('required');
};

/**
 * zod writes `.nullable()` as `type: [T, 'null']` or `anyOf: [X, {type: 'null'}]`, which
 * fast-json-stringify resolves by validating each value with ajv (slow, and an object with an
 * undeclared key matches no branch); its own `nullable: true` says the same without validation.
 */
function plainNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = plainNullable(value);
  const types = out.type;
  if (Array.isArray(types) && types.length === 2 && types.includes('null')) {
    return { ...out, type: types.find((type) => type !== 'null'), nullable: true };
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = anyOf.filter(
      (branch: JsonSchema) => branch.type !== 'null' || Object.keys(branch).length !== 1,
    );
    if (other.length === 1 && typeof other[0].type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other[0], nullable: true };
    }
  }
  if (Array.isArray(anyOf) && anyOf.every((branch: JsonSchema) => branch.type === 'object')) {
    const { anyOf: _, ...rest } = out;
    return { ...rest, ...firstObjectPresent(anyOf) };
  }
  return out;
}

/**
 * zod's union of objects answers the first option the value parses as. A value that has the keys
 * an option requires has, by its query's types, that option's shape: `if` the keys are there
 * (`required` tests only that, a cheap check), write that option, `else` try the next.
 */
function firstObjectPresent([first, ...others]: JsonSchema[]): JsonSchema {
  if (!first || others.length === 0) return first ?? {};
  const test = { type: 'object', required: first.required ?? [] };
  // JSON Schema's keyword, not a thenable: the object is only read by fast-json-stringify.
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else
  return { if: test, then: first, else: firstObjectPresent(others) };
}

function validatesAtRuntime(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(validatesAtRuntime);
  if (!node || typeof node !== 'object') return false;
  const schema = node as JsonSchema;
  if (RUNTIME_VALIDATION.some((key) => key in schema) || Array.isArray(schema.type)) return true;
  if ('if' in schema && !isKeyTest(schema.if)) return true;
  return Object.values(schema).some(validatesAtRuntime);
}

function compile(schema: z.core.$ZodType): CompiledReply {
  const reason = unfaithful(schema);
  if (reason) return { fallback: reason };
  let json: unknown;
  try {
    json = plainNullable(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }),
    );
  } catch (error) {
    return { fallback: `JSON Schema: ${(error as Error).message}` };
  }
  if (validatesAtRuntime(json)) return { fallback: 'JSON Schema needs validation to be written' };
  return { write: fastJson(json as Parameters<typeof fastJson>[0]) as Serialize };
}

/** Schemas are module constants shared by every app of a process (the tests build many). */
const compiled = new WeakMap<z.core.$ZodType, CompiledReply>();

/** Compiles a reply schema into a fast-json-stringify writer, or says why it keeps zod's parse. */
export function compileReply(schema: z.core.$ZodType): CompiledReply {
  let result = compiled.get(schema);
  if (!result) {
    result = compile(schema);
    compiled.set(schema, result);
  }
  return result;
}

function isZodSchema(schema: unknown): schema is z.core.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** Fastify's serializer compiler for the replies of route(): see ReplyMode. */
export function replySerializerCompiler(mode: ReplyMode): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!isZodSchema(schema)) return (data) => JSON.stringify(data);
    const parsed = (data: unknown) => {
      const result = z.safeParse(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    // Compiled on the call's first reply (~10-20 ms a schema): a start, or a test's app, compiles
    // only the calls it answers.
    let write: Serialize | undefined;
    let fallback = false;
    const writer = () => {
      if (!write && !fallback) {
        write = compileReply(schema).write;
        fallback = !write;
      }
      return write;
    };
    if (mode === 'parsed') return parsed;
    if (mode === 'compiled') return (data) => (writer() ?? parsed)(data);
    return (data) => {
      const checked = parsed(data);
      const written = writer()?.(data);
      if (written === undefined) return checked;
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(
          `A resposta compilada de ${method} ${url} difere da do contrato: ${written} ≠ ${checked}`,
        );
      }
      return checked;
    };
  };
}
