import { rhHomeTiles } from '@intranet/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileText,
  IconHeartHandshake,
  IconListCheck,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  admissao: IconUserPlus,
  demissao: IconUserMinus,
  movimentacao: IconArrowsExchange,
  documentos: IconFileText,
  minhas: IconListCheck,
  atendimento: IconHeartHandshake,
};

/**
 * /rhHomeRequest: the welcome line and the tiles of spec §2, each a link only for who may use its
 * screen (home/tiles.policy.ts#rhHomeTiles), plus Atendimento RH for who handles or approves requests.
 */
export function RhHomePage() {
  const user = useUser();
  return (
    <Stack py="md" maw={960} mx="auto">
      <PageTitle title="Recursos Humanos" description="Solicitações ao RH" />
      <Text size="lg">Olá, {user.userName}! O que você precisa hoje?</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {rhHomeTiles(user).map((t) => {
          const Icon = ICONS[t.key] ?? IconListCheck;
          return (
            <ActionTile
              key={t.key}
              label={t.label}
              icon={<Icon size={32} stroke={1.5} />}
              to={t.path ?? undefined}
              disabled={t.path === null}
              disabledReason={t.reason}
              size="lg"
              testId="rh-tile"
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
