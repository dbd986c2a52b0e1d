import path from 'node:path';
import { loadConfig } from '../config.ts';
import { nowIso, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { demoFines, loadFines } from './demo-fines.ts';

/**
 * `npm run seed:fines [count]`: adds `count` realistic fines (100,000 by default) to the configured
 * database (DATA_DIR's SQLite, or DATABASE_URL), numbered L000000001… so a second run conflicts
 * instead of doubling them. Batched inserts in one transaction, the dashboard summaries brought up
 * to date once at its end (demo-fines.ts#loadFines).
 */
async function main() {
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1) throw new Error('uso: npm run seed:fines [quantidade]');
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'intranet.sqlite'),
  });
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const now = nowIso();
    const inserted = await loadFines(database.db, demoFines(count, { seed: 2026, prefix: 'L' }), now);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${inserted} multas inseridas em ${seconds.toFixed(1)} s (${database.dialect})`);
  } finally {
    await database.close();
  }
}

await main();
