import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from './Dialog.tsx';

/** "Sucesso!" after a request was sent: what happened, its number, and the way to the sender's list. */
export function SentDialog({
  sentId,
  onClose,
  children,
  listLabel,
  listPath,
}: {
  /** The number of the request just sent; null keeps the dialog closed. */
  sentId: number | null;
  onClose: () => void;
  /** The message, ending with the request's number. */
  children: ReactNode;
  listLabel: string;
  listPath: (id: number) => string;
}) {
  const navigate = useNavigate();
  return (
    <Dialog opened={sentId !== null} onClose={onClose} title="Sucesso!" centered>
      <Stack align="center" gap="md">
        <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
        <Text ta="center">{children}</Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          {sentId !== null ? <Button onClick={() => navigate(listPath(sentId))}>{listLabel}</Button> : null}
        </Group>
      </Stack>
    </Dialog>
  );
}
