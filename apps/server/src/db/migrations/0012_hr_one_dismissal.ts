import { type Kysely, sql } from 'kysely';

/**
 * At most one live dismissal request per employee (open or approved; a denied one, status 10, does
 * not count): two simultaneous requests cannot both commit. A partial unique index, the same on
 * SQLite and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX hr_requests_one_dismissal ON hr_requests (employee_id) WHERE type_request = 'dismissal' AND status <> 10`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX hr_requests_one_dismissal`.execute(db);
}
