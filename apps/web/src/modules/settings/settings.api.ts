import {
  type ApproverStageBody,
  settingsCalls as calls,
  type createBranchBody,
  type createSectorBody,
  type HrApprovalRole,
  type MailSettingsBody,
  MSG,
  sectorsCalls,
  type updateBranchBody,
  type updateSectorBody,
  usersCalls,
} from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/call.ts';
import { successMessage } from '../../api/query-client.ts';

export const settingsKey = ['settings'] as const;

export function useApproverStages() {
  return useQuery({
    queryKey: [...settingsKey, 'approvers'],
    queryFn: ({ signal }) => call(calls.listApprovers, {}, { signal }),
  });
}

export function useSetApproverStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, body }: { role: HrApprovalRole; body: ApproverStageBody }) =>
      call(calls.setApprovers, { params: { role }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey }),
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

/** Active users by name or matrícula (the users directory), for the approver pickers. */
export function useUserSearch(text: string) {
  return useQuery({
    queryKey: [...settingsKey, 'users', text],
    queryFn: ({ signal }) => call(usersCalls.list, { query: { data: text, pageSize: 20 } }, { signal }),
  });
}

export function useMailSettings() {
  return useQuery({
    queryKey: [...settingsKey, 'mail'],
    queryFn: ({ signal }) => call(calls.getMail, {}, { signal }),
  });
}

export function useSetMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettingsBody) => call(calls.setMail, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKey }),
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

/** The test's answer is shown on the card (accepted or not), not as a toast. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: () => call(calls.testMail, {}),
    meta: { error: MSG.requestNotSent },
  });
}

/**
 * Setores e filiais (decision 0116): each change answers its Portuguese message (a refused delete,
 * 409, says to deactivate). A rename shows on every screen, so every query reloads afterwards.
 */
function useOrgChange<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries(),
    meta: { error: MSG.requestNotSent, success: successMessage },
  });
}

export const useCreateSector = () =>
  useOrgChange((body: z.input<typeof createSectorBody>) => call(sectorsCalls.createSector, { body }));
export const useUpdateSector = () =>
  useOrgChange(({ id, body }: { id: number; body: z.input<typeof updateSectorBody> }) =>
    call(sectorsCalls.updateSector, { params: { id }, body }),
  );
export const useDeleteSector = () =>
  useOrgChange((id: number) => call(sectorsCalls.deleteSector, { params: { id } }));
export const useCreateBranch = () =>
  useOrgChange((body: z.input<typeof createBranchBody>) => call(sectorsCalls.createBranch, { body }));
export const useUpdateBranch = () =>
  useOrgChange(({ id, body }: { id: number; body: z.input<typeof updateBranchBody> }) =>
    call(sectorsCalls.updateBranch, { params: { id }, body }),
  );
export const useDeleteBranch = () =>
  useOrgChange((id: number) => call(sectorsCalls.deleteBranch, { params: { id } }));
