import { type ColumnFilterSpec, cleanFilterValue } from '@intranet/contracts';
import { ActionIcon, Button, Group, Popover, Stack } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './ColumnFilter.module.css';
import { FilterInput } from './FilterInput.tsx';

interface ColumnFilterProps {
  label: string;
  filter: ColumnFilterSpec;
  /** The applied value (FilterValues text). */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
}

/** A column's filter in its header: Ok applies, Fechar closes, Limpar removes it (spec §2). */
export function ColumnFilter({ label, filter, value, onApply }: ColumnFilterProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState('');
  const active = Boolean(value);

  const apply = (next: string | undefined) => {
    onApply(next);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={active ? 'filled' : 'subtle'}
          color={active ? 'brand' : 'gray'}
          size="sm"
          className={classes.trigger}
          aria-label={`Filtrar ${label}`}
          onClick={(e) => {
            e.stopPropagation();
            // Each opening starts from what is applied (it may have changed elsewhere, e.g. Limpar filtros).
            if (!opened) setDraft(value ?? '');
            setOpened(!opened);
          }}
        >
          {active ? <IconFilterFilled size={14} /> : <IconFilter size={14} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply(cleanFilterValue(filter, draft));
          }}
        >
          <Stack gap="xs" w={240} maw="calc(100vw - 32px)">
            <FilterInput
              filter={filter}
              label={label}
              value={draft}
              onChange={setDraft}
              inPopover
              autoFocus
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="subtle" color="gray" onClick={() => apply(undefined)}>
                Limpar
              </Button>
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Fechar
              </Button>
              <Button size="xs" type="submit">
                Ok
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
