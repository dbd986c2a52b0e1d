import { Button, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { usePickerUsers } from '../purchases.api.ts';

/** The buyer / picker picker: users of Compras (spec §6), searchable by name or matrícula. */
export function UserPickerModal({
  opened,
  title,
  onClose,
  onPick,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onPick: (userId: number) => void;
  /** Shown above the search (Registrar Retirada: the pickup's evidence). */
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const users = usePickerUsers(debounced, opened);
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <TextInput
          label="Matrícula ou nome"
          maxLength={15}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Matrícula</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(users.data ?? []).map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.nome}</Table.Td>
                <Table.Td>{u.matricula}</Table.Td>
                <Table.Td>
                  <Button size="xs" onClick={() => onPick(u.id)}>
                    Escolher
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Dialog>
  );
}
