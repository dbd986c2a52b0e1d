import { finesCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { receiveForm } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { XLSX_MIME } from '../../platform/xlsx-stream.ts';
import { bmSpreadsheet, finesSpreadsheet } from './fines.export.ts';
import { readingStatus, startPreview } from './fines.import.preview.ts';
import { cancelImport, commitImport, importStatus } from './fines.import.ts';
import * as q from './fines.queries.ts';
import * as service from './fines.service.ts';

export async function finesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.managerFines, {
    handler: async (request) => {
      service.authorizeFines(currentUser(request));
      return (await q.managerFines(ctx.db, request.query)).map(q.toFineRow);
    },
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
    handler: async (request) => {
      service.authorizeFines(currentUser(request));
      const { sort, dir, pageSize, cursor, ...filters } = request.query;
      // Only the first page counts the filtered rows; the next ones walk the index from the cursor.
      const page = await q.listFines(ctx.db, filters, { sort, dir, pageSize, cursor, count: !cursor });
      return {
        rows: page.rows.map(q.toFineRow),
        total: page.total,
        totalCapped: page.totalCapped,
        nextCursor: page.nextCursor,
      };
    },
  });

  route(app, calls.options, {
    handler: async (request) => {
      service.authorizeFines(currentUser(request));
      return q.filterOptions(ctx.db);
    },
  });

  route(app, calls.aggregates, {
    handler: async (request) => service.aggregates(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportList, {
    handler: async (request, reply) => {
      service.authorizeFines(currentUser(request));
      return sendXlsx(reply, 'multas_geral.xlsx').send(finesSpreadsheet(ctx.db, request.query, request.log));
    },
  });

  route(app, calls.bm, {
    handler: async (request) =>
      service.bmReport(ctx, currentUser(request), request.query.year, request.query.month),
  });

  route(app, calls.exportBm, {
    handler: async (request, reply) => {
      service.authorizeFines(currentUser(request));
      const { year, month } = request.query;
      return sendXlsx(reply, 'BM.xlsx').send(bmSpreadsheet(ctx.db, year, month, request.log));
    },
  });

  route(app, calls.importPreview, {
    handler: async (request) => {
      const user = currentUser(request);
      // Nobody outside the fines audience stores a byte.
      service.authorizeFines(user);
      const { form } = await receiveForm(request, ctx.storage, calls.importPreview.multipart, {
        prefix: 'fine-imports',
      });
      return startPreview(ctx, user, form, request.log);
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

function sendXlsx<R extends { header: (k: string, v: string) => R }>(reply: R, name: string): R {
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store');
}
