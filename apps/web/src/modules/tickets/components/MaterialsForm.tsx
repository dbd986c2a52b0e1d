import { MEASURES, MSG, materialsBody } from '@intranet/contracts';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useInsertMaterials } from '../tickets.api.ts';

interface Row {
  key: number;
  item_name: string;
  measure: string;
  qnt: number | string;
}

const emptyRow = (key: number): Row => ({ key, item_name: '', measure: 'unidades', qnt: 1 });

/** Inserir Materiais (status 20): the list of items, measure and quantity. */
export function MaterialsForm({ callId, onDone }: { callId: number; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>([emptyRow(1)]);
  const [error, setError] = useState<string | null>(null);
  const insert = useInsertMaterials(callId);
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = materialsBody.safeParse({
      // The API takes quantities as JSON numbers; an empty field becomes 0 and is refused.
      items: rows.map(({ item_name, measure, qnt }) => ({ item_name, measure, qnt: Number(qnt) })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.fillAllFields);
      return;
    }
    insert.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Inserir materiais">
      <Stack gap="sm">
        {rows.map((r, i) => (
          <Group key={r.key} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: 2, minWidth: 160 }}
              label={i === 0 ? 'Item' : undefined}
              aria-label={`Item ${i + 1}`}
              value={r.item_name}
              maxLength={120}
              onChange={(e) => update(r.key, { item_name: e.currentTarget.value })}
            />
            <Select
              style={{ flex: 1, minWidth: 120 }}
              label={i === 0 ? 'Medida' : undefined}
              aria-label={`Medida ${i + 1}`}
              data={[...MEASURES]}
              value={r.measure}
              allowDeselect={false}
              onChange={(v) => update(r.key, { measure: v ?? 'unidades' })}
            />
            <NumberInput
              style={{ width: 110 }}
              label={i === 0 ? 'Quantidade' : undefined}
              aria-label={`Quantidade ${i + 1}`}
              min={0}
              decimalSeparator=","
              value={r.qnt}
              onChange={(v) => update(r.key, { qnt: v })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remover item ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((rs) => [...rs, emptyRow(Math.max(...rs.map((x) => x.key)) + 1)])}
          >
            Adicionar item
          </Button>
          <Button type="submit" loading={insert.isPending}>
            Enviar lista
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
