import {
  hrCalls as calls,
  EMPLOYEE_COLUMNS,
  HR_REQUEST_COLUMNS,
  type HrView,
  MSG,
} from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import { successMessage } from '../../api/query-client.ts';
import type { SheetImportCalls } from '../../ui/ImportSheetDialog.tsx';
import { type ServerPage, useServerTable } from '../../ui/useServerTable.ts';

export const hrKey = ['hr'] as const;

/**
 * The server counts a list only for its first page (PATTERNS §7): later pages say whether more
 * follow by coming back full.
 */
function withTotal<Row>(page: {
  rows: Row[];
  total?: number;
  page: number;
  pageSize: number;
}): ServerPage<Row> {
  const seen = (page.page - 1) * page.pageSize + page.rows.length;
  const total = page.total ?? (page.rows.length < page.pageSize ? seen : seen + 1);
  return { ...page, total };
}

/**
 * Atendimento RH (scope all) or Minhas Solicitações (scope mine); `waiting`: only what waits for
 * the user's decision.
 */
export function useHrRequestTable(scope: HrView, waiting = false) {
  const only = waiting ? ({ waiting: '1' } as const) : {};
  return useServerTable({
    queryKey: [...hrKey, 'requests', scope, waiting],
    columns: HR_REQUEST_COLUMNS,
    defaultSort: { id: 'Date', dir: 'desc' },
    fetchPage: async ({ filters, ...page }, signal) =>
      withTotal(
        await call(calls.listRequests, { query: { scope, ...filters, ...only, ...page } }, { signal }),
      ),
    exportUrl: ({ filters, sort, dir }) =>
      callUrl(calls.exportRequests, { query: { scope, ...filters, ...only, sort, dir } }),
  });
}

/** One request as the list it was opened from shows it (`mine`: nothing to press). */
export function useHrRequest(id: number | null, view: HrView) {
  return useQuery({
    queryKey: [...hrKey, 'request', id, view],
    queryFn: ({ signal }) =>
      call(calls.requestDetail, { params: { id: id ?? 0 }, query: { view } }, { signal }),
    enabled: id !== null,
  });
}

function useInvalidateHr() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: hrKey });
}

export function useRequestHiring() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.requestHiring>['body']) =>
      call(calls.requestHiring, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export function useRequestDismissal() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.requestDismissal>['body']) =>
      call(calls.requestDismissal, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export function useSetStage() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.setStage>['body']) => call(calls.setStage, { body }),
    onSettled: invalidate,
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export function useAttach(requestId: number) {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (files: File[]) => call(calls.attach, { fields: { request_id: requestId }, files }),
    onSuccess: invalidate,
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export const attachmentHref = (path: string) => `/api/${path}`;

/** The dismissal form's lookup by matrícula (enabled once three digits are typed). */
export function useEmployeeLookup(registration: string) {
  return useQuery({
    queryKey: [...hrKey, 'lookup', registration],
    queryFn: ({ signal }) =>
      call(calls.lookupEmployee, { query: { Registration: registration } }, { signal }),
    enabled: /^\d{1,3}$/.test(registration),
    retry: false,
  });
}

export function usePickEmployees(search: string) {
  return useQuery({
    queryKey: [...hrKey, 'pick', search],
    queryFn: ({ signal }) => call(calls.pickEmployees, { query: { search } }, { signal }),
  });
}

/** The employee list for a search (name or matrícula), read page by page as the table scrolls. */
export function useEmployeeTable(search: string) {
  return useServerTable({
    queryKey: [...hrKey, 'employees', search],
    columns: EMPLOYEE_COLUMNS,
    defaultSort: { id: 'name', dir: 'asc' },
    fetchPage: async ({ filters: _f, ...page }, signal) =>
      withTotal(await call(calls.listEmployees, { query: { search, ...page } }, { signal })),
  });
}

export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: [...hrKey, 'employee', id],
    queryFn: ({ signal }) => call(calls.employeeDetail, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useCreateEmployee() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.createEmployee>['body']) =>
      call(calls.createEmployee, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.formNotSent(''), success: successMessage },
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.updateEmployee>['body']) =>
      call(calls.updateEmployee, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.employeeUpdateError(''), success: successMessage },
  });
}

export function useScheduleVacation(employeeId: number) {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.scheduleVacation>['body']) =>
      call(calls.scheduleVacation, { params: { id: employeeId }, body }),
    onSuccess: invalidate,
    meta: { error: MSG.vacationScheduleError(''), success: successMessage },
  });
}

export function useUpdateVacation() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; days: number; DateEnd: string }) =>
      call(calls.updateVacation, { params: { id }, body }),
    onSuccess: invalidate,
    meta: { error: MSG.vacationUpdateError, success: successMessage },
  });
}

export function useMedicalLeave(employeeId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...hrKey, 'leave', employeeId],
    queryFn: ({ signal }) => call(calls.listMedicalLeave, { query: { Id: employeeId ?? 0 } }, { signal }),
    enabled: enabled && employeeId !== null,
  });
}

export function useCreateMedicalLeave() {
  const invalidate = useInvalidateHr();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.createMedicalLeave>['body']) =>
      call(calls.createMedicalLeave, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export const reportHref = {
  employees: () => callUrl(calls.employeesReport, {}),
  vacations: (from: string, to: string) => callUrl(calls.vacationsReport, { query: { from, to } }),
  leaves: (from: string, to: string) => callUrl(calls.leaveReport, { query: { from, to } }),
};

/** The employees import's calls, for the shared import dialog (ui/ImportSheetDialog.tsx). */
export function useEmployeesImportCalls(): SheetImportCalls {
  const invalidate = useInvalidateHr();
  return {
    preview: (file, onUpload) =>
      call(calls.importEmployeesPreview, { fields: {}, files: [file] }, { onUploadProgress: onUpload }),
    commit: (id) => call(calls.importEmployeesCommit, { params: { id } }),
    cancel: (id) => call(calls.importEmployeesCancel, { params: { id } }),
    onImported: () => void invalidate(),
  };
}
