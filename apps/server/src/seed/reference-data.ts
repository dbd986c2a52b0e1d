import { LIMITS, SECTOR_ROLE_LABEL, SECTOR_ROLES } from '@intranet/contracts';
import type { Db } from '../db/database.ts';
import { DEFAULT_IT_EMAIL, SETTING } from '../platform/settings.ts';

/** The branches of spec §2 a fresh install starts with (`name` stored on records, `label` shown). */
const FIRST_BRANCHES = [
  { name: 'Matriz', label: 'Matriz' },
  { name: 'Maua', label: 'Mauá' },
];

/**
 * Sectors, branches and settings every installation needs; safe to run at every start. The spec's
 * sectors (each with its role) and branches go into empty tables only: once there, they are the
 * administrator's to rename or deactivate (decision 0114), and a start never adds them back.
 */
export async function ensureReferenceData(db: Db, options: { itEmail: string | undefined }): Promise<void> {
  const sector = await db.selectFrom('sectors').select('id').limit(1).executeTakeFirst();
  if (!sector) {
    await db
      .insertInto('sectors')
      .values(SECTOR_ROLES.map((role) => ({ name: SECTOR_ROLE_LABEL[role], role })))
      .execute();
  }
  const branch = await db.selectFrom('branches').select('id').limit(1).executeTakeFirst();
  if (!branch) await db.insertInto('branches').values(FIRST_BRANCHES).execute();
  await setDefaultSetting(db, 'policy_version', LIMITS.policyVersion);
  // IT_EMAIL is the first value only: afterwards the E-mail screen's (decision 0115) is kept.
  await setDefaultSetting(db, SETTING.itEmail, options.itEmail ?? DEFAULT_IT_EMAIL);
}

async function setDefaultSetting(db: Db, key: string, value: string): Promise<void> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
  if (!row) await db.insertInto('settings').values({ key, value }).execute();
}
