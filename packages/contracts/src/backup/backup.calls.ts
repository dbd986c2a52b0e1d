import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { type Actor, isAdmin } from '../roles.ts';

/** One backup the server (schedule) or `npm run backup` made, or tried to. */
export const backupRun = z.object({
  at: z.string().describe('When it started (ISO 8601 UTC).'),
  ok: z.boolean(),
  path: z.string().optional(),
  bytes: z.number().int().min(0).optional(),
  error: z.string().optional(),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupStatusReply = z.object({
  /** The newest successful backup, if any. */
  last: backupRun.nullable(),
  /** The newest run when it failed after the last success. */
  failed: backupRun.nullable(),
  /** Whether BACKUP_CRON is set. */
  scheduled: z.boolean(),
  /** Older than BACKUP_STALE_HOURS, or none while a schedule is set: the card warns. */
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusReply>;

/** Backups are an administrator's business (the card and its call). */
export const canSeeBackups = (u: Actor) => isAdmin(u);

export const BACKUP_STALE_HOURS = 48;
export const BACKUP_STALE_MSG = 'O último backup tem mais de dois dias.';

/** The card's warning: the last good backup is over two days old, or none ran while scheduled. */
export function backupIsStale(lastOkAt: string | undefined, scheduled: boolean, now: Date): boolean {
  if (!lastOkAt) return scheduled;
  return now.getTime() - Date.parse(lastOkAt) > BACKUP_STALE_HOURS * 3_600_000;
}

export const backupCalls = {
  status: endpoint({
    method: 'GET',
    path: '/api/admin/backups',
    summary: 'The last backup (time, size) and whether it is over two days old: administrators only.',
    reply: backupStatusReply,
  }),
};

/** An archive's size as the card shows it: "812 KB", "3,4 MB", "1,2 GB". */
export function formatBackupSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 && unit > 0 ? 1 : 0;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit]}`;
}
