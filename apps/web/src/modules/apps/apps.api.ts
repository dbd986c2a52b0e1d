import type { AppItem, AppListReply, appSavedReply } from '@intranet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const appsKeys = {
  all: ['apps'] as const,
  list: (search: string) => ['apps', 'list', search] as const,
};

/** GET /api/apps: the apps of the user's sectors (all for administrators), searched on the server. */
export function useApps(search: string) {
  return useQuery({
    queryKey: appsKeys.list(search),
    queryFn: ({ signal }) => api<AppListReply>('GET', 'apps', { search, pageSize: 100 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface AppDraft {
  name: string;
  address: string;
  setores: string[];
  file: File | null;
  removeImage?: boolean;
}

type Saved = z.infer<typeof appSavedReply>;

function useAppsMutation<I>(fn: (input: I) => Promise<Saved | unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

function appForm(draft: AppDraft, withSectors: boolean): FormData {
  const form = new FormData();
  form.append('name', draft.name);
  form.append('address', draft.address);
  if (withSectors) form.append('setores', JSON.stringify(draft.setores));
  if (draft.removeImage) form.append('removeImage', '1');
  if (draft.file) form.append('file', draft.file);
  return form;
}

export const useCreateApp = () =>
  useAppsMutation((draft: AppDraft) => api<Saved>('POST', 'apps', appForm(draft, true)));

/** Edits name, address and image, then the sectors when they changed. */
export const useUpdateApp = () =>
  useAppsMutation(async ({ app, draft }: { app: AppItem; draft: AppDraft }) => {
    await api<Saved>('PUT', `apps/${app.id}`, appForm(draft, false));
    const same =
      app.setores.length === draft.setores.length && app.setores.every((s) => draft.setores.includes(s));
    if (!same) await api<Saved>('PUT', `apps/${app.id}/sectors`, { setores: draft.setores });
  });

export const useSetAppSectors = () =>
  useAppsMutation(({ id, setores }: { id: number; setores: string[] }) =>
    api<Saved>('PUT', `apps/${id}/sectors`, { setores }),
  );

export const useDeleteApp = () => useAppsMutation((app: AppItem) => api('DELETE', `apps/${app.id}`));
