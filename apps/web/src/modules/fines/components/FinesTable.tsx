import { FINE_COLUMNS, type FineFiltersInput, type FineRow } from '@intranet/contracts';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { useFineTable } from '../fines.api.ts';
import { FineEditor } from './FineEditor.tsx';

/** Spec §9: rows of 35 px in a 400 px frame. */
const ROW_HEIGHT = 35;
const TABLE_HEIGHT = 400;

/**
 * The 43-column data table (FINE_COLUMNS): virtualised rows, sticky header and first column,
 * sideways scroll, sort per column. With `editable`, a click opens the row's editor below it.
 */
export function FinesTable({ filters, editable }: { filters: FineFiltersInput; editable?: boolean }) {
  const table = useFineTable(filters);
  const [editing, setEditing] = useState<FineRow | null>(null);
  // The editor shows the row as the table has it now (after a save the table reloads it).
  const current = editing ? (table.rows.find((r) => r.id === editing.id) ?? editing) : null;

  return (
    <Stack gap="md">
      {table.query.isError ? (
        <Alert color="red">{errorMessage(table.query.error, 'Não foi possível carregar as multas.')}</Alert>
      ) : null}
      <VirtualTable
        {...table.tableProps}
        label="Multas"
        columns={FINE_COLUMNS}
        rowKey={(r) => r.id}
        rowHeight={ROW_HEIGHT}
        height={TABLE_HEIGHT}
        stickyFirstColumn
        selectedKey={editable ? (editing?.id ?? null) : undefined}
        onRowClick={editable ? setEditing : undefined}
        emptyText="Nenhuma multa encontrada."
      />
      {editable && current ? (
        <FineEditor key={current.id} fine={current} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
