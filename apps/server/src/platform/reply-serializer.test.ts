import { endpoint, MSG } from '@intranet/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.ts';
import { compileReply, type ReplyMode, replySerializerCompiler } from './reply-serializer.ts';
import { route } from './route.ts';

const row = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  criado: z.iso.datetime(),
  status: z.enum(['aberto', 'fechado']),
  setor: z.object({ id: z.number(), nome: z.string() }).nullable(),
  tags: z.array(z.string()),
  nota: z.string().optional(),
});
const page = z.object({
  rows: z.array(row),
  total: z.number().optional(),
  extras: z.record(z.string(), z.number()),
});

const goodRow = {
  id: 1,
  nome: 'Ana',
  email: null,
  criado: '2026-11-26T05:00:00.000Z',
  status: 'aberto',
  setor: { id: 3, nome: 'TI' },
  tags: ['a'],
};

const listCall = endpoint({ method: 'GET', path: '/api/test-rows', access: 'public', reply: page });

/** A route() whose handler answers `answer` whatever the contract says, on a bare Fastify. */
async function appAnswering(mode: ReplyMode, answer: unknown): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(mode));
  registerErrorHandling(app);
  // The handler's type says the contract's reply; these tests break it on purpose.
  route(app, listCall, { handler: async () => answer as z.input<typeof page> });
  await app.ready();
  return app;
}

describe('reply serialisation', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('writes what zod would have written, without the keys the schema does not declare', () => {
    const { write } = compileReply(page);
    if (!write) throw new Error('page should compile');
    const data = {
      rows: [
        { ...goodRow, password_hash: 'x', cpf: '12345678901', setor: { id: 3, nome: 'TI', salario: 9 } },
        { ...goodRow, id: 2, setor: null, nota: 'n' },
      ],
      extras: { a: 1 },
      secret: true,
    };
    expect(JSON.parse(write(data))).toEqual(JSON.parse(JSON.stringify(page.parse(data))));
    expect(write(data)).not.toMatch(/password_hash|cpf|salario|secret/);
  });

  it('writes a union of objects as the first option whose keys the row has, as zod parses it', () => {
    const full = z.object({
      id: z.number(),
      nome: z.string(),
      cpf: z.string().nullable(),
      salario: z.number(),
    });
    const directory = z.object({ id: z.number(), nome: z.string() });
    const reply = z.object({ users: z.array(z.union([full, directory])) });
    const { write } = compileReply(reply);
    if (!write) throw new Error('the union should compile');
    const data = {
      users: [
        { id: 1, nome: 'Ana', cpf: null, salario: 10, password_hash: 'h' },
        { id: 2, nome: 'Bia', cpf: '12345678901' },
        { id: 3, nome: 'Caio', cpf: undefined, salario: undefined },
      ],
    };
    expect(JSON.parse(write(data))).toEqual(JSON.parse(JSON.stringify(reply.parse(data))));
    expect(JSON.parse(write(data)).users[1]).toEqual({ id: 2, nome: 'Bia' });
  });

  it('keeps zod for schemas fast-json-stringify cannot write faithfully', () => {
    expect(compileReply(z.object({ n: z.string().transform((s) => s.length) })).fallback).toMatch(
      /transform|pipe/,
    );
    expect(compileReply(z.object({ n: z.string().trim() })).fallback).toMatch(/rewrites/);
    expect(compileReply(z.object({ n: z.string().default('x') })).fallback).toMatch(/default/);
    expect(compileReply(z.object({ d: z.date() })).fallback).toMatch(/date/);
    const kind = z.discriminatedUnion('k', [
      z.object({ k: z.literal('a') }),
      z.object({ k: z.literal('b') }),
    ]);
    expect(compileReply(z.object({ u: kind })).fallback).toMatch(/discriminated/);
    expect(compileReply(z.object({ u: z.union([z.string(), z.number()]) })).fallback).toMatch(/union/);
    expect(compileReply(z.looseObject({ a: z.string() })).fallback).toMatch(/other keys/);
  });

  it('still transforms through zod in production for a call that falls back', async () => {
    const call = endpoint({
      method: 'GET',
      path: '/api/test-length',
      access: 'public',
      reply: z.object({ n: z.string().transform((s) => s.length) }),
    });
    app = Fastify({ logger: false });
    app.setSerializerCompiler(replySerializerCompiler('compiled'));
    route(app, call, { handler: async () => ({ n: 'abcd' }) });
    const res = await app.inject({ method: 'GET', url: '/api/test-length' });
    expect(res.json()).toEqual({ n: 4 });
  });

  it('production: an extra column (a password hash, a CPF) never reaches the client', async () => {
    app = await appAnswering('compiled', {
      rows: [{ ...goodRow, password_hash: '$argon2id$v=19$...', cpf: '12345678901' }],
      extras: {},
    });
    const res = await app.inject({ method: 'GET', url: '/api/test-rows' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password_hash|argon2|cpf|12345678901/);
    expect(res.json()).toEqual({ rows: [goodRow], extras: {} });
  });

  it('tests: the harness mode strips the extra column too', async () => {
    app = await appAnswering('checked', { rows: [{ ...goodRow, password_hash: 'h' }], extras: {} });
    const res = await app.inject({ method: 'GET', url: '/api/test-rows' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: [goodRow], extras: {} });
  });

  it.each([
    ['a missing field', { rows: [{ ...goodRow, nome: undefined }], extras: {} }],
    ['a wrong-typed field', { rows: [{ ...goodRow, id: '1' }], extras: {} }],
    ['a value outside the enum', { rows: [{ ...goodRow, status: 'perdido' }], extras: {} }],
    ['a non-integer id', { rows: [{ ...goodRow, id: 1.5 }], extras: {} }],
  ])('tests: a handler answering %s fails (500, "resposta fora do contrato")', async (_, answer) => {
    app = await appAnswering('checked', answer);
    const res = await app.inject({ method: 'GET', url: '/api/test-rows' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MSG.internalError });
  });

  it('bad client input still answers 400, not 500', async () => {
    const call = endpoint({
      method: 'GET',
      path: '/api/test-query',
      access: 'public',
      query: z.object({ n: z.coerce.number().int() }),
      reply: z.object({ n: z.number() }),
    });
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializerCompiler('compiled'));
    registerErrorHandling(app);
    route(app, call, { handler: async (request) => ({ n: request.query.n }) });
    expect((await app.inject({ method: 'GET', url: '/api/test-query?n=abc' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/test-query?n=7' })).json()).toEqual({ n: 7 });
  });
});
