import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { scheduleBackups } from './modules/backup/backup.schedule.ts';
import { scheduleDigests } from './modules/mail-preferences/mail-preferences.digest.ts';
import { scheduleUploadSweep } from './modules/operations/operations.uploads.ts';
import { openSetupLink, SETUP_LINK_HOURS } from './modules/setup/setup.service.ts';
import { createMailer } from './platform/mail.ts';
import { scheduleOrphanSweep, sweepOrphanFiles } from './platform/orphan-files.ts';
import { superviseWorkers } from './platform/server-workers.ts';
import { mailFromOf } from './platform/settings.ts';
import { removeStaleSheetCopies } from './platform/xlsx-read.ts';
import { isEmptyDatabase, seedDemo } from './seed/demo-seed.ts';
import { ensureReferenceData } from './seed/reference-data.ts';
import { createConfiguredStorage } from './storage/configured-storage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const openConfiguredDatabase = (config: Config) =>
  openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'intranet.sqlite') });

/** The daily digest's database and mailer, opened for each run (closed after it). */
const digestPlumbing = (config: Config, log: pino.Logger) => () => {
  const database = openConfiguredDatabase(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: () => mailFromOf(database.db, config.mailFrom),
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  return { database, mailer };
};

const address = (config: Config, dialect: string) =>
  `Intranet em http://localhost:${config.port} (${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`;

/** What runs once before any request: migrations, reference and demo data, leftovers of dead readers. */
async function prepare(config: Config, log: pino.Logger): Promise<string> {
  const database = openConfiguredDatabase(config);
  try {
    await migrateToLatest(database.db);
    await ensureReferenceData(database.db, { itEmail: config.itEmail });
    if (config.seedDemo && (await isEmptyDatabase(database.db))) {
      await seedDemo(database.db, createConfiguredStorage(config));
      log.info('Banco vazio: dados de demonstração criados (senha de todos: intranet123)');
    }
    const setupToken = await openSetupLink(database.db);
    if (setupToken) {
      log.warn(
        `Nenhum administrador cadastrado. Crie o primeiro em ${config.publicUrl}/configuracao-inicial/${setupToken} (vale uma vez, por ${SETUP_LINK_HOURS} h; ou: npm run admin -- create)`,
      );
    }
  } finally {
    await database.close();
  }
  await removeSheetLeftovers(log);
  return database.dialect;
}

/** Copies of uploads a reader left when its process died mid-read (platform/xlsx-read.ts). */
async function removeSheetLeftovers(log: pino.Logger): Promise<void> {
  const staleCopies = await removeStaleSheetCopies().catch((err: unknown) => {
    log.warn({ err }, 'cópias temporárias de planilhas não removidas');
    return 0;
  });
  if (staleCopies > 0) log.info({ staleCopies }, 'cópias temporárias de planilhas removidas');
}

/** Stored files without their row, swept on this server's own database connection for each run. */
function sweepOrphans(config: Config, log: pino.Logger): void {
  const storage = createConfiguredStorage(config);
  const run = async () => {
    const database = openConfiguredDatabase(config);
    try {
      return await sweepOrphanFiles(database.db, storage);
    } finally {
      await database.close();
    }
  };
  scheduleOrphanSweep(
    run,
    (removed) => {
      if (removed.files || removed.temporary) log.info({ removed }, 'arquivos sem registro removidos');
    },
    (err) => log.error({ err }, 'orphan files: sweep failed'),
  );
}

/** One server process: the app on its own database connections, listening on the port. */
async function serve(config: Config, announce: boolean): Promise<void> {
  const database = openConfiguredDatabase(config);
  const app = await buildApp({ config, database, storage: createConfiguredStorage(config) });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'encerrando');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (announce) app.log.info(address(config, database.dialect));
}

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  if (cluster.isWorker) return serve(config, false);
  const log = pino({ level: config.logLevel });
  const dialect = await prepare(config, log);
  // This process only: the primary when there are several (workers never get here).
  scheduleBackups(config, log);
  scheduleDigests(config, log, digestPlumbing(config, log));
  sweepOrphans(config, log);
  if (config.workers === 1) return serve(config, true);
  scheduleUploadSweep(config, (err) => log.error({ err }, 'operation uploads: sweep failed'));
  superviseWorkers(
    config.workers,
    log,
    () => removeSheetLeftovers(log),
    () => log.info(`${address(config, dialect)}, ${config.workers} processos`),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
