import { MSG, NOTICE_POSITION, type Notice } from '@intranet/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import { useDeleteNotice, useEditNotice, useInsertNotice, useNotices } from '../notices.api.ts';
import { type NoticeDraft, NoticeForm } from './NoticeForm.tsx';

export function NoticeTab() {
  const user = useUser();
  const notices = useNotices();
  const insert = useInsertNotice();
  const edit = useEditNotice();
  const remove = useDeleteNotice();
  const [editing, setEditing] = useState<Notice | null>(null);

  // userName and setor travel for compatibility (spec §7); the server takes the author from the session.
  const create = ({ fields, file }: NoticeDraft, saved: () => void) =>
    insert.mutate(
      {
        fields: { ...fields, userName: user.userName, setor: user.mainSector ?? undefined },
        files: file ? [file] : [],
      },
      { onSuccess: saved },
    );

  const saveEdit = ({ fields, file, removeImage }: NoticeDraft) => {
    if (!editing) return;
    edit.mutate(
      { params: { id: editing.id }, fields: { ...fields, removeImage }, files: file ? [file] : [] },
      { onSuccess: () => setEditing(null) },
    );
  };

  const confirmDelete = (notice: Notice) =>
    modals.openConfirmModal({
      title: 'Excluir aviso',
      children: <Text size="sm">Você confirma a exclusão deste aviso?</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(notice.id),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <NoticeForm saving={insert.isPending} onSave={create} />
      </Paper>
      <Title order={2} fz="lg">
        Avisos publicados
      </Title>
      {notices.isPending ? <Loader /> : null}
      {notices.data?.length === 0 ? <Text c="dimmed">{MSG.noNotices}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(notices.data ?? []).map((n) => (
          <Card key={n.id} withBorder radius="md" padding="md" data-testid="notice-card">
            {n.img ? (
              <Card.Section>
                <Image src={storedFileUrl(n.img)} alt="" h={160} fit="cover" />
              </Card.Section>
            ) : null}
            <Stack gap="xs" mt={n.img ? 'sm' : 0}>
              <Badge variant="light" w="fit-content">
                {n.position === NOTICE_POSITION.retrato ? 'Retrato' : 'Paisagem'}
              </Badge>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
                {n.text}
              </Text>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(n)}
                >
                  Editar
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => confirmDelete(n)}
                >
                  Excluir
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Dialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Editar aviso"
        size="lg"
        centered
      >
        {editing ? (
          <NoticeForm
            key={editing.id}
            initial={editing}
            saving={edit.isPending}
            onSave={saveEdit}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
