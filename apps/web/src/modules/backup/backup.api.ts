import { backupCalls as calls } from '@intranet/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** GET /api/admin/backups: the last backup and whether it is too old (administrators only). */
export function useBackupStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'backups'],
    queryFn: ({ signal }) => call(calls.status, {}, { signal }),
    enabled,
  });
}
