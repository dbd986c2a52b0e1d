import type { AnyEndpoint } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisteredRoute } from '../../src/app.ts';
import { casesFor } from './cases.ts';
import { routeInputs, sample } from './route-inputs.ts';

const files = {
  field: 'file',
  maxFiles: 1,
  maxBytes: 1024,
  mimes: ['image/png'] as const,
  invalidTypeMessage: 'Formato inválido.',
  tooLargeMessage: 'Grande demais.',
};

/** A route as the onRoute hook records it, registered from an endpoint descriptor. */
const fromEndpoint = (parts: Omit<AnyEndpoint, 'method' | 'path'>): RegisteredRoute => {
  const endpoint: AnyEndpoint = { method: 'POST', path: '/api/coisas/:id', ...parts };
  return {
    method: 'POST',
    url: '/api/coisas/:id',
    access: 'member',
    schema: {},
    config: { endpoint },
    endpoint,
  };
};

describe('the campaign reads what each route declares', () => {
  it('reads params, query, body and the multipart form of an endpoint descriptor', () => {
    const inputs = routeInputs(
      fromEndpoint({
        params: z.object({ id: z.coerce.number().int().positive() }),
        query: z.object({ q: z.string().max(10).optional() }),
        multipart: { fields: z.object({ text: z.string().min(1), position: z.coerce.number() }), files },
      }),
    );
    expect(Object.keys(inputs.params?.properties ?? {})).toEqual(['id']);
    expect(Object.keys(inputs.query?.properties ?? {})).toEqual(['q']);
    expect(inputs.body).toBeUndefined();
    expect(Object.keys(inputs.multipart?.fields?.properties ?? {})).toEqual(['text', 'position']);
    expect(inputs.multipart?.files).toEqual(files);
    const cases = casesFor({ method: 'POST', url: '/api/coisas/:id' }, inputs);
    expect(cases.some((c) => c.name === 'formulário sem position')).toBe(true);
    expect(cases.some((c) => c.name === `arquivo de ${1024 + 1024} bytes`)).toBe(true);
  });

  it('reads a Fastify schema, and a body that may be absent as a form with the same fields', () => {
    const inputs = routeInputs({
      method: 'POST',
      url: '/api/chamados',
      access: 'member',
      schema: { body: z.object({ msg: z.string().min(1).max(1000) }).nullish() },
    });
    expect(Object.keys(inputs.body?.anyOf?.[0]?.properties ?? {})).toEqual(['msg']);
    expect(Object.keys(inputs.multipart?.fields?.properties ?? {})).toEqual(['msg']);
    expect(inputs.multipart?.files).toBeUndefined();
  });

  it('builds valid bases that point at no record', () => {
    const body = z.object({
      id: z.coerce.number().int().positive().max(2_147_483_647),
      name: z.string().min(3).max(5),
      code: z.string().regex(/^\d{6}$/),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(1),
    });
    const value = sample(
      routeInputs({ method: 'PUT', url: '/api/x', access: 'member', schema: { body } }).body!,
    );
    expect(body.safeParse(value).success).toBe(true);
    expect(value).toMatchObject({ id: 999_999, code: '999999', kind: 'a' });
  });
});
