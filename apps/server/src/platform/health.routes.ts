import { platformCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { AppContext } from './context.ts';
import { route } from './route.ts';

/** Compiled once and prepared on PostgreSQL, like the session lookup it is compared with in the bench. */
const ping = compiledOnce((db) => db.selectNoFrom(sql<number>`1`.as('one')), 0);

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.health, {
    handler: async () => {
      await ping(ctx.db, []);
      return { status: 'ok' as const, database: ctx.dialect };
    },
  });
}
