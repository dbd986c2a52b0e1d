import { type FilterValues, MY_CALLS_SEARCH, supportedDepartments } from '@intranet/contracts';
import { Alert, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload, IconListSearch, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../platform/session.tsx';
import { FilterInput } from '../../../ui/FilterInput.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useDetailParam } from '../../../ui/useDetailParam.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { CallPanel } from '../components/CallPanel.tsx';
import { MY_CALLS_COLUMNS } from '../components/call-cells.tsx';
import { useCallTable } from '../tickets.api.ts';

/** Spec §2's search of My calls: drafts the filters, Pesquisar applies them (to the URL). */
function CallsSearchForm({
  applied,
  onApply,
}: {
  applied: FilterValues;
  onApply: (f: FilterValues) => void;
}) {
  const [draft, setDraft] = useState<FilterValues>(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Pesquisar chamados">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {MY_CALLS_SEARCH.map((column) =>
          column.filter ? (
            <FilterInput
              key={column.id}
              filter={column.filter}
              label={column.header}
              value={draft[column.id] ?? ''}
              onChange={(value) => setDraft((d) => ({ ...d, [column.id]: value }))}
            />
          ) : null,
        )}
        <Group align="flex-end" gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Pesquisar
          </Button>
          <Button variant="default" onClick={() => onApply({})}>
            Limpar
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}

function CallsSearch() {
  const table = useCallTable('mine');
  const [openId, openCall] = useDetailParam('ticket');
  const user = useUser();

  return (
    <Stack py="md">
      <PageTitle
        title="Meus Chamados"
        description={
          supportedDepartments(user).length > 0
            ? 'Acompanhe os chamados que você abriu e os dos departamentos que você atende.'
            : 'Acompanhe os chamados que você abriu.'
        }
        icon={<IconListSearch size={28} />}
        actions={
          <Button
            component="a"
            href={table.exportHref}
            download="chamados.xlsx"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Baixar planilha
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {/* Remounted when the applied filters change (Limpar, a link, back): the draft starts from them. */}
        <CallsSearchForm
          key={JSON.stringify(table.filters)}
          applied={table.filters}
          onApply={table.setFilters}
        />
      </Paper>
      {table.query.isError ? (
        <Alert color="red">{errorMessage(table.query.error, 'Não foi possível carregar os chamados.')}</Alert>
      ) : null}
      <VirtualTable
        {...table.tableProps}
        // My calls filters through the search form above, not in the headers.
        filters={undefined}
        label="Chamados"
        columns={MY_CALLS_COLUMNS}
        rowKey={(r) => r.id}
        onRowClick={(r) => openCall(r.id)}
        emptyText="Nenhum chamado encontrado."
      />
      <CallPanel callId={openId} onClose={() => openCall(null)} mode="consult" />
    </Stack>
  );
}

/** The request types whose consultation is the purchases module's (spec §2 query parameters). */
const PURCHASE_TYPES = new Set(['compra', 'servico', 'compras']);

/**
 * /Calls: the consult screen; typeRequest=chamado (or none) shows the calls, a purchase or service
 * type goes to the consultation of purchases (/requestopened, which lists both).
 */
export function MyCallsPage() {
  const [params] = useSearchParams();
  const type = params.get('typeRequest');
  if (type && PURCHASE_TYPES.has(type)) {
    return <Navigate to="/requestopened?functionType=consultar&typeRequest=compras" replace />;
  }
  return <CallsSearch />;
}
