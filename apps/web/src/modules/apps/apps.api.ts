import { type AppItem, type appFields, appsCalls as calls, MSG } from '@intranet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/call.ts';

export const appsKeys = {
  all: ['apps'] as const,
  list: (search: string) => ['apps', 'list', search] as const,
};

/** GET /api/apps: the apps of the user's sectors (all for administrators), searched on the server. */
export function useApps(search: string) {
  return useQuery({
    queryKey: appsKeys.list(search),
    queryFn: ({ signal }) => call(calls.list, { query: { search, pageSize: 100 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the app dialog sends: the checked fields, the picked icon, and whether to drop the stored one. */
export interface AppDraft {
  fields: z.output<typeof appFields>;
  file: File | null;
  removeImage: boolean;
}

function useInvalidateApps() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: appsKeys.all });
}

const filesOf = (draft: AppDraft) => (draft.file ? [draft.file] : []);

export function useCreateApp() {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: (draft: AppDraft) => call(calls.create, { fields: draft.fields, files: filesOf(draft) }),
    onSuccess: invalidate,
    meta: { error: MSG.appSaveError, success: MSG.appCreated },
  });
}

const sameSectors = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/** Edits name, address and icon, then the sectors when they changed. */
export function useUpdateApp() {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: async ({ app, draft }: { app: AppItem; draft: AppDraft }) => {
      const { name, address, setores } = draft.fields;
      const params = { id: app.id };
      const saved = await call(calls.update, {
        params,
        fields: { name, address, removeImage: draft.removeImage },
        files: filesOf(draft),
      });
      if (sameSectors(app.setores, setores)) return saved;
      return call(calls.setSectors, { params, body: { setores } });
    },
    onSettled: invalidate,
    meta: { error: MSG.appSaveError, success: MSG.appUpdated },
  });
}

export function useSetAppSectors() {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: ({ id, setores }: { id: number; setores: string[] }) =>
      call(calls.setSectors, { params: { id }, body: { setores } }),
    onSuccess: invalidate,
    meta: { error: MSG.appSaveError, success: MSG.appSectorsSaved },
  });
}

export function useDeleteApp() {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: (id: number) => call(calls.remove, { params: { id } }),
    onSuccess: invalidate,
    meta: { error: MSG.appDeleteError, success: MSG.appDeleted },
  });
}
