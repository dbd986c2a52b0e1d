import {
  operationsCalls as calls,
  MSG,
  OPERATION_UPLOAD_PATH,
  operationUploadParams,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { keyedLimit } from '../../platform/rate-limit.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import * as service from './operations.service.ts';
import { createOperationUploads, scheduleUploadSweep } from './operations.uploads.ts';

export async function operationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lookupLimit = keyedLimit(ctx.counters, 'ot-lookup:user', ctx.rateLimits.otLookupPerUser);
  route(app, calls.byOt, {
    handler: async (request) =>
      service.attachmentsOfOt(ctx, currentUser(request), request.query.ot, lookupLimit),
  });

  route(app, calls.listOts, {
    handler: async (request) => service.otFolders(ctx, currentUser(request), request.query),
  });

  route(app, calls.file, {
    handler: async (request, reply) => {
      const file = await service.attachmentFile(ctx, currentUser(request), request.params.name);
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.key,
        contentType: file.mime,
        notFoundMessage: MSG.operationFileNotFound,
        // Names are never reused (uuid): a video seeks through ranges the browser may keep.
        cacheControl: 'private, max-age=31536000, immutable',
      });
    },
  });

  const uploads = createOperationUploads(ctx, app.log);
  // With several server processes the primary sweeps for them all (main.ts).
  if (ctx.config.workers === 1) {
    const stopSweep = scheduleUploadSweep(ctx.config, (err) =>
      app.log.error({ err }, 'operation uploads: sweep failed'),
    );
    app.addHook('onClose', async () => stopSweep());
  }

  /*
   * The tus protocol's routes. They are plain Fastify routes, so the auth guard runs on them like
   * on every route (access 'member', declared here; registeredRoutes and the authz matrix list
   * them). Their bodies are raw bytes that tus reads itself: in this scope no content-type parser
   * reads a body, and the uploads hand the raw request to tus with the session's user.
   */
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const config = { access: 'member' as const };

    scope.route({
      method: 'POST',
      url: OPERATION_UPLOAD_PATH,
      config,
      schema: { summary: 'Creates a resumable upload (tus 1.0.0; metadata ot, slot, filename).' },
      handler: async (request, reply) => uploads.create(request, reply, currentUser(request)),
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${OPERATION_UPLOAD_PATH}/:id`,
      config,
      schema: {
        summary: "Reads the offset of (HEAD), appends to (PATCH) or drops (DELETE) one's own upload (tus).",
        params: operationUploadParams,
      },
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        return uploads.resume(request, reply, currentUser(request), id);
      },
    });
  });
}
