import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { relayLiveEvents } from './live-events.ts';
import { answerWorkersMetrics } from './metrics.ts';

/** A worker that dies sooner than this after its start counts as a crash loop. */
const QUICK_DEATH_MS = 10_000;
/** Crash-loop deaths in a row after which the primary gives up instead of forking again. */
const MAX_QUICK_DEATHS = 5;

/**
 * The primary of a server of several processes (config WORKERS): forks `count` workers that each
 * run main.ts's server on the same port (Node spreads the connections), keeps the rate limits'
 * counters for all of them on SQLite (platform/rate-limit.ts), relays the live events between
 * them (live-events.ts), sums their metrics for a scrape (metrics.ts), replaces a worker that
 * dies, and stops them all on SIGINT/SIGTERM. `onWorkerExit` runs after any worker ended (e.g. to clean what it left).
 */
export function superviseWorkers(
  count: number,
  log: Logger,
  onWorkerExit: () => Promise<void>,
  onAllListening: () => void,
): void {
  new RateLimiterClusterMaster();
  relayLiveEvents();
  answerWorkersMetrics();
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('listening', () => {
      listening.add(worker.id);
      if (listening.size === count) onAllListening();
    });
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    void onWorkerExit().catch((err: unknown) =>
      log.warn({ err }, 'limpeza após o fim de um processo falhou'),
    );
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    log.error({ pid: worker.process.pid, code, signal }, 'processo do servidor terminou; iniciando outro');
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      log.fatal('os processos do servidor terminam logo ao iniciar; encerrando');
      process.exit(1);
    }
    fork();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'encerrando');
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.kill('SIGTERM');
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < count; i++) fork();
}
