import { hrCalls as calls, IMPORT_MSG, MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { sendXlsx } from '../../platform/xlsx-stream.ts';
import * as approvers from './hr.approvers.ts';
import * as employeesImport from './hr.employees.import.ts';
import * as employees from './hr.employees.ts';
import * as leave from './hr.leave.ts';
import * as requests from './hr.requests.ts';
import * as stages from './hr.stages.ts';
import * as vacations from './hr.vacations.ts';

const ok = (message: string) => ({ success: true as const, message });

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
      const read = formReader(request, ctx.storage, calls.attach.multipart, 'hr');
      await stages.attach(ctx, currentUser(request), read);
      return ok(MSG.hrAttachmentsSent);
    },
  });

  route(app, calls.attachment, {
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await stages.attachmentFile(ctx, currentUser(request), id, attachmentId);
      return sendStoredFile(request, reply, ctx.storage, {
        key: file.storage_key,
        contentType: file.mime,
        downloadName: file.mime.startsWith('image/') ? undefined : file.original_name,
        cacheControl: 'private, max-age=3600',
      });
    },
  });

  route(app, calls.listRequests, {
    handler: async (request) => requests.listRequests(ctx, currentUser(request), request.query),
  });

  route(app, calls.exportRequests, {
    handler: async (request, reply) =>
      sendXlsx(reply, await requests.exportRequests(ctx, currentUser(request), request.query, request.log)),
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
    handler: async (request) => requests.pickEmployees(ctx, currentUser(request), request.query.search),
  });

  route(app, calls.listEmployees, {
    handler: async (request) => employees.listEmployees(ctx, currentUser(request), request.query),
  });

  route(app, calls.employeeDetail, {
    handler: async (request) => employees.employeeDetail(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.createEmployee, {
    handler: async (request) => {
      const id = await employees.createEmployee(ctx, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.formSent };
    },
  });

  route(app, calls.updateEmployee, {
    handler: async (request) => {
      const { id, ...fields } = request.body;
      await employees.updateEmployee(ctx, currentUser(request), id, fields);
      return ok(MSG.dataUpdated);
    },
  });

  route(app, calls.listVacations, {
    handler: async (request) => vacations.listVacations(ctx, currentUser(request), request.params.id),
  });

  route(app, calls.scheduleVacation, {
    handler: async (request) => {
      await vacations.scheduleVacation(ctx, currentUser(request), request.params.id, request.body);
      return ok(MSG.vacationScheduled);
    },
  });

  route(app, calls.updateVacation, {
    handler: async (request) => {
      await vacations.updateVacation(ctx, currentUser(request), request.params.id, request.body);
      return ok(MSG.vacationUpdated);
    },
  });

  route(app, calls.listMedicalLeave, {
    handler: async (request) => leave.listMedicalLeave(ctx, currentUser(request), request.query.Id),
  });

  route(app, calls.absences, {
    handler: async (request) => leave.absences(ctx, currentUser(request), request.query.EmployeeId),
  });

  route(app, calls.createMedicalLeave, {
    handler: async (request) => {
      const id = await leave.createMedicalLeave(ctx, currentUser(request), request.body);
      return { success: true as const, id, message: MSG.medicalLeaveSaved };
    },
  });

  route(app, calls.importEmployeesPreview, {
    handler: async (request) =>
      employeesImport.previewEmployeesImport(
        ctx,
        currentUser(request),
        formReader(request, ctx.storage, calls.importEmployeesPreview.multipart, 'employee-imports'),
      ),
  });

  route(app, calls.importEmployeesCommit, {
    handler: async (request) =>
      employeesImport.commitEmployeesImport(ctx, currentUser(request), request.params.id, request.log),
  });

  route(app, calls.importEmployeesCancel, {
    handler: async (request) => {
      await employeesImport.cancelEmployeesImport(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: IMPORT_MSG.cancelled };
    },
  });

  route(app, calls.employeesReport, {
    handler: async (request, reply) =>
      sendXlsx(reply, employees.exportEmployees(ctx, currentUser(request), request.log)),
  });

  route(app, calls.vacationsReport, {
    handler: async (request, reply) => {
      const { from, to } = request.query;
      return sendXlsx(reply, vacations.exportVacations(ctx, currentUser(request), from, to, request.log));
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
      return sendXlsx(reply, await leave.leaveReport(ctx, currentUser(request), from, to, request.log));
    },
  });
}
