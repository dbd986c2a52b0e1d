/** A throwaway database per benchmark run, created in the cluster of BENCH_DATABASE_URL and dropped after. */
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `intranet_bench_<name>_<time>` next to the database of `adminUrl` (its user needs
 * CREATEDB), so a bench always starts empty whatever ran on BENCH_DATABASE_URL before.
 */
export async function scratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  const dbName = `intranet_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${dbName} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
