import { finesCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendXlsx } from '../../platform/xlsx-stream.ts';
import { readingStatus, startPreview } from './fines.import.preview.ts';
import { cancelImport, commitImport, importStatus, resumeImports } from './fines.import.ts';
import * as service from './fines.service.ts';

export async function finesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  resumeImports(ctx, app.log);

  route(app, calls.managerFines, {
    handler: async (request) => service.managerFines(ctx, currentUser(request), request.query),
  });

  route(app, calls.updateFine, {
    handler: async (request) => {
      const { id, ...values } = request.body;
      await service.updateFine(ctx, currentUser(request), id, values);
      return { success: true as const, message: MSG.fineUpdated };
    },
  });

  route(app, calls.insertFine, {
    handler: async (request) => {
      await service.insertFine(ctx, currentUser(request), request.body);
      return { success: true as const, message: MSG.fineInserted };
    },
  });

  route(app, calls.list, {
    handler: async (request) => service.listFines(ctx, currentUser(request), request.query),
  });

  route(app, calls.options, {
    handler: async (request) => service.filterOptions(ctx, currentUser(request)),
  });

  route(app, calls.aggregates, {
    handler: async (request) => service.aggregates(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportList, {
    handler: async (request, reply) =>
      sendXlsx(reply, service.exportFines(ctx, currentUser(request), request.query, request.log)),
  });

  route(app, calls.bm, {
    handler: async (request) => service.bmReport(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportBm, {
    handler: async (request, reply) => {
      const { year, month } = request.query;
      return sendXlsx(reply, service.exportBm(ctx, currentUser(request), year, month, request.log));
    },
  });

  route(app, calls.importPreview, {
    handler: async (request) => {
      const read = formReader(request, ctx.storage, calls.importPreview.multipart, 'fine-imports');
      return startPreview(ctx, currentUser(request), read, request.log);
    },
  });

  route(app, calls.importReading, {
    handler: async (request) => readingStatus(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.importCommit, {
    handler: async (request) => commitImport(ctx, currentUser(request), request.params.id, request.log),
  });

  route(app, calls.importStatus, {
    handler: async (request) => importStatus(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.importCancel, {
    handler: async (request) => {
      await cancelImport(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: MSG.fineImportCancelled };
    },
  });
}
