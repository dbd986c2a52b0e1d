import { Paper, Stack, Title } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { OrgRows, type OrgRowView } from './OrgRows.tsx';

/**
 * One list of the Setores e filiais screen (sectors or branches): its title, its add form, its
 * rows, and the edit dialog of the row being edited, opened by the row's pencil.
 */
export function OrgSection<Row extends { id: number }>({
  title,
  headingId,
  noun,
  add,
  extraHeaders,
  rows,
  view,
  onActive,
  onDelete,
  edit,
}: {
  title: string;
  headingId: string;
  noun: 'setor' | 'filial';
  add: ReactNode;
  extraHeaders: string[];
  rows: Row[];
  view(row: Row): OrgRowView;
  onActive(id: number, active: boolean): void;
  onDelete(id: number): void;
  /** The dialog for the row; `close` ends the editing. */
  edit(row: Row, close: () => void): ReactNode;
}) {
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {add}
        <OrgRows
          noun={noun}
          extraHeaders={extraHeaders}
          rows={rows.map(view)}
          onEdit={(id) => setEditing(rows.find((r) => r.id === id) ?? null)}
          onActive={onActive}
          onDelete={onDelete}
        />
      </Stack>
      {editing ? <Fragment key={editing.id}>{edit(editing, () => setEditing(null))}</Fragment> : null}
    </Paper>
  );
}
