import fs from 'node:fs';
import { sql } from 'kysely';
import { nowIso, openDatabase } from './src/db/database.ts';
import { migrateToLatest } from './src/db/migrate.ts';
import { addSummaryAfter, pauseSummaryOnInsert } from './src/modules/fines/fines.queries.ts';
import { demoFines, insertFines } from './src/seed/demo-fines.ts';
const out: Record<string, unknown> = {};
for (const paused of [true, false]) {
  const file = `/tmp/fines2/imp-${paused}.db`;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const h = openDatabase({ sqliteFile: file });
  await migrateToLatest(h.db);
  const t = performance.now();
  await h.db.transaction().execute(async (tx) => {
    const last = paused ? await pauseSummaryOnInsert(tx) : null;
    await insertFines(tx, demoFines(100_000, { prefix: 'X' }), nowIso());
    const t2 = performance.now();
    await addSummaryAfter(tx, last);
    out[`${paused}-final-apply-s`] = ((performance.now() - t2) / 1000).toFixed(1);
  });
  out[`${paused}-total-s`] = ((performance.now() - t) / 1000).toFixed(1);
  out[`${paused}-cells`] = (await sql`select dim, sum(count) c, sum(value) v from fines_aggregates group by dim order by dim`.execute(h.db)).rows;
  await h.close();
}
console.log(JSON.stringify({ paused: [out['true-total-s'], out['true-final-apply-s']], triggers: out['false-total-s'] }));
console.log('same summary:', JSON.stringify(out['true-cells']) === JSON.stringify(out['false-cells']));
