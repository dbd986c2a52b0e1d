import { HR_REQUEST_COLUMNS, type HrRequestRow, type HrView } from '@intranet/contracts';
import { Alert, Button, Stack, Switch } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { withCells } from '../../../ui/table-columns.ts';
import { useDetailParam } from '../../../ui/useDetailParam.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { HrRequestPanel } from '../components/HrRequestPanel.tsx';
import { useHrRequestTable } from '../hr.api.ts';

const COLUMNS = withCells<HrRequestRow>(HR_REQUEST_COLUMNS, { Id: (r) => `#${r.Id}` });

/**
 * /mainScreamRh (scope all: the HR team and the approvers; `?waiting=1` what waits for the user's
 * decision) and /requesterScreamRh (scope mine: the requester's own, with no buttons and no
 * attachments — the server answers the requester's view without abilities).
 */
export function HrRequestsPage({ scope }: { scope: HrView }) {
  const [params, setParams] = useSearchParams();
  const waiting = scope === 'all' && params.get('waiting') === '1';
  const table = useHrRequestTable(scope, waiting);
  // `?ticket=N` opens request N (Minhas pendências links to it).
  const [openId, setOpenId] = useDetailParam('ticket');
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
        {scope === 'all' ? (
          <Switch
            label="Aguardando minha aprovação"
            checked={waiting}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (on) next.set('waiting', '1');
                  else next.delete('waiting');
                  return next;
                },
                { replace: true },
              );
            }}
          />
        ) : null}
        <VirtualTable
          {...table.tableProps}
          label="Solicitações de RH"
          columns={COLUMNS}
          rowKey={(r) => r.Id}
          onRowClick={(r) => setOpenId(r.Id)}
          emptyText="Nenhuma solicitação encontrada."
        />
        <HrRequestPanel requestId={openId} view={scope} onClose={() => setOpenId(null)} />
      </Stack>
    </RequireAccess>
  );
}

export const MainScreamRhPage = () => <HrRequestsPage scope="all" />;
export const RequesterScreamRhPage = () => <HrRequestsPage scope="mine" />;
