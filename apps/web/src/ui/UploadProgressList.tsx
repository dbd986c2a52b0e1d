import { ActionIcon, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export interface UploadRow {
  id: string;
  name: string;
  /** 0–1. */
  progress: number;
  status: 'sending' | 'done' | 'failed';
  error?: string;
}

/** One progress bar per file being sent, each with its cancel button. */
export function UploadProgressList({
  rows,
  onCancel,
}: {
  rows: UploadRow[];
  onCancel: (id: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Envios" role="region">
      <Stack gap="xs">
        {rows.map((row) => (
          <div key={row.id} data-testid="upload-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate="end" style={{ minWidth: 0, flex: 1 }}>
                {row.name}
              </Text>
              <Text size="xs" c={row.status === 'failed' ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                {row.status === 'failed' ? row.error : `${Math.round(row.progress * 100)}%`}
              </Text>
              {row.status === 'sending' ? (
                <Tooltip label="Cancelar envio">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Cancelar envio de ${row.name}`}
                    onClick={() => onCancel(row.id)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : row.status === 'done' ? (
                <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label="Enviado" />
              ) : null}
            </Group>
            <Progress
              value={row.progress * 100}
              size="sm"
              color={row.status === 'failed' ? 'red' : row.status === 'done' ? 'green' : 'brand'}
              aria-label={`Progresso de ${row.name}`}
              animated={row.status === 'sending'}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
