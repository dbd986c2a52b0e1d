/**
 * `TIMING_DATABASE_URL=postgres://… npx tsx bench/fines-dashboard-explain.ts '<query string>'`: the
 * statements one dashboard request (fines.service.ts#aggregates) sends for the filters of the query
 * string (as GET /api/fines/aggregates takes them), each with PostgreSQL's EXPLAIN (ANALYZE,
 * BUFFERS), or SQLite's EXPLAIN QUERY PLAN on the file given as the second argument. For reading
 * where a dashboard's time goes on the bench's data (bench/fines-dashboard-timing.ts fills it).
 */
import { type Actor, fineFilters } from '@intranet/contracts';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema.ts';
import { aggregates } from '../apps/server/src/modules/fines/fines.service.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';

const url = process.env.TIMING_DATABASE_URL;
const filters = fineFilters.parse(Object.fromEntries(new URLSearchParams(process.argv[2] ?? '')));
const sent: { sql: string; parameters: readonly unknown[] }[] = [];
const pool = url ? new pg.Pool({ connectionString: url, max: 2 }) : undefined;
const file = process.argv[3];
const sqlite = url ? undefined : new SQLite(file ?? '/tmp/fines-dashboard-timing/fines.sqlite');
const db = new Kysely<Database>({
  dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: sqlite! }),
  log: (event) => {
    if (event.level === 'query') sent.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
const admin: Actor = { userId: 1, privilegio: 0, suport: 0, admin: 1, setor: [] };
await aggregates({ db } as unknown as AppContext, admin, filters);
console.log(`${sent.length} statement(s) for ${JSON.stringify(filters)}`);
for (const s of sent) {
  console.log(`\n${s.sql}\n-- ${JSON.stringify(s.parameters)}`);
  if (pool) {
    const r = await pool.query(`explain (analyze, buffers) ${s.sql}`, s.parameters as unknown[]);
    for (const row of r.rows) console.log(row['QUERY PLAN']);
  } else {
    for (const row of sqlite!.prepare(`explain query plan ${s.sql}`).all(...(s.parameters as unknown[])))
      console.log(JSON.stringify(row));
  }
}
await db.destroy();
