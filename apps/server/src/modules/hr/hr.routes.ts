import { hrCalls as calls, MSG } from '@intranet/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { receiveForm } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { XLSX_MIME } from '../../platform/xlsx-stream.ts';
import * as approvers from './hr.approvers.ts';
import {
  employeesSpreadsheet,
  leavesSpreadsheet,
  requestsSpreadsheet,
  vacationsSpreadsheet,
} from './hr.export.ts';
import * as q from './hr.queries.ts';
import * as requests from './hr.requests.ts';
import * as service from './hr.service.ts';
import * as stages from './hr.stages.ts';

const ok = (message: string) => ({ success: true as const, message });

/** A spreadsheet download: a plain link opens it with the cookie session. */
const xlsx = (reply: FastifyReply, name: string) =>
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store');

export async function hrRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.requestHiring, {
    handler: async (request) => {
      const id = await requests.requestHiring(ctx, request.log, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.hiringSent };
    },
  });

  route(app, calls.requestDismissal, {
    handler: async (request) => {
      const id = await requests.requestDismissal(ctx, request.log, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.dismissalSent };
    },
  });

  route(app, calls.hiringDetail, {
    handler: async (request) =>
      requests.requestOfType(ctx, currentUser(request), request.query.id, 'admission'),
  });

  route(app, calls.dismissalDetail, {
    handler: async (request) =>
      requests.requestOfType(ctx, currentUser(request), request.query.id, 'dismissal'),
  });

  route(app, calls.movementDetail, {
    handler: async (request) =>
      requests.requestOfType(ctx, currentUser(request), request.query.id, 'movement'),
  });

  route(app, calls.setStage, {
    handler: async (request) => {
      await stages.setStage(
        ctx,
        request.log,
        currentUser(request),
        request.body.requestId,
        request.body.stage,
      );
      return ok(MSG.hrStageChanged);
    },
  });

  route(app, calls.attach, {
    handler: async (request) => {
      const user = currentUser(request);
      let checked = false;
      const { fields, form } = await receiveForm(request, ctx.storage, calls.attach.multipart, {
        prefix: 'hr',
        // Who may not attach to the request stores no byte (request_id travels before the files).
        beforeFile: async (fieldsSoFar) => {
          if (checked) return;
          const id = Number(fieldsSoFar.request_id);
          if (!Number.isInteger(id) || id < 1) throw notFound(MSG.hrRequestNotFound);
          await stages.authorizeAttach(ctx.db, user, id);
          checked = true;
        },
      });
      await stages.attach(ctx, user, fields.request_id, fields.type, form);
      return ok(MSG.hrAttachmentsSent);
    },
  });

  route(app, calls.attachment, {
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      await stages.authorizeAttach(ctx.db, currentUser(request), id);
      const file = await q.findAttachment(ctx.db, id, attachmentId);
      if (!file) throw notFound('Arquivo não encontrado.');
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.storage_key,
        contentType: file.mime,
        downloadName: file.mime.startsWith('image/') ? undefined : file.original_name,
        cacheControl: 'private, max-age=3600',
      });
    },
  });

  route(app, calls.listRequests, {
    handler: async (request) => {
      const { sort, dir, page, pageSize, ...filters } = request.query;
      const actor = await requests.authorizeList(ctx, currentUser(request), filters.scope);
      const result = await q.listRequests(ctx.db, actor, filters, { sort, dir, page, pageSize });
      return {
        rows: result.rows.map(requests.withProgress),
        total: result.total,
        totalCapped: result.totalCapped,
        page,
        pageSize,
      };
    },
  });

  route(app, calls.exportRequests, {
    handler: async (request, reply) => {
      const { sort, dir, page: _p, pageSize, ...filters } = request.query;
      const actor = await requests.authorizeList(ctx, currentUser(request), filters.scope);
      xlsx(reply, 'solicitacoes_rh.xlsx');
      return reply.send(requestsSpreadsheet(ctx.db, actor, filters, { sort, dir, pageSize }, request.log));
    },
  });

  route(app, calls.waitingCount, {
    handler: async (request) => requests.waitingCount(ctx, currentUser(request)),
  });

  route(app, calls.requestDetail, {
    handler: async (request) =>
      requests.requestDetail(ctx, currentUser(request), request.params.id, request.query.view),
  });

  route(app, calls.lookupEmployee, {
    handler: async (request) =>
      requests.lookupEmployee(ctx, currentUser(request), request.query.Registration),
  });

  route(app, calls.pickEmployees, {
    handler: async (request) => {
      requests.authorizeLookup(currentUser(request));
      return q.pickEmployees(ctx.db, request.query.search);
    },
  });

  route(app, calls.listEmployees, {
    handler: async (request) => {
      service.authorizeEmployees(currentUser(request));
      const { sort, dir, page, pageSize, ...filters } = request.query;
      const result = await q.listEmployees(ctx.db, filters, { sort, dir, page, pageSize });
      return { rows: result.rows, total: result.total, totalCapped: result.totalCapped, page, pageSize };
    },
  });

  route(app, calls.employeeDetail, {
    handler: async (request) => service.employeeDetail(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.createEmployee, {
    handler: async (request) => {
      const id = await service.createEmployee(ctx, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.formSent };
    },
  });

  route(app, calls.updateEmployee, {
    handler: async (request) => {
      const { id, ...fields } = request.body;
      await service.updateEmployee(ctx, currentUser(request), id, fields);
      return ok(MSG.dataUpdated);
    },
  });

  route(app, calls.listVacations, {
    handler: async (request) => service.listVacations(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.scheduleVacation, {
    handler: async (request) => {
      await service.scheduleVacation(ctx, currentUser(request), request.params.id, request.body);
      return ok(MSG.vacationScheduled);
    },
  });

  route(app, calls.updateVacation, {
    handler: async (request) => {
      await service.updateVacation(ctx, currentUser(request), request.params.id, request.body);
      return ok(MSG.vacationUpdated);
    },
  });

  route(app, calls.listMedicalLeave, {
    handler: async (request) => service.listMedicalLeave(ctx, currentUser(request), request.query.Id),
  });

  route(app, calls.absences, {
    handler: async (request) => service.absences(ctx, currentUser(request), request.query.EmployeeId),
  });

  route(app, calls.createMedicalLeave, {
    handler: async (request) => {
      const id = await service.createMedicalLeave(ctx, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.medicalLeaveSaved };
    },
  });

  route(app, calls.employeesReport, {
    handler: async (request, reply) => {
      service.authorizeEmployees(currentUser(request));
      xlsx(reply, 'funcionarios.xlsx');
      return reply.send(employeesSpreadsheet(ctx.db, request.log));
    },
  });

  route(app, calls.vacationsReport, {
    handler: async (request, reply) => {
      service.authorizeEmployees(currentUser(request));
      const { from, to } = request.query;
      xlsx(reply, 'ferias.xlsx');
      return reply.send(vacationsSpreadsheet(ctx.db, from, to, request.log));
    },
  });

  route(app, calls.listSubstitutes, {
    handler: async (request) => approvers.listSubstitutes(ctx, currentUser(request)),
  });

  route(app, calls.setSubstitute, {
    handler: async (request) =>
      ok(await approvers.setSubstitute(ctx, currentUser(request), request.params.role, request.body)),
  });

  route(app, calls.leaveReport, {
    handler: async (request, reply) => {
      const { from, to } = request.query;
      await service.auditLeaveReport(ctx, currentUser(request), from, to);
      xlsx(reply, 'atestados.xlsx');
      return reply.send(leavesSpreadsheet(ctx.db, from, to, request.log));
    },
  });
}
