import type { FilterValues } from '@intranet/contracts';
import { Box, Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useOrgLists } from '../api/org.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { ListCount } from './ListCount.tsx';
import { cellText, type TableColumn } from './table-columns.ts';
import { columnIdealPx, columnMinPx, columnScrollingPx, fitColumnWidths } from './table-widths.ts';
import { useElementWidth } from './use-element-width.ts';
import classes from './VirtualTable.module.css';

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
  /** More rows match than `total` (the server counts up to a cap): "mais de 1.000 registros" (ListCount). */
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
  /**
   * A fixed frame height (the fines table's 400 px, spec §9). Without it the frame is as tall as
   * its rows up to 65% of the screen, so a short list shows its last row whole.
   */
  height?: number | string;
  /** The table's minimum width; by default the sum of its columns' minimum widths. */
  minWidth?: number;
  label: string;
  /**
   * The columns (ids) a phone shows; by default those whose description says `phone: true`, or
   * every column when none does (the table then scrolls sideways, its first column fixed).
   */
  phoneColumns?: readonly string[];
  /** Row height in px (44 by default: a tap target; the fines table uses the spec's 35). */
  rowHeight?: number;
  /** Kept for callers written before every table kept its first column in view (it always does now). */
  stickyFirstColumn?: boolean;
  /** Marks the row shown as selected (e.g. the one being edited below the table). */
  selectedKey?: string | number | null;
}

/** Where a phone's layout starts (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 48em)';
const TOUCH_QUERY = '(pointer: coarse)';

const ROW_HEIGHT = 44;

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
  phoneColumns,
  rowHeight = ROW_HEIGHT,
  selectedKey,
}: VirtualTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const touch = useMediaQuery(TOUCH_QUERY, false, { getInitialValueInEffect: false });
  const shown = useMemo(() => {
    if (!phone) return columns;
    const chosen = phoneColumns
      ? columns.filter((c) => phoneColumns.includes(c.id))
      : columns.filter((c) => c.phone);
    return chosen.length > 0 ? chosen : columns;
  }, [phone, phoneColumns, columns]);
  const byId = useMemo(() => new Map(shown.map((c) => [c.id, c])), [shown]);
  const cx = useOrgLists();
  const columnDefs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      shown.map((c) => ({
        id: c.id,
        header: c.header,
        cell: ({ row }) => (c.cell ? c.cell(row.original) : cellText(c, row.original, cx)),
      })),
    [shown, cx],
  );
  // Widths come from the columns and the frame's width only: rows never move them.
  const { ref: measureFrame, width: frameWidth } = useElementWidth<HTMLDivElement>();
  const hasFilters = Boolean(filters);
  const canSort = Boolean(onSortChange);
  const sortedId = sort?.id;
  const widths = useMemo(() => {
    const mins = shown.map((c) =>
      columnMinPx(c, {
        sortable: Boolean(c.sortable) && canSort,
        sorted: c.id === sortedId,
        filter: Boolean(c.filter) && hasFilters,
        touch,
        compact: phone,
      }),
    );
    const ideals = shown.map((c, i) => columnIdealPx(c, mins[i] ?? 0));
    const scrolling = shown.map((c, i) => columnScrollingPx(c, mins[i] ?? 0));
    return fitColumnWidths(mins, ideals, Math.max(frameWidth, minWidth ?? 0), scrolling);
  }, [shown, canSort, sortedId, hasFilters, touch, phone, frameWidth, minWidth]);
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // One stable ref for the frame: the virtualiser scrolls it, and its width sets the columns'.
  const frameRef = useCallback(
    (node: HTMLDivElement | null) => {
      scrollRef.current = node;
      measureFrame(node);
    },
    [measureFrame],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
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
  /** A cell's classes: the first column stays at the left edge, a last badge column at the right. */
  const cellClass = (base: string | undefined, index: number) => {
    if (index === 0) return `${base} ${classes.sticky}`;
    if (!shown[index]?.badge) return base;
    const end = index === shown.length - 1 ? ` ${classes.stickyEnd}` : '';
    return `${base} ${classes.badge}${end}`;
  };

  return (
    <Box>
      <Box
        ref={frameRef}
        className={classes.frame}
        // Short lists take only their rows' height; long ones scroll inside the frame.
        style={height === undefined ? { maxHeight: '65dvh' } : { height }}
        tabIndex={0}
        aria-label={label}
        data-phone={phone || undefined}
      >
        <Table
          striped
          highlightOnHover
          stickyHeader
          horizontalSpacing={phone ? 6 : 'xs'}
          className={classes.table}
          style={{ width: tableWidth || '100%' }}
          aria-rowcount={total}
          data-testid="virtual-table"
        >
          <colgroup>
            {shown.map((c, i) => (
              <col key={c.id} style={widths[i] ? { width: widths[i] } : undefined} />
            ))}
          </colgroup>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header, index) => {
                  const id = header.column.id;
                  const column = byId.get(id);
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  const active = sort?.id === id;
                  return (
                    <Table.Th key={header.id} className={cellClass(classes.th, index)}>
                      <Box className={classes.headerInner}>
                        {column?.sortable && onSortChange ? (
                          <UnstyledButton
                            onClick={() =>
                              onSortChange({ id, dir: active && sort?.dir === 'desc' ? 'asc' : 'desc' })
                            }
                            className={classes.sortButton}
                            aria-label={`Ordenar por ${column.header}`}
                          >
                            {title}
                            {active ? (
                              sort?.dir === 'asc' ? (
                                <IconArrowUp size={14} aria-hidden style={{ flexShrink: 0 }} />
                              ) : (
                                <IconArrowDown size={14} aria-hidden style={{ flexShrink: 0 }} />
                              )
                            ) : touch ? null : (
                              <IconArrowsSort size={14} aria-hidden opacity={0.4} style={{ flexShrink: 0 }} />
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
                <td style={{ height: padTop, padding: 0 }} colSpan={shown.length} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              return (
                <Table.Tr
                  key={rowKey(row.original)}
                  data-index={item.index}
                  style={{ height: rowHeight, cursor: onRowClick ? 'pointer' : undefined }}
                  aria-selected={selectedKey === undefined ? undefined : selectedKey === rowKey(row.original)}
                  bg={selectedKey === rowKey(row.original) ? 'var(--mantine-primary-color-light)' : undefined}
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
                  {row.getVisibleCells().map((cell, index) => {
                    const column = byId.get(cell.column.id);
                    // A cut text shows whole on hover.
                    const text = column && !column.cell ? cellText(column, row.original, cx) : undefined;
                    return (
                      <Table.Td
                        key={cell.id}
                        className={cellClass(classes.td, index)}
                        title={text || undefined}
                        style={rowHeight < ROW_HEIGHT ? { paddingBlock: 4 } : undefined}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden>
                <td style={{ height: padBottom, padding: 0 }} colSpan={shown.length} />
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
            <Loader size="sm" role="status" aria-label="Carregando" />
          </Center>
        ) : null}
      </Box>
      <ListCount total={total} capped={totalCapped} loaded={rows.length} more={more} />
    </Box>
  );
}
