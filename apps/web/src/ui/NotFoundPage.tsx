import { MSG } from '@intranet/contracts';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconMapPinOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { APP_TITLE } from './PageTitle.tsx';

/** Unknown paths (spec §2), inside the app layout. */
export function NotFoundPage() {
  useDocumentTitle(`Página não encontrada · ${APP_TITLE}`);
  return (
    <Center py={{ base: 32, sm: 72 }}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={88} radius={44} variant="light" color="brand.9" aria-hidden>
          <IconMapPinOff size={44} stroke={1.5} />
        </ThemeIcon>
        <Text fz={{ base: 56, sm: 72 }} fw={800} lh={1} c="brand.9" aria-hidden>
          404
        </Text>
        <Title order={1} size="h3" fw={600}>
          {MSG.notFoundPage}
        </Title>
        <Text c="dimmed">Confira o endereço digitado ou volte para a página inicial da Intranet.</Text>
        <Button component={Link} to="/" color="brand.9" leftSection={<IconArrowLeft size={18} />} mt="xs">
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
