import { DEPARTMENT_LABEL, DEPARTMENTS, LIMITS } from '@intranet/contracts';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload, IconListSearch, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { UnderConstruction } from '../../../ui/UnderConstruction.tsx';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { CallPanel } from '../components/CallPanel.tsx';
import { MY_CALLS_COLUMNS } from '../components/call-columns.tsx';
import { useCallTable } from '../components/useCallTable.ts';
import { type CallFilterValues, exportUrl } from '../tickets.api.ts';

const SORTABLE = ['id', 'nome_usuario', 'dep', 'data', 'status'];

function CallsSearch() {
  const [params, setParams] = useSearchParams();
  const table = useCallTable('mine');
  const [draft, setDraft] = useState<CallFilterValues>({});
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const ticketParam = Number(params.get('ticket'));
  const openId = Number.isInteger(ticketParam) && ticketParam > 0 ? ticketParam : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const day = (d: string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : undefined);
    table.setFilters({ ...draft, from: day(range[0]), to: day(range[1] ?? range[0]) });
  };
  const clear = () => {
    setDraft({});
    setRange([null, null]);
    table.setFilters({});
  };
  const text = (key: keyof CallFilterValues) => ({
    value: draft[key] ?? '',
    maxLength: LIMITS.filterInputMax,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  const openCall = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('ticket', String(id));
    else next.delete('ticket');
    setParams(next, { replace: true });
  };

  return (
    <Stack py="md">
      <PageTitle
        title="Meus Chamados"
        description="Acompanhe os chamados que você abriu e os dos departamentos que você atende."
        icon={<IconListSearch size={28} />}
        actions={
          <Button
            component="a"
            href={exportUrl('mine', table.filters)}
            download="chamados.xlsx"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Baixar planilha
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <form onSubmit={search} aria-label="Pesquisar chamados">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <TextInput label="Ticket" inputMode="numeric" {...text('ticket')} />
            <TextInput label="Nome do atendente" {...text('attendant')} />
            <Select
              label="Setor de suporte"
              placeholder="Todos"
              clearable
              data={DEPARTMENTS.map((d) => ({ value: d, label: DEPARTMENT_LABEL[d] }))}
              value={draft.dep ?? null}
              onChange={(dep) => setDraft((d) => ({ ...d, dep: dep ?? undefined }))}
            />
            <DatePickerInput
              type="range"
              label="Data da solicitação"
              placeholder="Período"
              valueFormat="DD/MM/YYYY"
              clearable
              allowSingleDateInRange
              value={range}
              onChange={(v) => setRange(v as [string | null, string | null])}
            />
            <TextInput label="Nome do solicitante" {...text('name')} />
            <Group align="flex-end" gap="xs">
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                Pesquisar
              </Button>
              <Button variant="default" onClick={clear}>
                Limpar
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      {table.query.isError ? (
        <Alert color="red">{errorMessage(table.query.error, 'Não foi possível carregar os chamados.')}</Alert>
      ) : null}
      <VirtualTable
        label="Chamados"
        rows={table.rows}
        columns={MY_CALLS_COLUMNS}
        total={table.total}
        rowKey={(r) => r.id}
        onRowClick={(r) => openCall(r.id)}
        onEndReached={table.loadMore}
        loading={table.query.isFetching}
        emptyText="Nenhum chamado encontrado."
        sort={{ id: table.sort.sort, dir: table.sort.dir }}
        sortable={SORTABLE}
        onSortChange={(s) => table.setSort({ sort: s.id as never, dir: s.dir })}
        minWidth={720}
      />
      <CallPanel callId={openId} onClose={() => openCall(null)} mode="consult" />
    </Stack>
  );
}

/** /Calls: the consult screen; typeRequest=chamado shows the calls (purchases come with their module). */
export function MyCallsPage() {
  const [params] = useSearchParams();
  const type = params.get('typeRequest');
  if (type && type !== 'chamado') return <UnderConstruction title="Consultar Solicitações" />;
  return <CallsSearch />;
}
