import { usersCalls as calls, MSG, USER_COLUMNS, type UserRow } from '@intranet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import type { SheetImportCalls } from '../../ui/ImportSheetDialog.tsx';
import { useServerTable } from '../../ui/useServerTable.ts';

export const usersKeys = {
  all: ['users'] as const,
};

/**
 * GET /api/users {data, isAlter: 1}: the administration list as a server-driven table. The search
 * text lives in the page URL (the name column's filter), rows load by cursor as the list grows, the
 * total comes with the first page (capped). A request for an older search text is cancelled.
 */
export function useUserTable() {
  const table = useServerTable({
    queryKey: [...usersKeys.all, 'list'],
    columns: USER_COLUMNS,
    defaultSort: { id: 'nome', dir: 'asc' },
    fetchPage: async ({ filters, page, pageSize, cursor }, signal) => {
      const reply = await call(
        calls.list,
        { query: { data: filters.data ?? '', isAlter: 1, page, pageSize, cursor } },
        { signal },
      );
      // isAlter=1 answers administration rows only (directory rows are for everyone else).
      return { ...reply, rows: reply.users.filter((u): u is UserRow => 'abilities' in u) };
    },
  });
  const first = table.query.data?.pages[0];
  return { ...table, creatablePrivileges: first?.creatablePrivileges ?? [] };
}

export type { UserRow as AdminUserRow } from '@intranet/contracts';

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: usersKeys.all });
}

type Body<K extends keyof typeof calls> =
  WebCallInput<(typeof calls)[K]> extends { body: infer B } ? B : never;

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: Body<'create'>) => call(calls.create, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.userCreateFailedTitle, success: MSG.userCreated },
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: Body<'update'>) => call(calls.update, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.dataUpdateError, success: MSG.dataUpdated },
  });
}

export function useResetUserPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: Body<'resetPassword'>) => call(calls.resetPassword, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.passwordChangeError, success: MSG.passwordChanged },
  });
}

export function useDropUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => call(calls.drop, { body: { userId } }),
    onSuccess: invalidate,
    meta: { error: MSG.userDeleteError, success: MSG.userDeleted },
  });
}

/** usuarios.xlsx for the list's search: a plain link (the session cookie goes with it). */
export const exportUsersUrl = (search: string) => callUrl(calls.exportList, { query: { data: search } });

/** The users import's calls, for the shared import dialog (ui/ImportSheetDialog.tsx). */
export function useUsersImportCalls(): SheetImportCalls {
  const invalidate = useInvalidateUsers();
  return {
    preview: (file, onUpload) =>
      call(calls.importPreview, { fields: {}, files: [file] }, { onUploadProgress: onUpload }),
    commit: (id) => call(calls.importCommit, { params: { id } }),
    cancel: (id) => call(calls.importCancel, { params: { id } }),
    onImported: () => void invalidate(),
  };
}
