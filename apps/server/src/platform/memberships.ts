import { expressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DbOrTx } from '../db/database.ts';
import { idSet, idSetValue, inIdSet } from '../db/id-set.ts';
import { byName, type jsonArrayFor, jsonList } from '../db/json-array.ts';
import type { Database } from '../db/schema.ts';

/** A user's sectors and branches as read, before `sectorsInOrder` and `branchesInOrder`. */
export interface Memberships {
  /** `role`: the sector's workflow role (decision 0114), read for the session only. */
  sectors: { name: string; is_main: number; role?: string | null }[];
  branches: { name: string }[];
}

/** The id of the outer query's user (`u`), in the JSON sub-selects. */
const outerUserId = sql<number>`${sql.ref('u.id')}`;

/**
 * The sectors and branches of the outer query's user (users aliased `u`) as two JSON array columns
 * of its row (db/json-array.ts), for a statement that reads one user: the session's. A list reads
 * them with `membershipsOf` instead: per row, such sub-selects cost PostgreSQL more than a
 * statement of their own (decision 0021).
 */
export function membershipColumns(jsonArrayFrom: ReturnType<typeof jsonArrayFor>) {
  // Sub-selects of the outer statement, never run on their own.
  const eb = expressionBuilder<Database, never>();
  return [
    jsonArrayFrom(
      eb
        .selectFrom('user_sectors as us')
        .innerJoin('sectors as sc', 'sc.id', 'us.sector_id')
        .select(['sc.name', 'us.is_main', 'sc.role'])
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
  sectors: Memberships['sectors'] | string;
  branches: Memberships['branches'] | string;
}

/** `membershipColumns` read: PostgreSQL's driver parsed them, SQLite answers text. */
export const membershipsIn = (row: MembershipColumns): Memberships => ({
  sectors: jsonList(row.sectors),
  branches: jsonList(row.branches),
});

/** The rows of `sectorsOf` and `branchesOf`: the user's id and the name. */
const sectorsOf = compiledOnce(
  (db) =>
    db
      .selectFrom('user_sectors as us')
      .innerJoin('sectors as sc', 'sc.id', 'us.sector_id')
      .select(['us.user_id', 'sc.name', 'us.is_main'])
      .where(inIdSet(db, 'us.user_id', idSet([]))),
  1,
);
const branchesOf = compiledOnce(
  (db) =>
    db
      .selectFrom('user_branches as ub')
      .innerJoin('branches as b', 'b.id', 'ub.branch_id')
      .select(['ub.user_id', 'b.name'])
      .where(inIdSet(db, 'ub.user_id', idSet([]))),
  1,
);

/**
 * The sectors and branches of each of `userIds` (a list's page): two statements, the ids one
 * parameter each (db/id-set.ts), each compiled once and prepared on PostgreSQL (db/compiled-once.ts).
 * On PostgreSQL a 50-value `IN` list cost more to plan than to run, and one UNION ALL of the two
 * cost more than both (0.8 ms of planning against 0.06 each:
 * decision 0021).
 */
export async function membershipsOf(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, Memberships>> {
  const byUser = new Map<number, Memberships>();
  if (userIds.length === 0) return byUser;
  const ids = [idSetValue(db, idSet(userIds))];
  const [sectors, branches] = await Promise.all([sectorsOf(db, ids), branchesOf(db, ids)]);
  for (const id of userIds) byUser.set(id, { sectors: [], branches: [] });
  for (const r of sectors) byUser.get(r.user_id)?.sectors.push({ name: r.name, is_main: r.is_main });
  for (const r of branches) byUser.get(r.user_id)?.branches.push({ name: r.name });
  return byUser;
}

/** A user's sectors, the main one first, then by name (code points, as SQLite's default collation). */
export const sectorsInOrder = (m: Memberships) =>
  m.sectors.sort((a, b) => b.is_main - a.is_main || byName(a, b));

/** A user's branch names by name; `main` (the user's filial) first when given. */
export const branchesInOrder = (m: Memberships, main?: string) =>
  m.branches
    .sort((a, b) => Number(b.name === main) - Number(a.name === main) || byName(a, b))
    .map((b) => b.name);
