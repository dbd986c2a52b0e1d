/**
 * `npm run restore -- ARCHIVE`: an archive of `npm run backup` into the data folder, file storage
 * and database the server's settings name (DATA_DIR, STORAGE and S3_*, DATABASE_URL), all empty.
 * Refused, with nothing written: a target that holds data, an archive of a newer version (migration
 * level) or of the other database, an archive whose sums do not match. The next server start migrates the data forward.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { RestoreRefused, restoreBackup } from '../modules/backup/backup.restore.ts';
import type { CommandResult } from './backup.ts';

const USAGE = 'Uso: npm run restore -- ARQUIVO (um backup de npm run backup)';

export async function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  let config: ReturnType<typeof loadConfig>;
  let archive: string;
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true });
    if (positionals.length !== 1 || !positionals[0]) return { code: 1, out: '', err: USAGE };
    archive = path.resolve(positionals[0]);
    config = loadConfig(env);
  } catch (err) {
    return { code: 1, out: '', err: (err as Error).message };
  }
  try {
    const manifest = await restoreBackup(config, archive);
    const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    const files = manifest.entries.filter((e) => e.name.startsWith('files/')).length;
    return {
      code: 0,
      out: `Backup de ${manifest.createdAt} restaurado (${rows} linhas, ${files} arquivos; migração ${manifest.migrationLevel}). Inicie o servidor para atualizar o banco.`,
      err: '',
    };
  } catch (err) {
    if (err instanceof RestoreRefused) return { code: 1, out: '', err: err.message };
    return { code: 1, out: '', err: `Restauração falhou: ${(err as Error).message}` };
  }
}
