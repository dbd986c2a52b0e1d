import { z } from 'zod';
import { endpoint, type FileRule } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { MSG } from '../messages.ts';
import { importParams, importPreview, importResult, PEOPLE_IMPORT_FILE } from '../platform/sheet-import.ts';
import { waitingCountReply } from '../purchases/purchases.schemas.ts';
import {
  employeeCreateBody,
  employeeDetail,
  employeeListQuery,
  employeeListReply,
  employeeLookupQuery,
  employeeLookupReply,
  employeePickQuery,
  employeePickReply,
  employeeUpdateBody,
  employeeVacationBody,
  vacation,
  vacationUpdateBody,
} from './hr.employees.schemas.ts';
import {
  absencesQuery,
  absencesReply,
  medicalLeave,
  medicalLeaveBody,
  medicalLeaveQuery,
  periodQuery,
} from './hr.leave.schemas.ts';
import {
  attachmentFields,
  dismissalBody,
  HR_ATTACHMENT,
  hiringBody,
  hrAttachmentParams,
  hrCreatedReply,
  hrIdParams,
  hrRequestDetail,
  hrRequestIdQuery,
  hrRequestListQuery,
  hrRequestListReply,
  hrRequestViewQuery,
  stageBody,
} from './hr.schemas.ts';
import { substituteBody, substituteParams, substituteRow } from './hr.substitutes.ts';

const hrFiles: FileRule = {
  field: 'files',
  maxFiles: HR_ATTACHMENT.maxFiles,
  maxBytes: HR_ATTACHMENT.maxBytes,
  mimes: HR_ATTACHMENT.mimes,
  invalidTypeMessage: MSG.hrAttachmentTypes,
  tooLargeMessage: 'Arquivo grande demais (máximo 10 MB).',
};

/**
 * HR calls. Spec §7 names hire_request, dismissalRequest, rhstage_request, attachment, employee and
 * licenseEmployee; the rest have REST names (decision 0093). The HR vacation calls are not
 * at /api/vacation: the calendar's vacation calls live there with another payload.
 */
