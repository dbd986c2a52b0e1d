import {
  BUSINESS_FILTER,
  BUSINESS_LABEL,
  FINE_COLUMNS,
  RESPONSIBLE_FILTER,
  RESPONSIBLE_LABEL,
} from '@intranet/contracts';
import { Badge, Button, Drawer, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
 * page URL, so a view can be bookmarked), Limpar clears them. Where the page has no room for a side
 * bar (phones, narrow windows: the page's grid stacks below 62em) its twelve fields would sit open
 * above the view, so that a tap on a view changed nothing in sight: there the bar is a Filtros
 * button (with how many filters apply) opening it in a drawer, which Filtrar and Limpar close.
 */
export function FineFilterBar() {
  const filters = useFineFilters();
  const applied: Draft = { ...filters.columns, ...filters.bar };
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  // A URL change from elsewhere (back button, a link) starts a fresh draft of what is applied.
  const form = (
    <FilterForm
      key={JSON.stringify(applied)}
      applied={applied}
      apply={(values) => {
        filters.apply(values);
        setOpened(false);
      }}
      titled={!narrow}
    />
  );
  if (!narrow) return form;
  const active = Object.values(applied).filter((v) => v !== undefined && v !== '' && v !== 'all').length;
  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFilter size={18} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-label={`${active} filtro(s) aplicado(s)`}>
              {active}
            </Badge>
          ) : null
        }
        onClick={() => setOpened(true)}
      >
        Filtros
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="Filtros" position="right" size="100%">
        {form}
      </Drawer>
    </>
  );
}

function FilterForm({
  applied,
  apply,
  titled,
}: {
  applied: Draft;
  apply: (values: Draft) => void;
  /** With its own title and frame (the side bar); a drawer has both. */
  titled: boolean;
}) {
  const options = useFineOptions();
  const [draft, setDraft] = useState<Draft>(applied);
  const set = (key: string) => (value: string | null | undefined) =>
    setDraft((d) => ({ ...d, [key]: value || undefined }));

  return (
    <Paper withBorder={titled} p={titled ? 'md' : 0} radius="md" component="aside" aria-label="Filtros">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <Stack gap="sm">
          {titled ? (
            <Group gap="xs">
              <IconFilter size={18} aria-hidden />
              <Title order={2} fz="md">
                Filtros
              </Title>
            </Group>
          ) : null}
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
