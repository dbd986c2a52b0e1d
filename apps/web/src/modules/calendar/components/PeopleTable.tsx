import type { PersonRow } from '@intranet/contracts';
import { Loader, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { usePeople } from '../calendar.api.ts';

interface PeopleTableProps {
  kind: 'invite' | 'vacation';
  /** The header and cell of the last column (Convidar, or the pick button). */
  actionHeader: string;
  action: (person: PersonRow) => ReactNode;
}

/** People searched on the server by name or matrícula: Nome, Matrícula and one action each. */
export function PeopleTable({ kind, actionHeader, action }: PeopleTableProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const people = usePeople(kind, debounced);
  const rows = people.data ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="Procurar"
        placeholder="Nome ou matrícula"
        leftSection={<IconSearch size={16} />}
        rightSection={people.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Matrícula</Table.Th>
              <Table.Th ta="center">{actionHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.name}</Table.Td>
                <Table.Td>{p.matricula}</Table.Td>
                <Table.Td ta="center">{action(p)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!people.isPending && rows.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="sm">
            Ninguém encontrado.
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Stack>
  );
}
