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
      // Never cut the label in a narrow table cell.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {info.label}
    </Badge>
  );
}
