import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_admin.ts';
import * as m0003 from './migrations/0003_folders.ts';
import * as m0004 from './migrations/0004_tickets.ts';
import * as m0005 from './migrations/0005_purchases.ts';
import * as m0006 from './migrations/0006_fines.ts';
import * as m0007 from './migrations/0007_hr.ts';
import * as m0008 from './migrations/0008_calendar.ts';
import * as m0009 from './migrations/0009_operations.ts';
import * as m0010 from './migrations/0010_search.ts';
import * as m0011 from './migrations/0011_purchases_search.ts';
import * as m0012 from './migrations/0012_hr_one_dismissal.ts';
import * as m0013 from './migrations/0013_operations_search.ts';
import * as m0014 from './migrations/0014_fines_aggregates.ts';
import * as m0015 from './migrations/0015_purchases_filters.ts';
import * as m0016 from './migrations/0016_fines_filtered.ts';
import * as m0017 from './migrations/0017_fines_cube.ts';
import * as m0018 from './migrations/0018_purchases_priority_qnt.ts';
import * as m0019 from './migrations/0019_fines_import_deferred.ts';
import * as m0020 from './migrations/0020_fines_cube_years.ts';
import * as m0021 from './migrations/0021_purchases_statistics.ts';
import * as m0022 from './migrations/0022_fines_drop_views.ts';
import * as m0023 from './migrations/0023_fines_dashboard_reads.ts';
import * as m0025 from './migrations/0025_folder_tree_version.ts';
import * as m0026 from './migrations/0026_search_keys.ts';
import * as m0027 from './migrations/0027_search_key_indexes.ts';
import * as m0028 from './migrations/0028_pg_sort_indexes_with_id.ts';
import * as m0029 from './migrations/0029_purchase_sectors_created.ts';
import * as m0030 from './migrations/0030_calendar_invitations_sent.ts';
import * as m0031 from './migrations/0031_hr_approver_substitutes.ts';
import * as m0032 from './migrations/0032_operation_uploads.ts';
import * as m0033 from './migrations/0033_purchase_denied_from.ts';
import * as m0034 from './migrations/0034_hr_search.ts';
import * as m0035 from './migrations/0035_calendar_event_deleted.ts';
import * as m0036 from './migrations/0036_sector_roles.ts';
import * as m0037 from './migrations/0037_calendar_invitation_seen.ts';
import * as m0038 from './migrations/0038_pendencias_order.ts';
import * as m0039 from './migrations/0039_purchase_sector_stages.ts';
import * as m0040 from './migrations/0040_mail_preferences.ts';
import * as m0042 from './migrations/0042_one_search.ts';
import * as m0044 from './migrations/0044_rate_limit_counters.ts';
import * as m0046 from './migrations/0046_job_records.ts';

/** Migrations are listed here so that start-up never scans the disk. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_admin': m0002,
  '0003_folders': m0003,
  '0004_tickets': m0004,
  '0005_purchases': m0005,
  '0006_fines': m0006,
  '0007_hr': m0007,
  '0008_calendar': m0008,
  '0009_operations': m0009,
  '0010_search': m0010,
  '0011_purchases_search': m0011,
  '0012_hr_one_dismissal': m0012,
  '0013_operations_search': m0013,
  '0014_fines_aggregates': m0014,
  '0015_purchases_filters': m0015,
  '0016_fines_filtered': m0016,
  '0017_fines_cube': m0017,
  '0018_purchases_priority_qnt': m0018,
  '0019_fines_import_deferred': m0019,
  '0020_fines_cube_years': m0020,
  '0021_purchases_statistics': m0021,
  '0022_fines_drop_views': m0022,
  '0023_fines_dashboard_reads': m0023,
  '0025_folder_tree_version': m0025,
  '0026_search_keys': m0026,
  '0027_search_key_indexes': m0027,
  '0028_pg_sort_indexes_with_id': m0028,
  '0029_purchase_sectors_created': m0029,
  '0030_calendar_invitations_sent': m0030,
  '0031_hr_approver_substitutes': m0031,
  '0032_operation_uploads': m0032,
  '0033_purchase_denied_from': m0033,
  '0034_hr_search': m0034,
  '0035_calendar_event_deleted': m0035,
  '0036_sector_roles': m0036,
  '0037_calendar_invitation_seen': m0037,
  '0038_pendencias_order': m0038,
  '0039_purchase_sector_stages': m0039,
  '0040_mail_preferences': m0040,
  '0042_one_search': m0042,
  '0044_rate_limit_counters': m0044,
  '0046_job_records': m0046,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Modules are built in parallel: a database that already ran a later-numbered migration still takes an earlier one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha ao migrar o banco de dados (${failed?.migrationName ?? 'desconhecida'})`, {
      cause: error,
    });
  }
}

/** The names of the migrations this code knows, oldest first (a backup's level is checked against them). */
export const knownMigrations: readonly string[] = Object.keys(migrations).sort();

/** Runs the migrations up to and including `name` (a restore loads an older backup's rows at its level). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha ao migrar o banco de dados (${failed?.migrationName ?? 'desconhecida'})`, {
      cause: error,
    });
  }
}
