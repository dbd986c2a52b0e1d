import type {
  branchesReply,
  CreateUserBody,
  dropUserReply,
  sectorsReply,
  UpdateUserBody,
  UserListReply,
  UserRow,
} from '@intranet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

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
      api<UserListReply>('GET', 'users', { data: search, isAlter: 1, page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type AdminUserRow = UserRow;

export function useSectors() {
  return useQuery({
    queryKey: usersKeys.sectors,
    queryFn: ({ signal }) => api<z.infer<typeof sectorsReply>>('GET', 'sectors', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBranches() {
  return useQuery({
    queryKey: usersKeys.branches,
    queryFn: ({ signal }) => api<z.infer<typeof branchesReply>>('GET', 'branches', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useInvalidatingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

type Ok = { success: true; message?: string };

export const useCreateUser = () =>
  useInvalidatingMutation((body: CreateUserBody) =>
    api<Ok & { userId: number }>('POST', 'users', body as unknown as Record<string, unknown>),
  );
export const useUpdateUser = () =>
  useInvalidatingMutation((body: UpdateUserBody) =>
    api<Ok>('PUT', 'users', body as unknown as Record<string, unknown>),
  );
export const useResetUserPassword = () =>
  useInvalidatingMutation((body: { userId: number; senha: string }) =>
    api<Ok>('PUT', 'users/password', body),
  );
export const useDropUser = () =>
  useInvalidatingMutation((userId: number) =>
    api<z.infer<typeof dropUserReply>>('POST', 'dropUser', { userId }),
  );
