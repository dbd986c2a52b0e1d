import {
  BUSINESS_FILTER,
  BUSINESS_LABEL,
  FINE_COLUMNS,
  RESPONSIBLE_FILTER,
  RESPONSIBLE_LABEL,
} from '@intranet/contracts';
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { FilterInput } from '../../../ui/FilterInput.tsx';
import { useFineFilters, useFineOptions } from '../fines.api.ts';

type Draft = Record<string, string | undefined>;

/** Column filters in the bar's order (spec §2): period, statuses, plate, auto number. */
const COLUMN_FILTERS = [
  'DATA_INFRACAO',
  'STATUS_MULTA',
  'STATUS_PAGMTO',
  'STATUS_ND',
  'PLACA',
  'NUMERO_AUTO',
].map((id) => FINE_COLUMNS.find((c) => c.id === id)!);
const PERIOD_LABEL: Record<string, string> = { DATA_INFRACAO: 'Período (data da infração)' };

/**
 * The left filter bar shared by the seven views: a draft applied with Filtrar (all filters in the
 * page URL, so a view can be bookmarked), Limpar clears them.
 */
export function FineFilterBar() {
  const filters = useFineFilters();
  const applied: Draft = { ...filters.columns, ...filters.bar };
  // A URL change from elsewhere (back button, a link) starts a fresh draft of what is applied.
  return <FilterForm key={JSON.stringify(applied)} applied={applied} apply={filters.apply} />;
}

function FilterForm({ applied, apply }: { applied: Draft; apply: (values: Draft) => void }) {
  const options = useFineOptions();
  const [draft, setDraft] = useState<Draft>(applied);
  const set = (key: string) => (value: string | null | undefined) =>
    setDraft((d) => ({ ...d, [key]: value || undefined }));

  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-label="Filtros">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <Stack gap="sm">
          <Group gap="xs">
            <IconFilter size={18} aria-hidden />
            <Title order={2} fz="md">
              Filtros
            </Title>
          </Group>
          <Select
            label="Responsável"
            data={RESPONSIBLE_FILTER.map((v) => ({ value: v, label: RESPONSIBLE_LABEL[v] }))}
            value={draft.responsible ?? 'all'}
            onChange={set('responsible')}
            allowDeselect={false}
          />
          <Select
            label="Negócio"
            data={BUSINESS_FILTER.map((v) => ({ value: v, label: BUSINESS_LABEL[v] }))}
            value={draft.business ?? 'all'}
            onChange={set('business')}
            allowDeselect={false}
          />
          {COLUMN_FILTERS.map((c) =>
            c.filter ? (
              <FilterInput
                key={c.id}
                filter={c.filter}
                label={PERIOD_LABEL[c.id] ?? c.header}
                value={draft[c.id] ?? ''}
                // A range with one end picked applies as that one day (cleanFilters).
                onChange={set(c.id)}
              />
            ) : null,
          )}
          <Select
            label="Unidade"
            placeholder="Todas"
            data={options.data?.units ?? []}
            value={draft.UNIDADE ?? null}
            onChange={set('UNIDADE')}
            clearable
            searchable
          />
          <Select
            label="Transportadora"
            placeholder="Todas"
            data={options.data?.carriers ?? []}
            value={draft.TRANSP ?? null}
            onChange={set('TRANSP')}
            clearable
            searchable
          />
          <Group grow>
            <Button
              variant="default"
              onClick={() => {
                setDraft({});
                apply({});
              }}
            >
              Limpar
            </Button>
            <Button type="submit">Filtrar</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
