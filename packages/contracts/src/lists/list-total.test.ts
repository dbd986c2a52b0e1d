import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyEndpoint } from '../http/endpoint.ts';
import * as contracts from '../index.ts';
import { listTotal } from './list-total.ts';

const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v;

/** Every declared call, by `<group>.<name>`. */
const calls = Object.entries(contracts).flatMap(([group, value]) =>
  group.endsWith('Calls') && typeof value === 'object' && value !== null
    ? Object.entries(value)
        .filter(([, call]) => isEndpoint(call))
        .map(([name, call]) => [`${group}.${name}`, call as AnyEndpoint] as const)
    : [],
);

/** The calls whose reply has a total counted on first pages only (optional): the paged lists. */
const pagedLists = calls.filter(([, call]) => {
  const shape = (call.reply as z.ZodObject | undefined)?.def?.shape as Record<string, z.ZodType> | undefined;
  return shape?.total?.def.type === 'optional';
});

describe('paged list replies', () => {
  it('are found (the fines, purchases, HR, calls and users lists among them)', () => {
    expect(pagedLists.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'finesCalls.list',
        'purchasesCalls.list',
        'hrCalls.listRequests',
        'hrCalls.listEmployees',
        'ticketsCalls.list',
        'usersCalls.list',
      ]),
    );
  });

  it.each(pagedLists)('%s says when its total is capped ("mais de 1.000")', (_name, call) => {
    const shape = (call.reply as z.ZodObject).def.shape;
    expect(shape.total).toBe(listTotal.total);
    expect(shape.totalCapped).toBe(listTotal.totalCapped);
  });
});
