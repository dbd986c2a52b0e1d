import { platformCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { route } from './route.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.health, {
    handler: async () => {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, database: ctx.dialect };
    },
  });
}
