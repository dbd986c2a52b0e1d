/**
 * The 10× data sets the web bench opens its list pages on: the benches' own (tickets, purchases,
 * users, fines, folders), loaded into the real server's SQLite file after it seeded the demo data.
 */
import fs from 'node:fs';
import { demoFines, loadFines } from '../../apps/server/src/seed/demo-fines.ts';
import { insertFolderTree } from '../folders-data.ts';
import { openAppDatabase, settleAfterLoad, sqliteFile } from './databases.ts';
import { stopChild } from './processes.ts';
import { loadPurchases } from './purchases-data.ts';
import { type AppServer, startApp } from './servers.ts';
import { positive } from './settings.ts';
import { loadCalls } from './tickets-data.ts';
import { benchUser } from './users-data.ts';

export const WEB_DATA = {
  calls: positive('BENCH_WEB_CALLS', 200_000),
  purchases: positive('BENCH_WEB_PURCHASES', 50_000),
  users: positive('BENCH_WEB_USERS', 50_000),
  fines: positive('BENCH_WEB_FINES', 100_000),
  folders: positive('BENCH_WEB_FOLDERS', 10_000),
  files: positive('BENCH_WEB_FILES', 100_000),
};

/**
 * Starts the server once (migrations, demo seed), stops it, loads the data sets into its DATA_DIR
 * and starts it again on that folder, so every cache it keeps starts from the loaded data.
 * BENCH_WEB_DATA_DIR: a folder kept between runs — loaded the first time, reused as it is after.
 */
export async function startAppWithLists(): Promise<AppServer> {
  const kept = process.env.BENCH_WEB_DATA_DIR;
  if (kept && fs.existsSync(sqliteFile(kept))) return startApp('sqlite', { dataDir: kept });
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const first = await startApp('sqlite', kept ? { dataDir: kept } : {});
  await stopChild(first.child);
  const started = Date.now();
  const handle = openAppDatabase(first);
  try {
    await loadCalls(handle.db, WEB_DATA.calls);
    await loadPurchases(handle.db, WEB_DATA.purchases);
    const now = new Date().toISOString();
    await handle.db.transaction().execute(async (tx) => {
      for (let offset = 0; offset < WEB_DATA.users; offset += 500) {
        const n = Math.min(500, WEB_DATA.users - offset);
        await tx
          .insertInto('users')
          .values(Array.from({ length: n }, (_, k) => benchUser(offset + k, '-', now)))
          .execute();
      }
    });
    await loadFines(handle.db, demoFines(WEB_DATA.fines, { prefix: 'W' }), now);
    await insertFolderTree(handle.db, handle.dialect, {
      folders: WEB_DATA.folders,
      files: WEB_DATA.files,
      colaboradorMatricula: '1008',
    });
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  process.stderr.write(`  10× data sets loaded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  return startApp('sqlite', { dataDir: first.dataDir });
}
