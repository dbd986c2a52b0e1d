import { LIMITS, PURCHASE_COLUMNS } from '@intranet/contracts';
import { Alert, Button, Grid, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { ColumnFilterBar } from '../../../ui/ColumnFilterBar.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { PurchaseDetailModal } from '../components/PurchaseDetailModal.tsx';
import { MY_PURCHASES_COLUMNS, RECEIVED_PURCHASES_COLUMNS } from '../components/purchase-cells.tsx';
import { usePurchaseTable } from '../purchases.api.ts';

/** The side bar's filters (issue 10): status, priority, unit, type, period, requester sector. */
const BAR_FILTERS = ['status', 'priority', 'filial', 'typerequest', 'date', 'setor'].map(
  (id) => PURCHASE_COLUMNS.find((c) => c.id === id)!,
);
const BAR_LABELS = { filial: 'Unidade', date: 'Período', setor: 'Setor do solicitante' };

/**
 * /requestopened: SOLICITAÇÕES DE COMPRAS (the received list) or, with functionType=consultar, the
 * requester's own read-only table. `?ticket=N` opens the request's detail.
 */
export function PurchaseRequestsPage() {
  const [params, setParams] = useSearchParams();
  const consult = params.get('functionType') === 'consultar';
  const [text, setText] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const waiting = params.get('waiting') === '1';
  const table = usePurchaseTable(consult ? 'mine' : 'received', {
    q: debounced || undefined,
    waiting: waiting ? '1' : undefined,
  });
  const ticket = Number(params.get('ticket')) || null;

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key !== 'ticket' },
    );
  // The search box lives in the URL too, so a filtered view survives a reload.
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  return (
    <Stack py="md">
      <PageTitle
        title={consult ? 'Minhas Solicitações de Compra' : 'SOLICITAÇÕES DE COMPRAS'}
        description={
          consult
            ? 'Acompanhe as compras e serviços que você solicitou.'
            : 'Solicitações recebidas. Clique em uma linha para abrir o ticket.'
        }
        icon={<IconShoppingCart size={28} />}
        actions={
          <Button
            component="a"
            href={table.exportHref}
            download="solicitacoes.xlsx"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Baixar planilha
          </Button>
        }
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ColumnFilterBar
            columns={BAR_FILTERS}
            labels={BAR_LABELS}
            applied={table.filters}
            onApply={table.setFilters}
            onClear={() => {
              setText('');
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  for (const key of ['q', 'waiting', ...PURCHASE_COLUMNS.map((c) => c.id)]) next.delete(key);
                  return next;
                },
                { replace: true },
              );
            }}
          >
            <TextInput
              label="Pesquisar"
              placeholder="Produto, solicitante ou ticket"
              maxLength={LIMITS.purchaseSearchMax}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {consult ? null : (
              <Switch
                label="Aguardando minha aprovação"
                checked={waiting}
                onChange={(e) => setParam('waiting', e.currentTarget.checked ? '1' : null)}
              />
            )}
          </ColumnFilterBar>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {table.query.isError ? (
            <Alert color="red">
              {errorMessage(table.query.error, 'Não foi possível carregar as solicitações.')}
            </Alert>
          ) : null}
          <Group mb="xs" />
          <VirtualTable
            {...table.tableProps}
            label={consult ? 'Minhas solicitações' : 'Solicitações de compras'}
            columns={consult ? MY_PURCHASES_COLUMNS : RECEIVED_PURCHASES_COLUMNS}
            rowKey={(r) => r.id}
            onRowClick={(r) => setParam('ticket', String(r.id))}
            emptyText="Nenhuma solicitação encontrada."
          />
        </Grid.Col>
      </Grid>
      <PurchaseDetailModal id={ticket} consult={consult} onClose={() => setParam('ticket', null)} />
    </Stack>
  );
}
