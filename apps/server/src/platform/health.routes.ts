import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from './context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
    handler: async () => {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, database: ctx.dialect };
    },
  });
}
