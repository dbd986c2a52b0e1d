import { nowIso } from '../../apps/server/src/db/database.ts';
import { demoFines, loadFines } from '../../apps/server/src/seed/demo-fines.ts';
import { openAppDatabase, settleAfterLoad } from './databases.ts';
import { loadPurchases } from './purchases-data.ts';
import type { AppServer } from './servers.ts';
import { positive } from './settings.ts';
import { loadCalls } from './tickets-data.ts';

/** The 10× calls, purchase requests and fines the cross-module benches (pendências, busca) read. */
export const MIXED = {
  calls: positive('BENCH_CALLS', 200_000),
  purchases: positive('BENCH_PURCHASES', 50_000),
  fines: positive('BENCH_FINES', 100_000),
};

/** Loads MIXED on top of the demo company of `app`; answers the seconds it took. */
export async function loadMixed(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    await loadCalls(handle.db, MIXED.calls);
    await loadPurchases(handle.db, MIXED.purchases);
    await loadFines(handle.db, demoFines(MIXED.fines, { prefix: 'P' }), nowIso());
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`  ${app.database}: data sets loaded in ${seconds.toFixed(1)} s\n`);
  return seconds;
}
