import { HR_REQUEST_COLUMNS, type HrRequestRow } from '@intranet/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { withCells } from '../../../ui/table-columns.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { HrRequestPanel } from '../components/HrRequestPanel.tsx';
import { useHrRequestTable } from '../hr.api.ts';

const COLUMNS = withCells<HrRequestRow>(HR_REQUEST_COLUMNS, { Id: (r) => `#${r.Id}` });

/**
 * /mainScreamRh (scope all: the HR team and the approvers) and /requesterScreamRh (scope mine:
 * the requester's own, with no buttons and no attachments — the server sends no abilities).
 */
export function HrRequestsPage({ scope }: { scope: 'all' | 'mine' }) {
  const table = useHrRequestTable(scope);
  const [openId, setOpenId] = useState<number | null>(null);
  const refused = table.query.error instanceof ApiError && table.query.error.status === 403;

  return (
    <RequireAccess allowed={!refused}>
      <Stack py="md">
        <PageTitle
          title={scope === 'all' ? 'Atendimento RH' : 'Minhas Solicitações'}
          icon={<IconUsers size={28} />}
          actions={
            <Button
              component="a"
              href={table.exportHref}
              download="solicitacoes_rh.xlsx"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Baixar planilha
            </Button>
          }
        />
        {table.query.isError && !refused ? (
          <Alert color="red">
            {errorMessage(table.query.error, 'Não foi possível carregar as solicitações.')}
          </Alert>
        ) : null}
        <VirtualTable
          {...table.tableProps}
          label="Solicitações de RH"
          columns={COLUMNS}
          rowKey={(r) => r.Id}
          onRowClick={(r) => setOpenId(r.Id)}
          emptyText="Nenhuma solicitação encontrada."
        />
        <HrRequestPanel requestId={openId} onClose={() => setOpenId(null)} />
      </Stack>
    </RequireAccess>
  );
}

export const MainScreamRhPage = () => <HrRequestsPage scope="all" />;
export const RequesterScreamRhPage = () => <HrRequestsPage scope="mine" />;
