import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001_foundation.ts';

/** Migrations are listed here so that start-up never scans the disk. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha ao migrar o banco de dados (${failed?.migrationName ?? 'desconhecida'})`, {
      cause: error,
    });
  }
}
