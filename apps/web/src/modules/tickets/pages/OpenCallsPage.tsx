import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import { IconDownload, IconHeadset } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useDetailParam } from '../../../ui/useDetailParam.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { CallPanel } from '../components/CallPanel.tsx';
import { OPEN_CALLS_COLUMNS } from '../components/call-cells.tsx';
import { useCallTable } from '../tickets.api.ts';

/** /ChamadosAbertos: the queue of the departments the user attends, with per-column filters. */
export function OpenCallsPage() {
  const table = useCallTable('open');
  const [openId, setOpenId] = useDetailParam('ticket');

  return (
    <Stack py="md">
      <PageTitle
        title="Chamados Abertos"
        description="Chamados dos departamentos que você atende. Use o funil de cada coluna para filtrar."
        icon={<IconHeadset size={28} />}
        actions={
          <Group gap="xs">
            {table.activeFilters > 0 ? (
              <Button variant="subtle" onClick={table.clearFilters}>
                Limpar filtros
                <Badge ml={6} size="sm" circle>
                  {table.activeFilters}
                </Badge>
              </Button>
            ) : null}
            <Button
              component="a"
              href={table.exportHref}
              download="dados.xlsx"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Baixar planilha
            </Button>
          </Group>
        }
      />
      {table.query.isError ? (
        <Alert color="red">{errorMessage(table.query.error, 'Não foi possível carregar os chamados.')}</Alert>
      ) : null}
      <VirtualTable
        {...table.tableProps}
        label="Chamados abertos"
        columns={OPEN_CALLS_COLUMNS}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpenId(r.id)}
        emptyText="Nenhum chamado encontrado."
      />
      <CallPanel callId={openId} onClose={() => setOpenId(null)} mode="manage" />
    </Stack>
  );
}
