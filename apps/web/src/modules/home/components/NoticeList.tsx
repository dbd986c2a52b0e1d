import { Anchor, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadState } from '../../../ui/LoadState.tsx';
import { NOTICES_EMPTY, NOTICES_ERROR, NoticeCard } from '../../../ui/NoticeCard.tsx';
import { useNotices } from '../home.api.ts';

/** The notices of the home page: paisagem (image on top) or retrato (image beside the text). */
export function NoticeList() {
  const { data, isPending, isError, error } = useNotices();

  return (
    <section aria-labelledby="avisos-titulo" data-testid="notices">
      <Group gap="sm" mb="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color="brand" aria-hidden>
            <IconSpeakerphone size={20} />
          </ThemeIcon>
          <Title order={2} id="avisos-titulo" fz={{ base: 20, sm: 24 }} c="brand.9">
            Avisos
          </Title>
        </Group>
        <Anchor component={Link} to="/avisos" fw={600} size="sm">
          <Group gap={4} wrap="nowrap">
            Ver todos
            <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <LoadState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={data?.length === 0}
        skeletons={[220, 120]}
        errorText={NOTICES_ERROR}
        emptyText={NOTICES_EMPTY}
        emptyTestId="notices-empty"
      >
        <Stack gap="lg">
          {data?.map((n) => (
            <NoticeCard key={n.id} notice={n} />
          ))}
        </Stack>
      </LoadState>
    </section>
  );
}
