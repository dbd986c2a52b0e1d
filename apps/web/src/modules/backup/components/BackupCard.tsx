import { BACKUP_STALE_MSG, canSeeBackups, formatBackupSize, formatDateTime } from '@intranet/contracts';
import { Alert, Paper, Text } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useUser } from '../../../platform/session.tsx';
import { useBackupStatus } from '../backup.api.ts';

/** "Último backup: <data> (<tamanho>)" for administrators, with a warning when it is over two days old. */
export function BackupCard() {
  const user = useUser();
  const allowed = canSeeBackups(user);
  const status = useBackupStatus(allowed);
  if (!allowed || !status.data) return null;
  const { last, failed, stale } = status.data;
  return (
    <Paper component="section" withBorder radius="md" p="sm" mb="md" aria-label="Backup">
      <Text size="sm">
        <IconDatabaseExport size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        {last
          ? `Último backup: ${formatDateTime(last.at)} (${formatBackupSize(last.bytes ?? 0)})`
          : 'Nenhum backup feito ainda.'}
      </Text>
      {failed ? (
        <Text size="sm" c="red" mt={4}>
          O backup de {formatDateTime(failed.at)} falhou: {failed.error}
        </Text>
      ) : null}
      {stale ? (
        <Alert color="yellow" mt="xs" p="xs">
          {BACKUP_STALE_MSG}
        </Alert>
      ) : null}
    </Paper>
  );
}
