import { canManageAttachments } from '@intranet/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { IconFolders, IconHome, IconVideoPlus } from '@tabler/icons-react';
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

/** /homeAnexoOperacao (spec §2): Gerenciar Anexos only for Administrador or gestor. */
export function OperationsHomePage() {
  const user = useUser();
  return (
    <Stack py="md" maw={900} mx="auto">
      <PageTitle title="Escolha uma Opção" description="Vídeos e fotos dos processos por OT." />
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
        {canManageAttachments(user) ? (
          <ActionTile
            label="Gerenciar Anexos"
            to="/homeAnexoOperacao/listanexosoperacao"
            icon={<IconFolders size={32} />}
            size="lg"
          />
        ) : null}
        <ActionTile
          label="Inserir Anexos"
          to="/homeAnexoOperacao/anexosOperacao"
          icon={<IconVideoPlus size={32} />}
          size="lg"
        />
        <ActionTile label="Voltar para Home" to="/" icon={<IconHome size={32} />} size="lg" />
      </SimpleGrid>
    </Stack>
  );
}
