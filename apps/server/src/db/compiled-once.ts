import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './database.ts';
import { isPostgres } from './dialect.ts';

/**
 * The SQL texts of compiledOnce queries on PostgreSQL and the name each connection prepares them
 * under (db/prepared-statements.ts). Bounded by the code: one entry per compiledOnce query.
 */
const preparedNames = new Map<string, string>();

/** The prepared-statement name of a compiledOnce query's PostgreSQL text, if it is one. */
export const preparedName = (text: string): string | undefined => preparedNames.get(text);

/**
 * A query that runs on every request, built and compiled by Kysely once per dialect and then run
 * with the request's parameter values: building and compiling the query tree costs more CPU than
 * running a small indexed query (docs/performance.md, session analysis). On PostgreSQL each
 * connection also prepares it once (parse and plan once instead of on every call). `build` gets
 * placeholder values; `values` at run time replace the compiled query's parameters in order (their
 * number is checked when it is compiled).
 */
export function compiledOnce<R>(build: (db: DbOrTx) => Compilable<R>, parameterCount: number) {
  const compiled = new Map<boolean, CompiledQuery<R>>();
  return async (db: DbOrTx, values: readonly unknown[]): Promise<R[]> => {
    const pg = isPostgres(db);
    let query = compiled.get(pg);
    if (!query) {
      query = build(db).compile();
      if (query.parameters.length !== parameterCount) {
        throw new Error(`compiledOnce: ${query.parameters.length} parameters, ${parameterCount} expected`);
      }
      if (pg && !preparedNames.has(query.sql))
        preparedNames.set(query.sql, `intranet_q${preparedNames.size + 1}`);
      compiled.set(pg, query);
    }
    const { rows } = await db.executeQuery<R>({ ...query, parameters: values });
    return rows;
  };
}
