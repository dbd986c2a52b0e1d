import type pg from 'pg';
import { wantsArrayRows } from './array-rows.ts';

/**
 * The SQL texts that PostgreSQL connections run as named prepared statements, and each one's name:
 * the compiledOnce queries, and the plain list pages that pagedQuery reuses (platform/
 * platform/lists/reused-statements.ts, `prepare`). At most MAX_PREPARED texts: past it, a new text runs unnamed
 * as before, so that no connection keeps more statements (and plans) than that, whatever the
 * shapes of the lists asked.
 */
const preparedNames = new Map<string, string>();

/**
 * The most texts prepared (each connection of each server process keeps those it ran, with their
 * plans: a few kilobytes each): the session's and health's compiledOnce queries, then the plain
 * pages, probes and counts of the lists in the shapes first asked.
 */
export const MAX_PREPARED = 300;

/** The prepared-statement name of a PostgreSQL text, if it is one. */
export const preparedName = (text: string): string | undefined => preparedNames.get(text);

/** Gives a PostgreSQL text its prepared-statement name (once), while fewer than MAX_PREPARED have one. */
export function namePrepared(text: string): void {
  if (!preparedNames.has(text) && preparedNames.size < MAX_PREPARED) {
    preparedNames.set(text, `intranet_q${preparedNames.size + 1}`);
  }
}

/**
 * Makes a PostgreSQL connection run the texts named above as named prepared statements: the
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
