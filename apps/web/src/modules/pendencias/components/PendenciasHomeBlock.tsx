import { PENDENCIAS_MSG } from '@intranet/contracts';
import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadState } from '../../../ui/LoadState.tsx';
import { usePendenciasCount, usePendenciasList } from '../pendencias.api.ts';
import { PendenciaLines } from './PendenciaLines.tsx';

/** How many lines the home shows; the rest are a "Ver todas" away. */
const HOME_LINES = 5;

/** The home's first block: the first pendências, their count and "Ver todas". */
export function PendenciasHomeBlock() {
  const list = usePendenciasList(HOME_LINES);
  const count = usePendenciasCount();
  const items = list.data?.pages[0]?.rows ?? [];
  const n = count.data ? `${count.data.count}${count.data.capped ? '+' : ''}` : null;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby="pendencias-home"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="pendencias-home">
          {PENDENCIAS_MSG.title}
          {n !== null ? ` (${n})` : ''}
        </Title>
        <Anchor component={Link} to="/pendencias" size="sm" fw={600}>
          {PENDENCIAS_MSG.seeAll}
        </Anchor>
      </Group>
      <LoadState
        isPending={list.isPending}
        error={list.error}
        isEmpty={items.length === 0}
        skeletons={[56, 56]}
        errorText={PENDENCIAS_MSG.loadError}
        emptyText={PENDENCIAS_MSG.empty}
        emptyTestId="pendencias-empty"
      >
        <PendenciaLines items={items} />
      </LoadState>
    </Paper>
  );
}