export const hrCalls = {
  requestHiring: endpoint({
    method: 'POST',
    path: '/api/hire_request',
    summary: 'Opens a hiring request (Admissão).',
    body: hiringBody,
    reply: hrCreatedReply,
  }),
  requestDismissal: endpoint({
    method: 'POST',
    path: '/api/dismissalRequest',
    summary: 'Opens a dismissal request for an employee by matrícula.',
    body: dismissalBody,
    reply: hrCreatedReply,
  }),
  hiringDetail: endpoint({
    method: 'GET',
    path: '/api/hire_request',
    summary:
      'One hiring request (`id`), as /api/hr-requests/:id; 404 if it is not a hiring or the caller may not see it.',
    query: hrRequestIdQuery,
    reply: hrRequestDetail,
  }),
  dismissalDetail: endpoint({
    method: 'GET',
    path: '/api/dismissalRequest',
    summary: 'One dismissal request (`id`); 404 if it is not a dismissal or the caller may not see it.',
    query: hrRequestIdQuery,
    reply: hrRequestDetail,
  }),
  movementDetail: endpoint({
    method: 'GET',
    path: '/api/movement',
    summary: 'One movement request (`id`); 404 if it is not a movement or the caller may not see it.',
    query: hrRequestIdQuery,
    reply: hrRequestDetail,
  }),
  setStage: endpoint({
    method: 'POST',
    path: '/api/rhstage_request',
    summary: 'Moves a request to `stage` (the next of its path, or 10 to deny); 409 if it moved meanwhile.',
    body: stageBody,
    reply: okReply,
  }),
  attach: endpoint({
    method: 'POST',
    path: '/api/attachment',
    summary: 'Attaches images or PDF (by content) to a request.',
    multipart: {
      fields: attachmentFields,
      // The request travels before the files: who may not attach to it stores no byte.
      early: attachmentFields.pick({ request_id: true }),
      files: hrFiles,
    },
    reply: okReply,
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/hr-requests/:id/attachments/:attachmentId',
    summary: 'A request attachment, to who handles the request (cookie session allowed).',
    cookieAuth: true,
    params: hrAttachmentParams,
  }),
  listRequests: endpoint({
    method: 'GET',
    path: '/api/hr-requests',
    summary: 'Minhas Solicitações (scope mine) or Atendimento RH (scope all), paged in SQL.',
    query: hrRequestListQuery,
    reply: hrRequestListReply,
  }),
  exportRequests: endpoint({
    method: 'GET',
    path: '/api/hr-requests/export',
    summary: 'The filtered request list as solicitacoes_rh.xlsx, streamed.',
    cookieAuth: true,
    query: hrRequestListQuery,
  }),
  waitingCount: endpoint({
    method: 'GET',
    path: '/api/hr-requests/waiting',
    summary:
      '"Aguardando minha aprovação": how many requests wait for the caller\'s decision (capped), for the home.',
    reply: waitingCountReply,
  }),
  requestDetail: endpoint({
    method: 'GET',
    path: '/api/hr-requests/:id',
    summary: 'One request; `view=mine` (Minhas Solicitações) answers it without buttons or attachments.',
    params: hrIdParams,
    query: hrRequestViewQuery,
    reply: hrRequestDetail,
  }),
  lookupEmployee: endpoint({
    method: 'GET',
    path: '/api/employee',
    summary: 'The dismissal form’s lookup by matrícula (404: Matrícula não encontrada no Banco de dados).',
    query: employeeLookupQuery,
    reply: employeeLookupReply,
  }),
  pickEmployees: endpoint({
    method: 'GET',
    path: '/api/employees/pick',
    summary: 'Active employees for the hiring form’s substitute picker.',
    query: employeePickQuery,
    reply: employeePickReply,
  }),
  listEmployees: endpoint({
    method: 'GET',
    path: '/api/employees',
    query: employeeListQuery,
    reply: employeeListReply,
  }),
  employeeDetail: endpoint({
    method: 'GET',
    path: '/api/employees/:id',
    params: hrIdParams,
    reply: employeeDetail,
  }),
  createEmployee: endpoint({
    method: 'POST',
    path: '/api/employee',
    body: employeeCreateBody,
    reply: hrCreatedReply,
  }),
  updateEmployee: endpoint({
    method: 'PUT',
    path: '/api/employee',
    body: employeeUpdateBody,
    reply: okReply,
  }),
  listVacations: endpoint({
    method: 'GET',
    path: '/api/employees/:id/vacations',
    params: hrIdParams,
    reply: z.array(vacation),
  }),
  scheduleVacation: endpoint({
    method: 'POST',
    path: '/api/employees/:id/vacations',
    summary: 'Schedules a vacation (dateStart today or later, dateEnd = dateStart + requestedPeriod).',
    params: hrIdParams,
    body: employeeVacationBody,
    reply: okReply,
  }),
  updateVacation: endpoint({
    method: 'PUT',
    path: '/api/employee-vacations/:id',
    summary: 'Changes the days of a vacation (DateEnd = DateStart + days).',
    params: hrIdParams,
    body: vacationUpdateBody,
    reply: okReply,
  }),
  listMedicalLeave: endpoint({
    method: 'GET',
    path: '/api/licenseEmployee',
    summary: 'An employee’s medical leave (HR only; every read is audited).',
    query: medicalLeaveQuery,
    reply: z.array(medicalLeave),
  }),
  absences: endpoint({
    method: 'GET',
    path: '/api/absences',
    summary:
      'An employee’s vacations and medical leave (HR team; the leave only to who may see health data, audited).',
    query: absencesQuery,
    reply: absencesReply,
  }),
  createMedicalLeave: endpoint({
    method: 'POST',
    path: '/api/licenseEmployee',
    body: medicalLeaveBody,
    reply: hrCreatedReply,
  }),
  employeesReport: endpoint({
    method: 'GET',
    path: '/api/hr/reports/employees',
    summary:
      'Every employee as funcionarios.xlsx, streamed: the list’s columns and every field the employees import reads back.',
    cookieAuth: true,
  }),
  vacationsReport: endpoint({
    method: 'GET',
    path: '/api/hr/reports/vacations',
    summary: 'Vacations overlapping a period as ferias.xlsx.',
    cookieAuth: true,
    query: periodQuery,
  }),
  leaveReport: endpoint({
    method: 'GET',
    path: '/api/hr/reports/leaves',
    summary: 'Medical leave overlapping a period as atestados.xlsx (HR only, audited).',
    cookieAuth: true,
    query: periodQuery,
  }),
  listSubstitutes: endpoint({
    method: 'GET',
    path: '/api/hr/substitutes',
    summary:
      'Per approval stage: its approver and the substitute an administrator named, with his period (administrators).',
    reply: z.array(substituteRow),
  }),
  setSubstitute: endpoint({
    method: 'PUT',
    path: '/api/hr/substitutes/:role',
    summary:
      'Names (or removes, substituteId null) the substitute of an approval stage and his period (administrators; audited).',
    params: substituteParams,
    body: substituteBody,
    reply: okReply,
  }),
  importEmployeesPreview: endpoint({
    method: 'POST',
    path: '/api/employees/import',
    summary:
      'Reads an .xlsx or .csv of employees (the employee form’s fields; who manages employees) and answers what it would add, update and refuse, line by line; writes nothing.',
    multipart: { fields: z.object({}), files: PEOPLE_IMPORT_FILE },
    reply: importPreview,
  }),
  importEmployeesCommit: endpoint({
    method: 'POST',
    path: '/api/employees/import/:id/commit',
    summary:
      'Writes a previewed employees import in one transaction (refused when any line is refused), audited.',
    params: importParams,
    reply: importResult,
  }),
  importEmployeesCancel: endpoint({
    method: 'DELETE',
    path: '/api/employees/import/:id',
    summary: 'Drops a previewed employees import without writing anything.',
    params: importParams,
    reply: okReply,
  }),
};
