import type { ColumnDescription, FilterValues } from '@intranet/contracts';
import { Badge, Button, Collapse, Group, Paper, Stack, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FilterInput } from './FilterInput.tsx';

interface ColumnFilterBarProps {
  /** The filterable columns, in the bar's order (their ids are the URL's filter keys). */
  // biome-ignore lint/suspicious/noExplicitAny: any row type; the bar reads ids, headers and filters
  columns: readonly ColumnDescription<any>[];
  /** A label other than the column header (e.g. "Período" for a date column). */
  labels?: Readonly<Record<string, string>>;
  /** What the list shows now (useServerTable's `filters`). */
  applied: FilterValues;
  /** Filtrar: the draft becomes the list's filters (useServerTable's `setFilters`). */
  onApply: (values: FilterValues) => void;
  /**
   * Limpar, when the page keeps more than the column filters (search, switches): it clears them
   * all in one URL change (instead of `onApply({})`).
   */
  onClear?: () => void;
  /** Controls that act at once (a search box, a switch), above the column filters. */
  children?: ReactNode;
}

/**
 * A list's side filter bar: the column filters of its description as a draft, applied together
 * with Filtrar (so a period picked one end at a time does not reload the list twice), Limpar
 * clears them. The applied values live in the page URL (useServerTable). Above the list (phones)
 * it starts folded: a tap on Filtros opens it.
 */
export function ColumnFilterBar(props: ColumnFilterBarProps) {
  // A URL change from elsewhere (back button, a header filter, a link) starts a fresh draft.
  return <FilterDraft key={JSON.stringify(props.applied)} {...props} />;
}

function FilterDraft({ columns, labels, applied, onApply, onClear, children }: ColumnFilterBarProps) {
  const [draft, setDraft] = useState<Record<string, string>>({ ...applied });
  // Where the bar sits above the list (phones, narrow windows) it starts folded under its title.
  const stacked = useMediaQuery('(max-width: 62em)') ?? false;
  const [open, setOpen] = useState(false);
  const active = Object.keys(applied).length;
  const title = (
    <Group gap="xs">
      <IconFilter size={18} aria-hidden />
      <Title order={2} fz="md">
        Filtros
      </Title>
      {active > 0 ? (
        <Badge size="sm" circle aria-label={`${active} filtro(s) aplicado(s)`}>
          {active}
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-label="Filtros">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        {stacked ? (
          <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
            <Group justify="space-between">
              {title}
              <IconChevronDown
                size={18}
                aria-hidden
                style={{ transform: open ? 'rotate(180deg)' : undefined }}
              />
            </Group>
          </UnstyledButton>
        ) : (
          title
        )}
        <Collapse in={!stacked || open}>
          <Stack gap="sm" mt="sm">
            {children}
            {columns.map((c) =>
              c.filter ? (
                <FilterInput
                  key={c.id}
                  filter={c.filter}
                  label={labels?.[c.id] ?? c.header}
                  value={draft[c.id] ?? ''}
                  onChange={(value) => setDraft((d) => ({ ...d, [c.id]: value }))}
                />
              ) : null,
            )}
            <Group grow>
              <Button
                variant="default"
                onClick={() => {
                  setDraft({});
                  if (onClear) onClear();
                  else onApply({});
                }}
              >
                Limpar
              </Button>
              <Button type="submit">Filtrar</Button>
            </Group>
          </Stack>
        </Collapse>
      </form>
    </Paper>
  );
}
