import { LIMITS } from '@intranet/contracts';
import { ActionIcon, Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';

type Kind =
  | { type: 'text' }
  | { type: 'select'; options: { value: string; label: string }[] }
  | { type: 'dateRange' };

interface ColumnFilterProps {
  label: string;
  kind: Kind;
  /** The applied value: text, option value, or "from|to" for a date range. */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
}

/** A column's filter of Chamados Abertos: Ok applies, Fechar closes, Limpar removes it (spec §2). */
export function ColumnFilter({ label, kind, value, onApply }: ColumnFilterProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const active = Boolean(value);

  const ok = () => {
    if (kind.type === 'dateRange') {
      const [from, to] = range;
      onApply(
        from ? `${dayjs(from).format('YYYY-MM-DD')}|${dayjs(to ?? from).format('YYYY-MM-DD')}` : undefined,
      );
    } else {
      onApply(draft.trim() || undefined);
    }
    setOpened(false);
  };
  const clear = () => {
    setDraft('');
    setRange([null, null]);
    onApply(undefined);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={active ? 'filled' : 'subtle'}
          color={active ? 'brand' : 'gray'}
          size="sm"
          aria-label={`Filtrar ${label}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpened((o) => !o);
          }}
        >
          {active ? <IconFilterFilled size={14} /> : <IconFilter size={14} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            ok();
          }}
        >
          <Stack gap="xs" w={240}>
            {kind.type === 'text' ? (
              <TextInput
                label={label}
                maxLength={LIMITS.filterInputMax}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                data-autofocus
              />
            ) : kind.type === 'select' ? (
              <Select
                label={label}
                data={kind.options}
                value={draft || null}
                onChange={(v) => setDraft(v ?? '')}
                comboboxProps={{ withinPortal: false }}
              />
            ) : (
              <DatePickerInput
                type="range"
                label={label}
                valueFormat="DD/MM/YYYY"
                allowSingleDateInRange
                value={range}
                onChange={(v) => setRange(v as [string | null, string | null])}
                popoverProps={{ withinPortal: false }}
              />
            )}
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="subtle" color="gray" onClick={clear}>
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
