/**
 * `npm run backup`: one archive of the database and the stored files under BACKUP_DIR (default
 * DATA_DIR/backups), on the settings the server reads (DATA_DIR, DATABASE_URL, STORAGE and S3_*);
 * prints its path.
 * The server may keep running meanwhile: the database is copied as one consistent snapshot.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { recordedBackup } from '../modules/backup/backup.schedule.ts';

export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

const USAGE = 'Uso: npm run backup (sem argumentos; a pasta é BACKUP_DIR, por padrão DATA_DIR/backups)';

export async function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  let config: ReturnType<typeof loadConfig>;
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true });
    if (positionals.length > 0) return { code: 1, out: '', err: USAGE };
    config = loadConfig(env);
  } catch (err) {
    return { code: 1, out: '', err: (err as Error).message };
  }
  try {
    const result = await recordedBackup(config);
    return { code: 0, out: result.path, err: '' };
  } catch (err) {
    return { code: 1, out: '', err: `Backup falhou: ${(err as Error).message}` };
  }
}
