import { mailPreferencesCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './mail-preferences.service.ts';

export async function mailPreferencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.read, {
    handler: async (request) => service.readOwnPreferences(ctx, currentUser(request)),
  });

  route(app, calls.save, {
    handler: async (request) => service.saveOwnPreferences(ctx, currentUser(request), request.body),
  });
}
