import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { NoticeCard } from '../../../ui/NoticeCard.tsx';
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
      {isPending ? (
        <Stack gap="md">
          <Skeleton height={220} radius="lg" />
          <Skeleton height={120} radius="lg" />
        </Stack>
      ) : isError ? (
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />}>
          {errorMessage(error, 'Não foi possível carregar os avisos.')}
        </Alert>
      ) : data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="notices-empty">
          <Text c="dimmed" ta="center">
            Nenhum aviso no momento.
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          {data.map((n) => (
            <NoticeCard key={n.id} notice={n} />
          ))}
        </Stack>
      )}
    </section>
  );
}
