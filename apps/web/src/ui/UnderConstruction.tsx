import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconBarrierBlock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { APP_TITLE } from './PageTitle.tsx';

/** A screen that a later module builds: says so inside the layout, never a blank page. */
export function UnderConstruction({ title }: { title: string }) {
  useDocumentTitle(`${title} · ${APP_TITLE}`);
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" mt="xl" data-testid="under-construction">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="md" variant="light" color="yellow" aria-hidden>
          <IconBarrierBlock size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }} c="brand.9">
          {title}
        </Title>
        <Text c="dimmed">Esta página está em construção.</Text>
        <Anchor component={Link} to="/" fw={600}>
          <Group gap={6} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Voltar para o início
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}
