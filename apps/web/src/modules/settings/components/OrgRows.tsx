import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One sector or branch as the Setores e filiais screen lists it. */
export interface OrgRowView {
  id: number;
  /** The name people read (a branch's label). */
  name: string;
  active: boolean;
  /** The cells between the name and "Ativo" (a sector's role). */
  extra: ReactNode[];
}

interface OrgRowsProps {
  /** "setor" or "filial": the buttons' and the confirmation's words. */
  noun: 'setor' | 'filial';
  /** Headers of the `extra` cells. */
  extraHeaders: string[];
  rows: OrgRowView[];
  onEdit: (id: number) => void;
  onActive: (id: number, active: boolean) => void;
  onDelete: (id: number) => void;
}

const activeBadge = (active: boolean) => (
  <Badge variant="light" color={active ? 'green' : 'gray'}>
    {active ? 'Sim' : 'Não'}
  </Badge>
);

function RowActions({ row, noun, onEdit, onActive, onDelete }: { row: OrgRowView } & OrgRowsProps) {
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: noun === 'setor' ? 'Excluir setor' : 'Excluir filial',
      children: (
        <Text size="sm">
          Excluir {noun === 'setor' ? 'o setor' : 'a filial'} <b>{row.name}</b>? Só é possível quando nada
          aponta para {noun === 'setor' ? 'ele' : 'ela'}; senão, desative.
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => onDelete(row.id),
    });
  const toggle = row.active ? 'Desativar' : 'Reativar';
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Editar">
        <ActionIcon variant="subtle" aria-label={`Editar ${row.name}`} onClick={() => onEdit(row.id)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={toggle}>
        <ActionIcon
          variant="subtle"
          color={row.active ? 'orange' : 'green'}
          aria-label={`${toggle} ${row.name}`}
          onClick={() => onActive(row.id, !row.active)}
        >
          {row.active ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Excluir">
        <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${row.name}`} onClick={confirmDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The sectors' or branches' rows: a table on a wide screen, one card per row on a phone. */
export function OrgRows(props: OrgRowsProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { rows, extraHeaders } = props;
  if (phone) {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Paper key={row.id} withBorder radius="md" p="sm" data-testid="org-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                {row.extra.map((cell, i) => (
                  <Text key={extraHeaders[i]} size="sm" c="dimmed">
                    {extraHeaders[i]}: {cell}
                  </Text>
                ))}
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    Ativo:
                  </Text>
                  {activeBadge(row.active)}
                </Group>
              </Stack>
              <RowActions row={row} {...props} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nome</Table.Th>
          {extraHeaders.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
          <Table.Th>Ativo</Table.Th>
          <Table.Th aria-label="Ações" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td fw={500}>{row.name}</Table.Td>
            {row.extra.map((cell, i) => (
              <Table.Td key={extraHeaders[i]}>{cell}</Table.Td>
            ))}
            <Table.Td>{activeBadge(row.active)}</Table.Td>
            <Table.Td>
              <RowActions row={row} {...props} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
