import fsp from 'node:fs/promises';
import path from 'node:path';
import type { BackupRun } from '@intranet/contracts';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import {
  ARCHIVE_PREFIX,
  ARCHIVE_SUFFIX,
  type BackupPlace,
  type BackupResult,
  writeBackup,
} from './backup.write.ts';

/** The runs' record beside the archives: read by the administrators' card, in any process. */
const STATUS_FILE = 'backup-status.json';
const RUNS_KEPT = 20;

export async function readBackupRuns(backupDir: string): Promise<BackupRun[]> {
  try {
    const parsed = JSON.parse(await fsp.readFile(path.join(backupDir, STATUS_FILE), 'utf8')) as {
      runs?: BackupRun[];
    };
    return Array.isArray(parsed.runs) ? parsed.runs : [];
  } catch {
    return [];
  }
}

async function recordRun(backupDir: string, run: BackupRun): Promise<void> {
  const runs = [run, ...(await readBackupRuns(backupDir))].slice(0, RUNS_KEPT);
  await fsp.mkdir(backupDir, { recursive: true });
  const temp = path.join(backupDir, `.${STATUS_FILE}.${process.pid}`);
  await fsp.writeFile(temp, JSON.stringify({ runs }, null, 1));
  await fsp.rename(temp, path.join(backupDir, STATUS_FILE));
}

/** One backup, its result (time, size, path, or the error) written where the administrators read it. */
export async function recordedBackup(config: BackupPlace, now = new Date()): Promise<BackupResult> {
  try {
    const result = await writeBackup(config, now);
    await recordRun(config.backupDir, {
      at: now.toISOString(),
      ok: true,
      path: result.path,
      bytes: result.bytes,
    });
    return result;
  } catch (err) {
    await recordRun(config.backupDir, {
      at: now.toISOString(),
      ok: false,
      error: (err as Error).message,
    }).catch(() => undefined);
    throw err;
  }
}

/** Removes all but the newest `keep` archives of BACKUP_DIR (their names sort by time). */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const archives = (await fsp.readdir(backupDir))
    .filter((n) => n.startsWith(ARCHIVE_PREFIX) && n.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse();
  const removed = archives.slice(keep);
  for (const name of removed) await fsp.rm(path.join(backupDir, name), { force: true });
  return removed;
}

/** What the schedule does each time: a recorded backup, then only the last BACKUP_KEEP archives stay. */
export async function backupTick(
  config: BackupPlace & Pick<Config, 'backupKeep'>,
  now = new Date(),
): Promise<BackupResult> {
  const result = await recordedBackup(config, now);
  await pruneBackups(config.backupDir, config.backupKeep);
  return result;
}

/**
 * Runs backupTick on BACKUP_CRON in this process (main.ts calls it once: in the primary when there
 * are several processes). A run still going when the next is due is not doubled. Answers a stop.
 */
export function scheduleBackups(config: Config, log: Logger): () => void {
  if (!config.backupCron) return () => undefined;
  const job = new Cron(config.backupCron, { protect: true }, async () => {
    try {
      const result = await backupTick(config);
      log.info({ path: result.path, bytes: result.bytes }, 'backup feito');
    } catch (err) {
      log.error({ err }, 'backup falhou');
    }
  });
  return () => job.stop();
}
