import type pg from 'pg';
import { preparedName } from './compiled-once.ts';

/**
 * Makes a PostgreSQL connection run the compiledOnce queries as named prepared statements: the
 * first call on the connection parses them, later calls only bind and execute, and after a few
 * runs PostgreSQL keeps a generic plan (no planning per call). Kysely sends every other query
 * unnamed, as before. Installed on each new connection of the pool (`pool.on('connect')`).
 */
export function usePreparedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = preparedName(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
  client.query = named as typeof client.query;
}
