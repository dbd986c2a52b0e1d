import { formatDateTime, PURCHASE_STATUS } from '@intranet/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FileLinks } from '../../../ui/FileLinks.tsx';
import { purchaseFileUrl, useComments } from '../purchases.api.ts';

/**
 * The pickup's evidence: the files sent with Registrar Retirada and those attached in the thread of
 * Disponível para Retirada. A button in Fluxo do Atendimento opens them (images large, spec §2's
 * "evidence attachments" overlay); nothing shows while there are none.
 */
export function PickupEvidence({ requestId }: { requestId: number }) {
  const comments = useComments(requestId);
  const [open, setOpen] = useState(false);
  const withFiles = (comments.data ?? []).filter(
    (c) => c.stage === PURCHASE_STATUS.disponivel && c.attachments.length > 0,
  );
  const count = withFiles.reduce((n, c) => n + c.attachments.length, 0);
  if (count === 0) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPaperclip size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Evidências da retirada ({count})
      </Button>
      <Dialog
        opened={open}
        onClose={() => setOpen(false)}
        title="Evidências da retirada"
        centered
        zIndex={300}
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="xs">
          {withFiles.map((c) => (
            <Paper key={c.id} withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed">
                {c.userName} · {formatDateTime(c.date)}
              </Text>
              <FileLinks
                files={c.attachments.map((a) => ({
                  key: a.filepath,
                  name: a.name,
                  url: purchaseFileUrl(a.filepath),
                }))}
              />
            </Paper>
          ))}
        </Stack>
      </Dialog>
    </>
  );
}
