import { Readable } from 'node:stream';
import { platformCalls as calls, READY_PROBLEMS } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Db } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';
import { route } from './route.ts';

/** Compiled once and prepared on PostgreSQL, like the session lookup it is compared with in the bench. */
const ping = compiledOnce((db) => db.selectNoFrom(sql<number>`1`.as('one')), 0);

/** How long each dependency has to answer the readiness probe: a balancer asks every few seconds. */
export const READY_TIMEOUT_MS = 2000;

/** Resolves true when `work` ends well within the time, false when it fails or is late. */
async function answersWithin(work: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The storage accepts a file: a few bytes written under a temporary name and removed, through the
 * Storage interface (whichever driver). A stat of a missing key proves nothing on the local disk,
 * where any error reads as "no such file".
 */
async function storageAccepts(storage: Storage): Promise<void> {
  const temp = await storage.writeTemp(Readable.from([Buffer.from('pronto')]));
  await temp.discard();
}

interface Readiness {
  database: boolean;
  storage: boolean;
}

/**
 * One probe at a time: while the database hangs, probes arriving meanwhile share the running one
 * instead of each waiting for a pooled connection of its own.
 */
function readinessProbe(db: Db, storage: Storage): () => Promise<Readiness> {
  let running: Promise<Readiness> | undefined;
  const probe = async (): Promise<Readiness> => {
    const [database, stored] = await Promise.all([
      answersWithin(() => ping(db, []), READY_TIMEOUT_MS),
      answersWithin(() => storageAccepts(storage), READY_TIMEOUT_MS),
    ]);
    return { database, storage: stored };
  };
  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    return running;
  };
}

const state = (up: boolean) => (up ? ('ok' as const) : ('indisponível' as const));

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.health, {
    handler: async () => {
      await ping(ctx.db, []);
      return { status: 'ok' as const, database: ctx.dialect };
    },
  });

  const ready = readinessProbe(ctx.db, ctx.storage);
  route(app, calls.ready, {
    handler: async () => {
      const found = await ready();
      const states = { database: state(found.database), storage: state(found.storage) };
      if (found.database && found.storage) return { status: 'ok' as const, ...states };
      const reasons = [
        ...(found.database ? [] : [READY_PROBLEMS.database]),
        ...(found.storage ? [] : [READY_PROBLEMS.storage]),
      ];
      throw new HttpError(503, reasons.join(' '), states);
    },
  });
}
