import { MSG, NOTICE_POSITION, type Notice } from '@intranet/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../app/session.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import {
  type NoticeDraft,
  useDeleteNotice,
  useEditNotice,
  useInsertNotice,
  useNotices,
} from '../notices.api.ts';
import { NoticeForm } from './NoticeForm.tsx';

export function NoticeTab() {
  const user = useUser();
  const notices = useNotices();
  const insert = useInsertNotice({ userName: user.userName, setor: user.mainSector });
  const edit = useEditNotice();
  const remove = useDeleteNotice();
  const [editing, setEditing] = useState<Notice | null>(null);

  const create = async (draft: NoticeDraft) => {
    try {
      await insert.mutateAsync(draft);
      notifications.show({ color: 'green', message: MSG.noticeInserted });
      return true;
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MSG.noticeInsertError,
        message: errorMessage(err, MSG.noticeInsertError),
      });
      return false;
    }
  };

  const saveEdit = async (draft: NoticeDraft) => {
    if (!editing) return false;
    try {
      await edit.mutateAsync({ id: editing.id, draft });
      notifications.show({ color: 'green', message: MSG.noticeUpdated });
      setEditing(null);
      return true;
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MSG.noticeUpdateError,
        message: errorMessage(err, MSG.noticeUpdateError),
      });
      return false;
    }
  };

  const confirmDelete = (notice: Notice) =>
    modals.openConfirmModal({
      title: 'Excluir aviso',
      children: <Text size="sm">Você confirma a exclusão deste aviso?</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(notice);
          notifications.show({ color: 'green', message: MSG.noticeDeleted });
        } catch (err) {
          notifications.show({ color: 'red', message: errorMessage(err, MSG.noticeDeleteError) });
        }
      },
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
      <Modal
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
      </Modal>
    </Stack>
  );
}
