import { z } from 'zod';

/** Ids are 32-bit integers in both databases (PostgreSQL `integer`): a larger one names no row. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id, as a number in JSON or a digit string in a path or query. Bounded by MAX_ID: a
 * larger number is bad input, never a database error.
 */
export function recordId(message?: string) {
  const error = message ? { error: message } : undefined;
  return z.coerce.number(error).int(error).positive(error).max(MAX_ID, error);
}
