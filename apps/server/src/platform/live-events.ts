import cluster from 'node:cluster';
import { EventEmitter } from 'node:events';
import type { PendenciasEvent } from '@intranet/contracts';
import type { DatabaseHandle } from '../db/database.ts';

/**
 * Events that reach every process serving the intranet (decision 0118): a service announces a
 * change after its transaction commits, and whoever listens in any process hears it once.
 * - PostgreSQL: NOTIFY on one channel; each process LISTENs on a connection of its own, so
 *   separate servers over the same database hear each other, and the processes of one server too.
 * - SQLite with several processes (WORKERS): the worker sends the event to the cluster primary,
 *   which sends it to every worker, the sender included (relayLiveEvents).
 * - One process on SQLite: delivered in the process.
 * Delivery is at most once: a process that starts listening late, or loses its LISTEN connection
 * for a moment, misses what was said meanwhile; listeners fetch the state again on reconnecting.
 */
export interface LiveEvents {
  publish(message: LiveMessage): Promise<void>;
  /** Hears every message; resolves once messages published after it are heard. */
  subscribe(listener: (message: LiveMessage) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** What travels: so far only "these pendências may have changed". */
export type LiveMessage = { topic: 'pendencias'; event: PendenciasEvent };

/** The PostgreSQL channel, and the tag of the cluster's messages. */
export const LIVE_CHANNEL = 'intranet_live';
const IPC_TAG = 'intranet-live';

interface IpcEnvelope {
  [IPC_TAG]: true;
  message: LiveMessage;
}
const isEnvelope = (value: unknown): value is IpcEnvelope =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>)[IPC_TAG] === true;

/**
 * The cluster primary's part (SQLite with WORKERS > 1; server-workers.ts calls it): every event a
 * worker sends goes to every worker.
 */
export function relayLiveEvents(): void {
  cluster.on('message', (_sender, value: unknown) => {
    if (!isEnvelope(value)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send(value);
    }
  });
}

export function createLiveEvents(database: DatabaseHandle): LiveEvents {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (message: LiveMessage) => local.emit('message', message);
  let stopListening: (() => Promise<void>) | undefined;
  let listening: Promise<void> | undefined;

  const listen = (): Promise<void> => {
    if (listening) return listening;
    if (database.listen) {
      listening = database
        .listen(LIVE_CHANNEL, (payload) => {
          try {
            deliver(JSON.parse(payload) as LiveMessage);
          } catch {
            // Not ours: ignored.
          }
        })
        .then((stop) => {
          stopListening = stop;
        });
    } else {
      if (cluster.isWorker) {
        const onIpc = (value: unknown) => {
          if (isEnvelope(value)) deliver(value.message);
        };
        process.on('message', onIpc);
        stopListening = async () => {
          process.off('message', onIpc);
        };
      }
      listening = Promise.resolve();
    }
    return listening;
  };

  return {
    async publish(message) {
      if (database.notify) return database.notify(LIVE_CHANNEL, JSON.stringify(message));
      if (cluster.isWorker && process.send) {
        process.send({ [IPC_TAG]: true, message } satisfies IpcEnvelope);
        return;
      }
      setImmediate(() => deliver(message));
    },
    async subscribe(listener) {
      local.on('message', listener);
      await listen();
      return () => local.off('message', listener);
    },
    async close() {
      local.removeAllListeners();
      await stopListening?.();
    },
  };
}

/**
 * A service's word that a write moved a record that may enter or leave someone's queue: said after
 * the transaction commits, and never failing the change it follows.
 */
export function announcePendencias(ctx: { live: LiveEvents }, event: PendenciasEvent): void {
  ctx.live.publish({ topic: 'pendencias', event }).catch(() => undefined);
}
