import { LIMITS, PURCHASE_MSG } from '@intranet/contracts';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { usePickerUsers, usePickupCandidates } from '../purchases.api.ts';

/**
 * The buyer / picker picker, searchable by name or matrícula: the buyer among the users of Compras
 * (spec §6); "Quem retirou" also offers the requester, first (purchases.policy.ts
 * #mayBeRecordedAsPicker).
 */
export function UserPickerModal({
  opened,
  title,
  pickupOf,
  onClose,
  onPick,
  children,
}: {
  opened: boolean;
  title: string;
  /** The request whose pickup is recorded: lists its requester first. */
  pickupOf?: number;
  onClose: () => void;
  onPick: (userId: number) => void;
  /** Shown above the search (Registrar Retirada: the pickup's evidence). */
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const buyers = usePickerUsers(debounced, opened && pickupOf === undefined);
  const pickers = usePickupCandidates(pickupOf ?? 0, debounced, opened && pickupOf !== undefined);
  const users = pickupOf === undefined ? buyers : pickers;
  const rows: { id: number; nome: string; matricula: string; requester?: boolean }[] = users.data ?? [];
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <TextInput
          label="Matrícula ou nome"
          maxLength={LIMITS.filterInputMax}
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
            {rows.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="wrap">
                    <span>{u.nome}</span>
                    {u.requester ? (
                      <Badge size="sm" variant="light" style={{ textTransform: 'none' }}>
                        Solicitante
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
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
        {users.isSuccess && rows.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {PURCHASE_MSG.pickerEmpty}
          </Text>
        ) : null}
        {users.isError ? (
          <Text size="sm" c="red" role="alert">
            {PURCHASE_MSG.pickerLoadError}
          </Text>
        ) : null}
      </Stack>
    </Dialog>
  );
}
