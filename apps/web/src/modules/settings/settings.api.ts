import {
  type ApproverStageBody,
  settingsCalls as calls,
  type HrApprovalRole,
  type MailSettingsBody,
  MSG,
  usersCalls,
} from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
