import { canManageCompanySettings } from '@intranet/contracts';
import { Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useUser } from '../../../platform/session.tsx';
import { LoadState } from '../../../ui/LoadState.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { ApproverStageCard } from '../components/ApproverStageCard.tsx';
import { useApproverStages } from '../settings.api.ts';

/** Aprovadores (issue 34, decision 0115): each approval stage's approver and substitute. */
export function ApproversPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageCompanySettings(user)}>
      <PageTitle
        title="Aprovadores"
        icon={<IconUsersGroup size={28} />}
        description="Quem aprova cada etapa de RH e de Compras, e o substituto no período definido."
      />
      <Stages />
    </RequireAccess>
  );
}

function Stages() {
  const stages = useApproverStages();
  const rows = stages.data ?? [];
  return (
    <LoadState
      isPending={stages.isPending}
      error={stages.error}
      isEmpty={rows.length === 0}
      skeletons={[220, 220, 220]}
      errorText="Não foi possível carregar os aprovadores."
      emptyText="Nenhuma etapa de aprovação."
    >
      <Stack gap="md" maw={760}>
        <Text size="sm" c="dimmed">
          Fora do período, o substituto decide apenas as solicitações que o aprovador não pode decidir (as
          dele mesmo ou sobre ele).
        </Text>
        {rows.map((stage) => (
          // A saved stage comes back as a new card: its form starts from what the server kept.
          <ApproverStageCard key={JSON.stringify(stage)} stage={stage} />
        ))}
      </Stack>
    </LoadState>
  );
}
