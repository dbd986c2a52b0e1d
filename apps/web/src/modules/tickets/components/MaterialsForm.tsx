import {
  INSERT_MATERIALS,
  type MaterialsBody,
  MEASURES,
  materialsBody,
  TICKET_MATERIAL_NAME_MAX,
} from '@intranet/contracts';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useInsertMaterials } from '../tickets.api.ts';

type Item = MaterialsBody['items'][number];

/** A new row; its key (dropped by the schema) keeps React's rows apart when one is removed. */
const newItem = (): Item & { key: string } => ({
  key: randomId(),
  item_name: '',
  measure: 'unidades',
  qnt: 1,
});
const rowKey = (item: Item): string => ('key' in item ? String(item.key) : item.item_name);

/** Inserir Materiais: the list of items, measure and quantity (the transition `INSERT_MATERIALS`). */
export function MaterialsForm({ callId, onDone }: { callId: number; onDone: () => void }) {
  const form = useContractForm(materialsBody, { initialValues: { items: [newItem()] } });
  const insert = useInsertMaterials(callId);
  const { items } = form.values;

  return (
    <form
      onSubmit={form.onSubmit((body) => insert.mutate(body, { onSuccess: onDone }))}
      noValidate
      aria-label={INSERT_MATERIALS.label}
    >
      <Stack gap="sm">
        {items.map((item, i) => (
          <Group key={rowKey(item)} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: 2, minWidth: 160 }}
              label={i === 0 ? 'Item' : undefined}
              aria-label={`Item ${i + 1}`}
              maxLength={TICKET_MATERIAL_NAME_MAX}
              {...form.getInputProps(`items.${i}.item_name`)}
            />
            <Select
              style={{ flex: 1, minWidth: 120 }}
              label={i === 0 ? 'Medida' : undefined}
              aria-label={`Medida ${i + 1}`}
              data={[...MEASURES]}
              allowDeselect={false}
              {...form.getInputProps(`items.${i}.measure`)}
            />
            <NumberInput
              style={{ width: 110 }}
              label={i === 0 ? 'Quantidade' : undefined}
              aria-label={`Quantidade ${i + 1}`}
              min={0}
              decimalSeparator=","
              {...form.getInputProps(`items.${i}.qnt`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={i === 0 ? 25 : 0}
              aria-label={`Remover item ${i + 1}`}
              disabled={items.length === 1}
              onClick={() => form.removeListItem('items', i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {form.errors.items ? (
          <Text c="red" size="sm" role="alert">
            {form.errors.items}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('items', newItem())}
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
