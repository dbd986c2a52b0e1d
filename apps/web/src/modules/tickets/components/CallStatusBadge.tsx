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
      // In a narrow table cell the label is cut with "…" and reads whole on hover.
      title={info.label}
      maw="100%"
    >
      {info.label}
    </Badge>
  );
}
