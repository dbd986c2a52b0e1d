import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileText,
  IconListCheck,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import { useUser } from '../../../app/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

/** /rhHomeRequest: the welcome line and the five tiles of spec §2 (two not available yet). */
export function RhHomePage() {
  const user = useUser();
  const soon = 'Ainda não disponível';
  return (
    <Stack py="md" maw={960} mx="auto">
      <PageTitle title="Recursos Humanos" description="Solicitações ao RH" />
      <Text size="lg">Olá, {user.userName}! O que você precisa hoje?</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        <ActionTile
          label="Admissão"
          icon={<IconUserPlus size={32} stroke={1.5} />}
          to="/formHiring"
          size="lg"
        />
        <ActionTile
          label="Demissão"
          icon={<IconUserMinus size={32} stroke={1.5} />}
          to="/formDismissal"
          size="lg"
        />
        <ActionTile
          label="Movimentação"
          icon={<IconArrowsExchange size={32} stroke={1.5} />}
          disabled
          disabledReason={soon}
          size="lg"
        />
        <ActionTile
          label="Documentos"
          icon={<IconFileText size={32} stroke={1.5} />}
          disabled
          disabledReason={soon}
          size="lg"
        />
        <ActionTile
          label="Minhas Solicitações"
          icon={<IconListCheck size={32} stroke={1.5} />}
          to="/requesterScreamRh"
          size="lg"
        />
      </SimpleGrid>
    </Stack>
  );
}
