import type pg from 'pg';
import { wantsArrayRows } from './array-rows.ts';

/**
 * The SQL texts of compiledOnce queries on PostgreSQL and the name each connection prepares them
 * under. Bounded by the code: one entry per compiledOnce query.
 */
const preparedNames = new Map<string, string>();

/** The prepared-statement name of a compiledOnce query's PostgreSQL text, if it is one. */
export const preparedName = (text: string): string | undefined => preparedNames.get(text);

/** Gives a compiledOnce query's PostgreSQL text its prepared-statement name (once). */
export function namePrepared(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `intranet_q${preparedNames.size + 1}`);
}

/**
 * Makes a PostgreSQL connection run the compiledOnce queries as named prepared statements: the
 * first call on the connection parses them, later calls only bind and execute, and after a few
 * runs PostgreSQL keeps a generic plan (no planning per call). Kysely sends every other query
 * unnamed, as before; a query marked for array rows (array-rows.ts) asks pg for arrays
 * (`rowMode: 'array'`) instead of one object per row. Installed on each new connection of the pool (`pool.on('connect')`).
 */
export function usePreparedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = preparedName(text);
      if (name) return query({ name, text, values });
      if (wantsArrayRows(text)) return query({ text, values, rowMode: 'array' });
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
}
