import { expressionBuilder, sql } from 'kysely';
import { byName, type JSON_ARRAY_FROM, jsonList } from '../db/json-array.ts';
import type { Database } from '../db/schema.ts';

/** The id of the outer query's user (`u`), in the JSON sub-selects. */
const outerUserId = sql<number>`${sql.ref('u.id')}`;

/**
 * The sectors and branches of the outer query's user (users aliased `u`) as two JSON array columns
 * of its row (db/json-array.ts): the session and the users list read them in their own statement.
 * Read them with `sectorsOf` and `branchesOf`.
 */
export function membershipColumns(jsonArrayFrom: (typeof JSON_ARRAY_FROM)[keyof typeof JSON_ARRAY_FROM]) {
  // Sub-selects of the outer statement, never run on their own.
  const eb = expressionBuilder<Database, never>();
  return [
    jsonArrayFrom(
      eb
        .selectFrom('user_sectors as us')
        .innerJoin('sectors as sc', 'sc.id', 'us.sector_id')
        .select(['sc.name', 'us.is_main'])
        .where('us.user_id', '=', outerUserId),
    ).as('sectors'),
    jsonArrayFrom(
      eb
        .selectFrom('user_branches as ub')
        .innerJoin('branches as b', 'b.id', 'ub.branch_id')
        .select('b.name')
        .where('ub.user_id', '=', outerUserId),
    ).as('branches'),
  ] as const;
}

/** The two columns of `membershipColumns`, as the drivers answer them. */
export interface MembershipColumns {
  sectors: { name: string; is_main: number }[] | string;
  branches: { name: string }[] | string;
}

/** A user's sectors, the main one first, then by name (code points, as SQLite's default collation). */
export const sectorsOf = (row: MembershipColumns) =>
  jsonList(row.sectors).sort((a, b) => b.is_main - a.is_main || byName(a, b));

/** A user's branch names by name; `main` (the user's filial) first when given. */
export const branchesOf = (row: MembershipColumns, main?: string) =>
  jsonList(row.branches)
    .sort((a, b) => Number(b.name === main) - Number(a.name === main) || byName(a, b))
    .map((b) => b.name);
