import { canManageOrg, SECTOR_MSG } from '@intranet/contracts';
import { Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useOrg } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { LoadState } from '../../../ui/LoadState.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { BranchesSection } from '../components/BranchesSection.tsx';
import { SectorsSection } from '../components/SectorsSection.tsx';

/**
 * /setores (issue 34, decision 0116): the company's sectors and branches, by the rule the server's
 * /api/org routes apply (canManageOrg). A deactivated one leaves the forms; records keep showing it.
 */
export function OrgPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageOrg(user)}>
      <PageTitle
        title="Setores e filiais"
        icon={<IconBuilding size={28} />}
        description="Os setores, a função de cada um nos fluxos, e as filiais que os formulários oferecem."
      />
      <Lists />
    </RequireAccess>
  );
}

function Lists() {
  const org = useOrg();
  return (
    <LoadState
      isPending={org.isPending}
      error={org.error}
      isEmpty={false}
      skeletons={[320, 200]}
      errorText={SECTOR_MSG.loadError}
      emptyText=""
    >
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        Desativar tira o setor ou a filial dos formulários; os registros que já o citam continuam a mostrá-lo.
        Só é possível excluir o que nenhum registro cita.
      </Text>
      <Stack gap="lg" maw={960}>
        <SectorsSection sectors={org.data?.sectors ?? []} />
        <BranchesSection branches={org.data?.branches ?? []} />
      </Stack>
    </LoadState>
  );
}
