import { type RequestFunction, requestChoices } from '@intranet/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHeadset, IconListCheck, IconListSearch, IconShoppingCart, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { FUNCTION_TYPE_COOKIE, readCookie } from '../../../ui/cookies.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

const ICONS: Record<string, ReactNode> = {
  'Solicitar uma Compra': <IconShoppingCart size={32} />,
  'Serviço de Terceiros': <IconTool size={32} />,
  'Abrir Chamado': <IconHeadset size={32} />,
  'Solicitações de Compra': <IconListSearch size={32} />,
  'Chamados Abertos': <IconListCheck size={32} />,
};

const TITLES: Record<RequestFunction, string> = { solicitar: 'Solicitar', consultar: 'Consultar' };

/**
 * /chooserequest: the options of Suporte › Solicitar or › Consultar, read from the functionType
 * cookie; which the user gets is home/tiles.policy.ts#requestChoices.
 */
export function ChooseRequestPage() {
  const user = useUser();
  const stored = readCookie(FUNCTION_TYPE_COOKIE);
  const groups = requestChoices(user, stored === 'solicitar' || stored === 'consultar' ? stored : null);
  return (
    <Stack py="md" maw={900} mx="auto">
      <PageTitle title="Escolha uma Opção" description="O que você precisa fazer?" />
      {groups.map((group) => (
        <Stack key={group.type} gap="sm">
          {groups.length > 1 ? (
            <Text fw={700} c="brand.9">
              {TITLES[group.type]}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" data-function-type={group.type}>
            {group.options.map((o) => (
              <ActionTile key={o.label} label={o.label} to={o.path} icon={ICONS[o.label]} size="lg" />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
