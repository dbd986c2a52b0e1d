import { type BackupStatus, backupIsStale, canSeeBackups, type SessionUser } from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/errors.ts';
import { readBackupRuns } from './backup.schedule.ts';

/** The administrators' card: the last good backup, a failure after it, and whether it is too old. */
export async function backupStatus(
  ctx: AppContext,
  user: SessionUser,
  now = new Date(),
): Promise<BackupStatus> {
  authorize(canSeeBackups(user));
  const runs = await readBackupRuns(ctx.config.backupDir);
  const last = runs.find((r) => r.ok) ?? null;
  const newest = runs[0];
  const scheduled = ctx.config.backupCron !== undefined;
  return {
    last,
    failed: newest && !newest.ok ? newest : null,
    scheduled,
    stale: backupIsStale(last?.at, scheduled, now),
  };
}
