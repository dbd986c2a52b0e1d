import { usersCalls as calls, MSG } from '@intranet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type WebCallInput } from '../../api/call.ts';

export const usersKeys = {
  all: ['users'] as const,
  list: (search: string, page: number, pageSize: number) =>
    ['users', 'list', search, page, pageSize] as const,
  sectors: ['reference', 'sectors'] as const,
  branches: ['reference', 'branches'] as const,
};

/**
 * GET /api/users {data, isAlter: 1}: the administration list. The query passes its AbortSignal, so a
 * request for an older search text is cancelled as soon as the text changes.
 */
export function useUserList(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: usersKeys.list(search, page, pageSize),
    queryFn: ({ signal }) =>
      call(calls.list, { query: { data: search, isAlter: 1, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type { UserRow as AdminUserRow } from '@intranet/contracts';

export function useSectors() {
  return useQuery({
    queryKey: usersKeys.sectors,
    queryFn: ({ signal }) => call(calls.sectors, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBranches() {
  return useQuery({
    queryKey: usersKeys.branches,
    queryFn: ({ signal }) => call(calls.branches, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

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
