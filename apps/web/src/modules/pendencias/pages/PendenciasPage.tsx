import { PENDENCIAS_MSG } from '@intranet/contracts';
import { Button, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { ListCount } from '../../../ui/ListCount.tsx';
import { LoadState } from '../../../ui/LoadState.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useLoadMore } from '../../../ui/useLoadMore.ts';
import { PendenciaLines } from '../components/PendenciaLines.tsx';
import { usePendenciasCount, usePendenciasList } from '../pendencias.api.ts';

/** /pendencias: everything that waits for the signed-in person, newest first, live. */
export function PendenciasPage() {
  const list = usePendenciasList();
  const count = usePendenciasCount();
  const loadMore = useLoadMore(list);
  const items = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Stack gap="sm" py="md">
      <PageTitle
        title={PENDENCIAS_MSG.title}
        description={PENDENCIAS_MSG.description}
        icon={<IconBell size={28} />}
      />
      <LoadState
        isPending={list.isPending}
        error={list.error}
        isEmpty={items.length === 0}
        skeletons={[56, 56, 56]}
        errorText={PENDENCIAS_MSG.loadError}
        emptyText={PENDENCIAS_MSG.empty}
        emptyTestId="pendencias-empty"
      >
        {count.data ? (
          <ListCount
            total={count.data.count}
            capped={count.data.capped}
            loaded={items.length}
            more={list.hasNextPage}
            noun={['pendência', 'pendências']}
            mt={0}
          />
        ) : null}
        <PendenciaLines items={items} />
        {list.hasNextPage ? (
          <Button
            variant="light"
            onClick={loadMore}
            loading={list.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            Carregar mais
          </Button>
        ) : null}
      </LoadState>
    </Stack>
  );
}
