import type { NoticeEntry } from '@intranet/contracts';
import { Alert, Box, Button, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { NoticeCard } from '../../../ui/NoticeCard.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { NoticeMeta, NoticeSummary } from '../components/NoticeSummary.tsx';
import { useNoticePages } from '../notices.api.ts';

/** /avisos (Notificações › Avisos): every notice, newest first, each opening in full. */
export function NoticesPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useNoticePages();
  const [open, setOpen] = useState<NoticeEntry | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const notices = data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Box maw={960} mx="auto">
      <PageTitle
        title="Avisos"
        icon={<IconSpeakerphone size={28} />}
        description="Todos os avisos da Rota Sul Logística, do mais recente ao mais antigo."
      />
      {isPending ? (
        <Stack gap="md">
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </Stack>
      ) : isError ? (
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />}>
          {errorMessage(error, 'Não foi possível carregar os avisos.')}
        </Alert>
      ) : notices.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="notices-empty">
          <Text c="dimmed" ta="center">
            Nenhum aviso no momento.
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="notices-list">
          {notices.map((n) => (
            <NoticeSummary key={n.id} notice={n} onOpen={() => setOpen(n)} />
          ))}
          {hasNextPage ? (
            <Button
              variant="light"
              color="brand"
              radius="md"
              mx="auto"
              mt="sm"
              loading={isFetchingNextPage}
              onClick={() => fetchNextPage()}
            >
              Carregar mais avisos
            </Button>
          ) : notices.length > 3 ? (
            <Text c="dimmed" size="sm" ta="center" mt="sm">
              Esses são todos os avisos.
            </Text>
          ) : null}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title="Aviso"
        size="xl"
        radius="lg"
        fullScreen={phone}
        padding={phone ? 'sm' : 'md'}
      >
        {open ? <NoticeCard notice={open} header={<NoticeMeta notice={open} />} bare /> : null}
      </Modal>
    </Box>
  );
}
