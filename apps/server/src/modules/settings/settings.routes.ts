import { settingsCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as approvers from './settings.approvers.ts';
import * as mail from './settings.mail.ts';

const ok = (message: string) => ({ success: true as const, message });

/** The company's setup on screens: Aprovadores and E-mail (issue 34, decision 0115). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.listApprovers, {
    handler: async (request) => approvers.listApproverStages(ctx, currentUser(request)),
  });

  route(app, calls.setApprovers, {
    handler: async (request) =>
      ok(await approvers.setApproverStage(ctx, currentUser(request), request.params.role, request.body)),
  });

  route(app, calls.getMail, {
    handler: async (request) => mail.mailSettings(ctx, currentUser(request)),
  });

  route(app, calls.setMail, {
    handler: async (request) => ok(await mail.setMailSettings(ctx, currentUser(request), request.body)),
  });

  route(app, calls.testMail, {
    handler: async (request) => mail.sendTestMail(ctx, currentUser(request), request.log),
  });
}
