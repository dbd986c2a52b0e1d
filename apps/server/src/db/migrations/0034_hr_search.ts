import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../search.ts';

/**
 * Issue 32: the HR lists' "contains" filters (requests by requester and employee, employees by
 * name) ignore accents and case like every other search, through a search index (db/search.ts).
 */
const SEARCHED = {
  hr_requests: ['requester_name', 'employee_name'],
  hr_employees: ['name'],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) await createSearchIndex(db, table, columns);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) await dropSearchIndex(db, table, columns);
}
