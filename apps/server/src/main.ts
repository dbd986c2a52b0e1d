import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { removeStaleSheetCopies } from './platform/xlsx-read.ts';
import { isEmptyDatabase, seedDemo } from './seed/demo-seed.ts';
import { ensureReferenceData } from './seed/reference-data.ts';
import { createLocalStorage } from './storage/local-storage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'intranet.sqlite'),
  });
  await migrateToLatest(database.db);
  await ensureReferenceData(database.db, { itEmail: config.itEmail });
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const app = await buildApp({ config, database, storage });
  // Copies of uploads a reader left when its process died mid-read (platform/xlsx-read.ts).
  const staleCopies = await removeStaleSheetCopies().catch((err: unknown) => {
    app.log.warn({ err }, 'cópias temporárias de planilhas não removidas');
    return 0;
  });
  if (staleCopies > 0) app.log.info({ staleCopies }, 'cópias temporárias de planilhas removidas');
  if (config.seedDemo && (await isEmptyDatabase(database.db))) {
    await seedDemo(database.db, storage);
    app.log.info('Banco vazio: dados de demonstração criados (senha de todos: intranet123)');
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'encerrando');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Intranet em http://localhost:${config.port} (${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
