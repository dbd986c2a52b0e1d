import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHeadset, IconListCheck, IconListSearch, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { FUNCTION_TYPE_COOKIE, type FunctionType, readCookie } from '../../../ui/cookies.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

const OPTIONS: Record<FunctionType, { label: string; to: string; icon: React.ReactNode }[]> = {
  solicitar: [
    {
      label: 'Solicitar uma Compra',
      to: '/openpurchrequest?typeRequest=compra',
      icon: <IconShoppingCart size={32} />,
    },
    {
      label: 'Serviço de Terceiros',
      to: '/openpurchrequest?typeRequest=servico&isService=1',
      icon: <IconTool size={32} />,
    },
    { label: 'Abrir Chamado', to: '/abrirchamado', icon: <IconHeadset size={32} /> },
  ],
  consultar: [
    {
      label: 'Solicitações de Compra',
      to: '/requestopened?functionType=consultar&typeRequest=compras',
      icon: <IconListSearch size={32} />,
    },
    { label: 'Chamados Abertos', to: '/Calls?typeRequest=chamado', icon: <IconListCheck size={32} /> },
  ],
};

const TITLES: Record<FunctionType, string> = { solicitar: 'Solicitar', consultar: 'Consultar' };

/** /chooserequest: the options of Suporte › Solicitar or › Consultar, read from the functionType cookie. */
export function ChooseRequestPage() {
  const stored = readCookie(FUNCTION_TYPE_COOKIE);
  const types: FunctionType[] =
    stored === 'solicitar' || stored === 'consultar' ? [stored] : ['solicitar', 'consultar'];
  return (
    <Stack py="md" maw={900} mx="auto">
      <PageTitle title="Escolha uma Opção" description="O que você precisa fazer?" />
      {types.map((type) => (
        <Stack key={type} gap="sm">
          {types.length > 1 ? (
            <Text fw={700} c="brand.9">
              {TITLES[type]}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" data-function-type={type}>
            {OPTIONS[type].map((o) => (
              <ActionTile key={o.label} label={o.label} to={o.to} icon={o.icon} size="lg" />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
