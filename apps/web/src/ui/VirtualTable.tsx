import type { FilterValues } from '@intranet/contracts';
import { Box, Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { ColumnFilter } from './ColumnFilter.tsx';
import { cellText, type TableColumn } from './table-columns.ts';

export interface VirtualTableSort {
  id: string;
  dir: 'asc' | 'desc';
}

export interface VirtualTableFilters {
  values: FilterValues;
  onApply: (columnId: string, value: string | undefined) => void;
}

interface VirtualTableProps<T> {
  rows: T[];
  /** The list's column descriptions (contracts) with React cells where needed (table-columns.ts). */
  columns: readonly TableColumn<T>[];
  /** Rows the server has for the filters (the table shows how many of them are loaded). */
  total: number;
  /** More rows match than `total` (the server counts up to a cap): "mais de 10.000 registros". */
  totalCapped?: boolean;
  /** Whether more rows follow; by default while fewer than `total` are loaded. */
  hasMore?: boolean;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** Asks for the next page when the user scrolls near the end. */
  onEndReached?: () => void;
  loading?: boolean;
  emptyText?: string;
  /** Server-side sort: sortable columns get a button in their header. */
  sort?: VirtualTableSort;
  onSortChange?: (sort: VirtualTableSort) => void;
  /** Per-column filters in the headers, for the columns whose description has one. */
  filters?: VirtualTableFilters;
  height?: number | string;
  /** The table's minimum width; by default the sum of its columns' widths. */
  minWidth?: number;
  label: string;
}

const ROW_HEIGHT = 44;
/** Pixels per character of a column description's width. */
const CHAR_PX = 7;

/**
 * A table for big server-paged lists: only the rows on screen are in the DOM (TanStack Virtual),
 * the next page is fetched as the end comes into view, and sorting is asked of the server.
 */
export function VirtualTable<T>({
  rows,
  columns,
  total,
  totalCapped = false,
  hasMore,
  rowKey,
  onRowClick,
  onEndReached,
  loading,
  emptyText = 'Nenhum registro encontrado.',
  sort,
  onSortChange,
  filters,
  height,
  minWidth,
  label,
}: VirtualTableProps<T>) {
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const columnDefs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        cell: ({ row }) => (c.cell ? c.cell(row.original) : cellText(c, row.original)),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
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

  const more = hasMore ?? rows.length < total;
  useEffect(() => {
    if (lastIndex >= rows.length - 20 && more) onEndReached?.();
  }, [lastIndex, rows.length, more, onEndReached]);

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
          miw={minWidth ?? columns.reduce((sum, c) => sum + c.width * CHAR_PX, 0)}
          aria-rowcount={total}
          data-testid="virtual-table"
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const column = byId.get(id);
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  const active = sort?.id === id;
                  return (
                    <Table.Th
                      key={header.id}
                      style={{ whiteSpace: 'nowrap', minWidth: (column?.width ?? 0) * CHAR_PX }}
                    >
                      <Box style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        {column?.sortable && onSortChange ? (
                          <UnstyledButton
                            onClick={() =>
                              onSortChange({ id, dir: active && sort?.dir === 'desc' ? 'asc' : 'desc' })
                            }
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                            aria-label={`Ordenar por ${column.header}`}
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
                        {column?.filter && filters ? (
                          <ColumnFilter
                            label={column.header}
                            filter={column.filter}
                            value={filters.values[id]}
                            onApply={(value) => filters.onApply(id, value)}
                          />
                        ) : null}
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
        {totalCapped
          ? `mais de ${total.toLocaleString('pt-BR')} registros`
          : total === 1
            ? '1 registro'
            : `${total.toLocaleString('pt-BR')} registros`}
        {more || rows.length < total ? ` (${rows.length.toLocaleString('pt-BR')} carregados)` : ''}
      </Text>
    </Box>
  );
}
