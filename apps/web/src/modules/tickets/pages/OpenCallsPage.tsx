import {
  CALL_STATUS_FILTER_OPTIONS,
  DEPARTMENT_LABEL,
  DEPARTMENTS,
  UNIT_LABEL,
  UNITS,
} from '@intranet/contracts';
import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import { IconDownload, IconHeadset } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { CallPanel } from '../components/CallPanel.tsx';
import { ColumnFilter } from '../components/ColumnFilter.tsx';
import { OPEN_CALLS_COLUMNS } from '../components/call-columns.tsx';
import { useCallTable } from '../components/useCallTable.ts';
import { type CallFilterValues, exportUrl } from '../tickets.api.ts';

type FilterKey = keyof CallFilterValues;
type Kind = Parameters<typeof ColumnFilter>[0]['kind'];

/** Which filter each column has (spec §2: ticket, support dept, name, unit, registration, department, dates, status). */
const COLUMN_FILTERS: Record<string, { key: FilterKey | 'range'; label: string; kind: Kind }> = {
  id: { key: 'ticket', label: 'Ticket', kind: { type: 'text' } },
  dep: {
    key: 'dep',
    label: 'Suporte',
    kind: { type: 'select', options: DEPARTMENTS.map((d) => ({ value: d, label: DEPARTMENT_LABEL[d] })) },
  },
  nome_usuario: { key: 'name', label: 'Nome', kind: { type: 'text' } },
  filial: {
    key: 'filial',
    label: 'Unidade',
    kind: { type: 'select', options: UNITS.map((u) => ({ value: u, label: UNIT_LABEL[u] })) },
  },
  matricula: { key: 'matricula', label: 'Matrícula', kind: { type: 'text' } },
  setor: { key: 'setor', label: 'Departamento', kind: { type: 'text' } },
  data: { key: 'range', label: 'Data', kind: { type: 'dateRange' } },
  status: { key: 'status', label: 'Status', kind: { type: 'select', options: CALL_STATUS_FILTER_OPTIONS } },
};

const SORTABLE = ['id', 'dep', 'nome_usuario', 'filial', 'data', 'status'];

/** /ChamadosAbertos: the queue of the departments the user attends, with per-column filters. */
export function OpenCallsPage() {
  const table = useCallTable('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const { filters, setFilters } = table;

  const appliedValue = (key: FilterKey | 'range') =>
    key === 'range'
      ? filters.from
        ? `${filters.from}|${filters.to ?? filters.from}`
        : undefined
      : filters[key];
  const apply = (key: FilterKey | 'range', value: string | undefined) => {
    if (key === 'range') {
      const [from, to] = value ? value.split('|') : [];
      setFilters((f) => ({ ...f, from, to }));
    } else {
      setFilters((f) => ({ ...f, [key]: value }));
    }
  };
  const activeCount = Object.values(filters).filter(Boolean).length;

  return (
    <Stack py="md">
      <PageTitle
        title="Chamados Abertos"
        description="Chamados dos departamentos que você atende. Use o funil de cada coluna para filtrar."
        icon={<IconHeadset size={28} />}
        actions={
          <Group gap="xs">
            {activeCount > 0 ? (
              <Button variant="subtle" onClick={() => setFilters({})}>
                Limpar filtros
                <Badge ml={6} size="sm" circle>
                  {activeCount}
                </Badge>
              </Button>
            ) : null}
            <Button
              component="a"
              href={exportUrl('open', filters)}
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
        label="Chamados abertos"
        rows={table.rows}
        columns={OPEN_CALLS_COLUMNS}
        total={table.total}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpenId(r.id)}
        onEndReached={table.loadMore}
        loading={table.query.isFetching}
        emptyText="Nenhum chamado encontrado."
        sort={{ id: table.sort.sort, dir: table.sort.dir }}
        sortable={SORTABLE}
        onSortChange={(s) => table.setSort({ sort: s.id as never, dir: s.dir })}
        headerExtra={(id) => {
          const f = COLUMN_FILTERS[id];
          return f ? (
            <ColumnFilter
              label={f.label}
              kind={f.kind}
              value={appliedValue(f.key)}
              onApply={(v) => apply(f.key, v)}
            />
          ) : null;
        }}
        minWidth={1100}
      />
      <CallPanel callId={openId} onClose={() => setOpenId(null)} mode="manage" />
    </Stack>
  );
}
