import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './database.ts';
import { isPostgres } from './dialect.ts';
import { namePrepared } from './prepared-statements.ts';

/**
 * A query that runs on every request, built and compiled by Kysely once per dialect and then run
 * with the request's parameter values: building and compiling the query tree costs more CPU than
 * running a small indexed query (decision 0020). On PostgreSQL each
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
      if (pg) namePrepared(query.sql);
      compiled.set(pg, query);
    }
    const { rows } = await db.executeQuery<R>({ ...query, parameters: values });
    return rows;
  };
}
