import type { NoticeEntry } from '@intranet/contracts';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { LoadState } from '../../../ui/LoadState.tsx';
import { NOTICES_EMPTY, NOTICES_ERROR, NoticeCard } from '../../../ui/NoticeCard.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useDetailParam } from '../../../ui/useDetailParam.ts';
import { NoticeMeta, NoticeSummary } from '../components/NoticeSummary.tsx';
import { useNoticePages } from '../notices.api.ts';

/**
 * /avisos (Notificações › Avisos): every notice, newest first, each opening in full; the open one
 * lives in the address (`?aviso=id`, as the search links it).
 */
export function NoticesPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useNoticePages();
  const [openId, setOpenId] = useDetailParam('aviso');
  const phone = useMediaQuery('(max-width: 48em)');
  const notices = data?.pages.flatMap((p) => p.rows) ?? [];
  const open: NoticeEntry | null = notices.find((n) => n.id === openId) ?? null;
  // An older notice named by the address: read the next pages until it is among them.
  const seeking = openId !== null && open === null && hasNextPage;
  useEffect(() => {
    if (seeking && !isFetchingNextPage) fetchNextPage();
  }, [seeking, isFetchingNextPage, fetchNextPage]);

  return (
    <Box maw={960} mx="auto">
      <PageTitle
        title="Avisos"
        icon={<IconSpeakerphone size={28} />}
        description="Todos os avisos da Rota Sul Logística, do mais recente ao mais antigo."
      />
      <LoadState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={notices.length === 0}
        skeletons={[96, 96, 96]}
        errorText={NOTICES_ERROR}
        emptyText={NOTICES_EMPTY}
        emptyTestId="notices-empty"
      >
        <Stack gap="sm" data-testid="notices-list">
          {notices.map((n) => (
            <NoticeSummary key={n.id} notice={n} onOpen={() => setOpenId(n.id)} />
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
      </LoadState>
      <Dialog
        opened={open !== null}
        onClose={() => setOpenId(null)}
        title="Aviso"
        size="xl"
        radius="lg"
        fullScreen={phone}
        padding={phone ? 'sm' : 'md'}
      >
        {open ? <NoticeCard notice={open} header={<NoticeMeta notice={open} />} bare /> : null}
      </Dialog>
    </Box>
  );
}
