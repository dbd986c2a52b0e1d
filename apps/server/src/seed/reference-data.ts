import { BRANCH_LABEL, BRANCH_NAMES, LIMITS, SECTOR_NAMES } from '@intranet/contracts';
import type { Db } from '../db/database.ts';
import { DEFAULT_IT_EMAIL, SETTING } from '../platform/settings.ts';

/** Sectors, branches and settings every installation needs; safe to run at every start. */
export async function ensureReferenceData(db: Db, options: { itEmail: string | undefined }): Promise<void> {
  const sectors = await db.selectFrom('sectors').select('name').execute();
  const missingSectors = SECTOR_NAMES.filter((n) => !sectors.some((s) => s.name === n));
  if (missingSectors.length) {
    await db
      .insertInto('sectors')
      .values(missingSectors.map((name) => ({ name })))
      .execute();
  }
  const branches = await db.selectFrom('branches').select('name').execute();
  const missingBranches = BRANCH_NAMES.filter((n) => !branches.some((b) => b.name === n));
  if (missingBranches.length) {
    await db
      .insertInto('branches')
      .values(missingBranches.map((name) => ({ name, label: BRANCH_LABEL[name] })))
      .execute();
  }
  await setDefaultSetting(db, 'policy_version', LIMITS.policyVersion);
  // IT_EMAIL is the first value only: afterwards the E-mail screen's (decision 0115) is kept.
  await setDefaultSetting(db, SETTING.itEmail, options.itEmail ?? DEFAULT_IT_EMAIL);
}

async function setDefaultSetting(db: Db, key: string, value: string): Promise<void> {
  const row = await db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
  if (!row) await db.insertInto('settings').values({ key, value }).execute();
}
