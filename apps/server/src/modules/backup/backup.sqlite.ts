import SQLite from 'better-sqlite3';

/** Pages copied per step of the online backup; between steps the server's writers go on. */
const PAGES_PER_STEP = 1024;

export interface SqliteSnapshot {
  rows: Record<string, number>;
  migrations: string[];
}

/**
 * Copies the live database to `target` with SQLite's online backup API (better-sqlite3's backup()):
 * the copy is one consistent state, taken while the server keeps writing. A write by another
 * connection restarts the copy; after a restart the rest goes in one step (one read transaction
 * in WAL mode, which writers do not wait for), so a busy server cannot starve it.
 */
export async function snapshotSqlite(sourceFile: string, target: string): Promise<SqliteSnapshot> {
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    let remainingBefore = Number.POSITIVE_INFINITY;
    await source.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        const restarted = remainingPages > remainingBefore;
        remainingBefore = remainingPages;
        return restarted ? totalPages : PAGES_PER_STEP;
      },
    });
  } finally {
    source.close();
  }
  return describeSqlite(target);
}

/** Rows per table and the migrations run, read from a database file. */
export function describeSqlite(file: string): SqliteSnapshot {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    // A copy of a WAL database keeps WAL mode; as an archive entry it is one self-contained file.
    db.pragma('journal_mode = DELETE');
    const tables = db
      .prepare<[], { name: string }>(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .all()
      .map((t) => t.name);
    const rows: Record<string, number> = {};
    for (const name of tables) {
      rows[name] = db.prepare<[], { n: number }>(`select count(*) as n from "${name}"`).get()?.n ?? 0;
    }
    const migrations = tables.includes('kysely_migration')
      ? db
          .prepare<[], { name: string }>('select name from kysely_migration order by name')
          .all()
          .map((m) => m.name)
      : [];
    return { rows, migrations };
  } finally {
    db.close();
  }
}
