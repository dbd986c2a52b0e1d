import { callStatusInfo } from '@intranet/contracts';
import { Badge } from '@mantine/core';

/** The status with its label and colour from the workflow table (spec §4). */
export function CallStatusBadge({ status }: { status: number }) {
  const info = callStatusInfo(status);
  return (
    <Badge
      color={info.color}
      variant="light"
      radius="sm"
      data-status={status}
      // A list's Status column keeps it whole (a badge column, ui/table-widths.ts); elsewhere a cut label reads whole on hover.
      title={info.label}
      maw="100%"
    >
      {info.label}
    </Badge>
  );
}
