import { Box, Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';

export interface VirtualTableSort {
  id: string;
  dir: 'asc' | 'desc';
}

interface VirtualTableProps<T> {
  rows: T[];
  columns: ColumnDef<T, unknown>[];
  /** Rows the server has for the filters (the table shows how many of them are loaded). */
  total: number;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** Asks for the next page when the user scrolls near the end. */
  onEndReached?: () => void;
  loading?: boolean;
  emptyText?: string;
  /** Server-side sort: the column ids in `sortable` get a button in their header. */
  sort?: VirtualTableSort;
  sortable?: string[];
  onSortChange?: (sort: VirtualTableSort) => void;
  /** Extra content in a header cell, after its title (e.g. a column filter). */
  headerExtra?: (columnId: string) => ReactNode;
  height?: number | string;
  minWidth?: number;
  label: string;
}

const ROW_HEIGHT = 44;

/**
 * A table for big server-paged lists: only the rows on screen are in the DOM (TanStack Virtual),
 * the next page is fetched as the end comes into view, and sorting is asked of the server.
 */
export function VirtualTable<T>({
  rows,
  columns,
  total,
  rowKey,
  onRowClick,
  onEndReached,
  loading,
  emptyText = 'Nenhum registro encontrado.',
  sort,
  sortable = [],
  onSortChange,
  headerExtra,
  height,
  minWidth = 760,
  label,
}: VirtualTableProps<T>) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= rows.length - 20 && rows.length < total) onEndReached?.();
  }, [lastIndex, rows.length, total, onEndReached]);

  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const tableRows = table.getRowModel().rows;

  return (
    <Box>
      <Box
        ref={scrollRef}
        style={{
          // Short lists take only their rows' height; long ones scroll inside the frame.
          height: height ?? `min(65dvh, ${Math.max(220, (rows.length + 1) * ROW_HEIGHT + 16)}px)`,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
        }}
        tabIndex={0}
        aria-label={label}
      >
        <Table
          striped
          highlightOnHover
          stickyHeader
          miw={minWidth}
          aria-rowcount={total}
          data-testid="virtual-table"
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  const active = sort?.id === id;
                  return (
                    <Table.Th key={header.id} style={{ whiteSpace: 'nowrap' }}>
                      <Box style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        {sortable.includes(id) && onSortChange ? (
                          <UnstyledButton
                            onClick={() =>
                              onSortChange({ id, dir: active && sort?.dir === 'desc' ? 'asc' : 'desc' })
                            }
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                            aria-label={`Ordenar por ${String(header.column.columnDef.header)}`}
                          >
                            {title}
                            {active ? (
                              sort?.dir === 'asc' ? (
                                <IconArrowUp size={14} aria-hidden />
                              ) : (
                                <IconArrowDown size={14} aria-hidden />
                              )
                            ) : (
                              <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                            )}
                          </UnstyledButton>
                        ) : (
                          title
                        )}
                        {headerExtra?.(id)}
                      </Box>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {padTop > 0 ? (
              <tr aria-hidden>
                <td style={{ height: padTop, padding: 0 }} colSpan={columns.length} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              return (
                <Table.Tr
                  key={rowKey(row.original)}
                  data-index={item.index}
                  style={{ height: ROW_HEIGHT, cursor: onRowClick ? 'pointer' : undefined }}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (e) => {
                          if (e.key === 'Enter') onRowClick(row.original);
                        }
                      : undefined
                  }
                  tabIndex={onRowClick ? 0 : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id} style={{ whiteSpace: 'nowrap' }}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden>
                <td style={{ height: padBottom, padding: 0 }} colSpan={columns.length} />
              </tr>
            ) : null}
          </Table.Tbody>
        </Table>
        {!loading && rows.length === 0 ? (
          <Center p="xl">
            <Text c="dimmed">{emptyText}</Text>
          </Center>
        ) : null}
        {loading ? (
          <Center p="md">
            <Loader size="sm" aria-label="Carregando" />
          </Center>
        ) : null}
      </Box>
      <Text size="sm" c="dimmed" mt={6} aria-live="polite">
        {total === 1 ? '1 registro' : `${total.toLocaleString('pt-BR')} registros`}
        {rows.length < total ? ` (${rows.length.toLocaleString('pt-BR')} carregados)` : ''}
      </Text>
    </Box>
  );
}
