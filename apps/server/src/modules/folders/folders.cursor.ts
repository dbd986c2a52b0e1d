import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';

/** A paged answer's cursor: its schema's value as base64url JSON; anything else is a 400. */
export function decodeCursor<T extends z.ZodType>(schema: T, cursor: string): z.infer<T> {
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw badRequest();
  }
}

export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
