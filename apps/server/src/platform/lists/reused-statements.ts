import type { CompiledQuery, QueryResult } from 'kysely';
import { namePrepared } from '../../db/prepared-statements.ts';

/** Runs compiled queries: the database or a transaction (database.ts#DbOrTx). */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** A statement pagedQuery adds to a list's filters: built from the values it adds (`tail`). */
export interface BuiltStatement<R> {
  compile(): CompiledQuery<R>;
  execute(): Promise<R[]>;
}

/**
 * Where the parameters of a compiled statement come from: `slot >= 0` is the filters' parameter
 * of that index, `slot < 0` the value `-1 - slot` of the tail.
 */
interface Layout {
  compiled: CompiledQuery;
  slots: readonly number[];
}

/** Per owner (a list's spec, a module constant), per statement key: its layout, or null if it has none. */
const layouts = new WeakMap<object, Map<string, Layout | null>>();
/** Statement keys kept per owner (filters' shapes × sorts × pages): forgotten all at once past it. */
const MAX_KEYS = 200;

/**
 * Runs the statement `build(tail)`: the list's filters (compiled alone as `filters`) with what a
 * page adds to them, whose values are `tail` (a cursor's values, a limit, an offset). Kysely builds
 * and compiles such a statement again on every request, which cost a plain list request 0.25–0.35
 * ms of CPU (decision 0031); here it is built and compiled once per
 * `owner` and `key`, and then run with the request's values: the filters' own parameters, in
 * their order, and the tail's values where the first compile put them. That first compile builds
 * the tail of unique marks, to find them among the parameters; the key must say everything else
 * the statement's text depends on (the filters' SQL among it). A statement whose other parameters
 * are not exactly the filters' own, in their order (a select list with values of its own), keeps
 * being built and compiled on every run. `prepare` (PostgreSQL texts only): the statement's text is
 * also a named prepared statement of each connection (db/prepared-statements.ts), parsed once and,
 * after a few runs, planned once: for statements whose best plan does not depend on their values
 * (pagedQuery's plain pages: 20–55 % more list requests a second in the tickets bench,
 * decision 0030).
 */
export async function runReused<R>(
  runner: QueryRunner,
  owner: object,
  key: string,
  filters: CompiledQuery,
  tail: readonly unknown[],
  build: (tail: readonly unknown[]) => BuiltStatement<R>,
  prepare = false,
): Promise<R[]> {
  let byKey = layouts.get(owner);
  if (!byKey) {
    byKey = new Map();
    layouts.set(owner, byKey);
  }
  let layout = byKey.get(key);
  if (layout === undefined) {
    layout = layoutOf(filters, tail.length, build);
    if (byKey.size >= MAX_KEYS) byKey.clear();
    byKey.set(key, layout);
    if (layout && prepare) namePrepared(layout.compiled.sql);
  }
  if (!layout) return build(tail).execute();
  const parameters = layout.slots.map((slot) => (slot >= 0 ? filters.parameters[slot] : tail[-1 - slot]));
  const { rows } = await runner.executeQuery<R>({ ...(layout.compiled as CompiledQuery<R>), parameters });
  return rows;
}

/** The statement compiled with marks for its tail, and where each parameter comes from; null if unknown. */
function layoutOf<R>(
  filters: CompiledQuery,
  tailLength: number,
  build: (tail: readonly unknown[]) => BuiltStatement<R>,
): Layout | null {
  const marks = Array.from({ length: tailLength }, () => ({}));
  const compiled = build(marks).compile();
  const slots: number[] = [];
  const seen = new Set<number>();
  let next = 0;
  for (const value of compiled.parameters) {
    const mark = marks.indexOf(value as object);
    if (mark >= 0) {
      if (seen.has(mark)) return null;
      seen.add(mark);
      slots.push(-1 - mark);
    } else {
      if (next >= filters.parameters.length || !Object.is(value, filters.parameters[next])) return null;
      slots.push(next++);
    }
  }
  if (next !== filters.parameters.length || seen.size !== tailLength) return null;
  return { compiled, slots };
}
