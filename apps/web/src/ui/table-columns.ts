import type { CellContext, ColumnDescription } from '@intranet/contracts';
import type { ReactNode } from 'react';

/** A web table's column: its contracts description, plus a React cell when text is not enough. */
export interface TableColumn<Row> extends ColumnDescription<Row> {
  cell?: (row: Row) => ReactNode;
}

/**
 * A list's descriptions as table columns: the ids given here get their React cell (a badge, a
 * link), every other column shows its description's value as text.
 */
export function withCells<Row>(
  columns: readonly ColumnDescription<Row>[],
  cells: Partial<Record<string, (row: Row) => ReactNode>> = {},
): TableColumn<Row>[] {
  return columns.map((c) => {
    const cell = cells[c.id];
    return cell ? { ...c, cell } : c;
  });
}

/** What a cell shows without a renderer of its own (`cx`: the branches, for their labels). */
export function cellText<Row>(column: ColumnDescription<Row>, row: Row, cx: CellContext): string {
  const value = column.value(row, cx);
  return value === null ? '' : String(value);
}
